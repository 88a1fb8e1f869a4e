// The parsed form of a list `filter` expression (Filter and pagination rules, rule 1).

import type { FilterOperator } from '../list-endpoints.js';

export interface Comparison {
  readonly kind: 'cmp';
  readonly field: string;
  readonly op: FilterOperator;
  readonly value: string;
  /** Whether the text wrote the value in double quotes; it does not change the meaning. */
  readonly quoted: boolean;
}

export interface Junction {
  readonly kind: 'and' | 'or';
  readonly terms: readonly FilterExpr[];
}

export type FilterExpr = Comparison | Junction;

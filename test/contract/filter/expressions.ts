// Filter expressions for the tests of the filter modules: parsed from text, written by hand,
// and normalised to what a round trip through formatFilter and parseFilter gives back.

import type { FilterExpr } from '../../../lib/contract/filter/ast.js';
import { parseFilter } from '../../../lib/contract/filter/parse.js';
import type { FilterOperator } from '../../../lib/contract/list-endpoints.js';

export function parsed(text: string): FilterExpr {
  const result = parseFilter(text);
  if (!result.ok) throw new Error(`${text}: ${result.message} at ${result.position}`);
  return result.expr;
}

export const cmp = (field: string, op: FilterOperator, value: string, quoted = false): FilterExpr => ({
  kind: 'cmp',
  field,
  op,
  value,
  quoted,
});

/** What parse(format(e)) can give back: no `quoted`, no one-term junctions, same-kind junctions flattened. */
export function normalize(e: FilterExpr): FilterExpr {
  if (e.kind === 'cmp') return { ...e, quoted: false };
  const terms = e.terms.map(normalize).flatMap((t) => (t.kind === e.kind ? t.terms : [t]));
  return terms.length === 1 ? terms[0]! : { kind: e.kind, terms };
}

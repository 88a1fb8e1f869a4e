// The three list endpoints, with their page_size bounds, filter and order_by fields.
// Pagination, order and filter checks are generated from this table.

import type { EndpointPath } from './endpoints.js';

/** How a field's values compare; decides the oracle's interpretations. */
export type FieldKind =
  | 'string' // free text: equality exact, ordering code point or case-insensitive
  | 'id' // identifiers: equality exact, ordering code point or case-insensitive
  | 'enum' // status-like: equality exact, ordering by any consistent total order
  | 'timestamp' // ISO 8601: compared as instants
  | 'number'
  | 'tags'; // string array: `tag = x` holds when x is an element

export interface ListField {
  readonly kind: FieldKind;
  /** Where the value lives in a returned item; null when the resource does not expose it. */
  readonly path: string | null;
}

export interface ListEndpoint {
  readonly id: 'personas' | 'runs' | 'metrics';
  readonly path: EndpointPath<'GET'>;
  readonly itemsKey: string;
  readonly idField: string;
  readonly pageSize: { readonly default: number; readonly min: number; readonly max: number };
  readonly filterFields: Readonly<Record<string, ListField>>;
  readonly orderFields: Readonly<Record<string, ListField>>;
  /** The documented default order, or null where the spec is silent. */
  readonly defaultOrder: string | null;
  /** Whether `field desc` (trailing word) is documented besides the dash prefix. */
  readonly descSuffix: boolean;
  readonly quote: string;
}

const f = (kind: FieldKind, path: string | null): ListField => ({ kind, path });

export const LIST_ENDPOINTS: readonly ListEndpoint[] = [
  {
    id: 'personas',
    path: '/v1/personas',
    itemsKey: 'personas',
    idField: 'id',
    pageSize: { default: 50, min: 1, max: 100 },
    filterFields: {
      name: f('string', 'name'),
      create_time: f('timestamp', 'create_time'),
      update_time: f('timestamp', 'update_time'),
    },
    orderFields: {
      create_time: f('timestamp', 'create_time'),
      update_time: f('timestamp', 'update_time'),
      name: f('string', 'name'),
    },
    defaultOrder: null,
    descSuffix: true,
    quote: 'query: page_size (int, default 50, 1 to 100), page_token, filter, order_by',
  },
  {
    id: 'runs',
    path: '/v1/runs',
    itemsKey: 'runs',
    idField: 'run_id',
    pageSize: { default: 50, min: 1, max: 1000 },
    filterFields: {
      status: f('enum', 'status'),
      agent_id: f('id', 'agent_id'),
      persona_id: f('id', 'persona_id'),
      test_set_id: f('id', 'test_set_id'),
      create_time: f('timestamp', 'create_time'),
      update_time: f('timestamp', 'update_time'),
      // Not a field of Run as the spec lists it: accepted, but results cannot be judged.
      created_by: f('string', null),
      tag: f('tags', 'tags'),
    },
    orderFields: {
      create_time: f('timestamp', 'create_time'),
      update_time: f('timestamp', 'update_time'),
      status: f('enum', 'status'),
      agent_id: f('id', 'agent_id'),
      persona_id: f('id', 'persona_id'),
      test_set_id: f('id', 'test_set_id'),
    },
    defaultOrder: '-create_time',
    descSuffix: false,
    quote: 'query: filter, page_size (int, default 50, 1 to 1000), page_token, order_by (default `-create_time`)',
  },
  {
    id: 'metrics',
    path: '/v1/simulations/{simulation_id}/metrics',
    itemsKey: 'metrics',
    idField: 'metric_output_id',
    pageSize: { default: 50, min: 1, max: 1000 },
    // metric_name, create_time, start_time and end_time are filter/order fields that the
    // MetricOutput table does not list; they are judged only where items carry them.
    filterFields: {
      status: f('enum', 'status'),
      metric_id: f('id', 'metric_id'),
      metric_name: f('string', 'metric_name'),
      value: f('number', 'value'),
      create_time: f('timestamp', 'create_time'),
      start_time: f('timestamp', 'start_time'),
      end_time: f('timestamp', 'end_time'),
    },
    orderFields: {
      metric_name: f('string', 'metric_name'),
      create_time: f('timestamp', 'create_time'),
      value: f('number', 'value'),
      start_time: f('timestamp', 'start_time'),
      end_time: f('timestamp', 'end_time'),
    },
    defaultOrder: 'metric_name',
    descSuffix: false,
    quote: 'query: filter, page_size (default 50, 1 to 1000), page_token, order_by (default `metric_name`)',
  },
];

export function listEndpoint(id: ListEndpoint['id']): ListEndpoint {
  const found = LIST_ENDPOINTS.find((e) => e.id === id);
  if (!found) throw new Error(`unknown list endpoint ${id}`);
  return found;
}

export const FILTER_OPERATORS = ['=', '!=', '>', '<', '>=', '<='] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

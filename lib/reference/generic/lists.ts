// The lists the reference serves for the generic layer: agents and test cases, paged as
// the specification's lists are (page_size 1 to 100, default 50, opaque tokens), oldest first.
// They take no filter; order_by reads create_time only (published for test cases alone).

import type { ServedList } from '../listing/tables.js';

const oldestFirst = (id: string, path: string, itemsKey: string): ServedList => ({
  id,
  path,
  itemsKey,
  idField: 'id',
  pageSize: { default: 50, min: 1, max: 100 },
  filterFields: {},
  orderFields: { create_time: { kind: 'timestamp', path: 'create_time' } },
  defaultOrder: 'create_time',
  descSuffix: false,
});

export const GENERIC_LISTS = {
  agents: oldestFirst('agents', '/v1/agents', 'agents'),
  'test-cases': oldestFirst('test-cases', '/v1/test-cases', 'test_cases'),
} as const satisfies Readonly<Record<string, ServedList>>;

export type GenericListId = keyof typeof GENERIC_LISTS;

export const isGenericList = (list: ServedList): boolean => Object.hasOwn(GENERIC_LISTS, list.id);

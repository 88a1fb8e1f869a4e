// The lists the reference serves beyond the contract's three: agents and test cases, paged as
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

export const BEYOND_LISTS = {
  agents: oldestFirst('agents', '/v1/agents', 'agents'),
  'test-cases': oldestFirst('test-cases', '/v1/test-cases', 'test_cases'),
} as const satisfies Readonly<Record<string, ServedList>>;

export type BeyondListId = keyof typeof BEYOND_LISTS;

export const isBeyondList = (list: ServedList): boolean => Object.hasOwn(BEYOND_LISTS, list.id);

// The row of the contract's list table each list route serves.

import { LIST_ENDPOINTS, type ListEndpoint } from '../../contract/list-endpoints.js';

export function listTable(id: ListEndpoint['id']): ListEndpoint {
  for (const row of LIST_ENDPOINTS) if (row.id === id) return row;
  throw new Error(`no list endpoint ${id}`);
}

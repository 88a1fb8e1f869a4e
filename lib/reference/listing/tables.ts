// The lists the reference serves: the rows of the contract's list table, and the lists of the
// generic layer's operations (lib/reference/generic), which the listing code reads alike.

import { LIST_ENDPOINTS, type ListEndpoint } from '../../contract/list-endpoints.js';

/** What the listing code reads of a list: a row of the contract's table, or a list of the generic layer. */
export type ServedList = Omit<ListEndpoint, 'id' | 'path' | 'quote'> & { readonly id: string; readonly path: string };

export function listTable(id: ListEndpoint['id']): ListEndpoint {
  for (const row of LIST_ENDPOINTS) if (row.id === id) return row;
  // Stryker disable next-line StringLiteral: the reference's own start-up error, no answer to a client.
  throw new Error(`no list endpoint ${id}`);
}

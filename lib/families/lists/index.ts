// The list semantics of one list endpoint (Filter and pagination rules, Limits), declared
// from its row of LIST_ENDPOINTS: each suite of a listed group calls this in its describeGroup.

import { declareFilterChecks } from './filters.js';
import { declareOrderChecks } from './order.js';
import { declarePaginationChecks } from './pagination.js';
import { declareParentChecks } from './parents.js';
import { declareStandsAloneCheck } from './stands-alone.js';
import type { ListId } from './collection.js';

export { changeFilteredMismatch } from './changed.js';
export type { Mismatch } from './collection.js';

export function declareListChecks(id: ListId): void {
  declarePaginationChecks(id);
  declareOrderChecks(id);
  declareFilterChecks(id);
  declareParentChecks(id);
  declareStandsAloneCheck(id);
}

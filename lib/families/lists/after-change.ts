// A state change (a run cancelled or deleted, a persona deleted) and every list that can show what it changed, or
// items naming it: one table of list rules (AFTER_CHANGE_RULES) applied after each change a suite declares, one check
// per change and rule. A new state is one declaration; a new rule is one row. Other clients change a live
// deployment's lists between reads (an insert during a walk by offsets repeats an item): a rule fails only when a
// second reading breaks it too.

import { listEndpoint, type ListEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import type { DeletableFixture } from '../../config.js';
import { check, type Call, type CheckContext } from '../../harness/index.js';
import { checkSorted, type Direction } from '../../assert/ordering.js';
import { repeated } from '../../assert/filter-judge.js';
import { isSuccess } from '../../assert/responses.js';
import { violation } from '../../assert/violation.js';
import { checkIdOf } from '../../result/check-id.js';
import { deletesFixture } from '../deletion.js';
import { callHolding, collectionOf, walk, type Mismatch } from './collection.js';
import { namingFilteredMismatch } from './changed.js';

type ListId = ListEndpoint['id'];

/** A change a suite makes once per target (its DELETE, shared by every check that judges it). */
export interface StateChange {
  /** The change's segment of the check ids: `run-cancelled`. */
  readonly key: string;
  /** Reads after "after": "a run is cancelled by its DELETE (CANCELLABLE_RUN_ID)". */
  readonly title: string;
  /** The setting naming the fixture it changes. */
  readonly setting: DeletableFixture;
  /** The rule of the change itself, which each of its checks names beside the list rule. */
  readonly requirements: readonly RequirementId[];
  /** The lists that show the changed resource or items naming it. */
  readonly lists: readonly ListId[];
  /** Filter fields of a list whose values name the changed resource (the runs' persona_id, for a persona). */
  readonly namedBy?: readonly { readonly list: ListId; readonly field: string }[];
  /** Makes the change (once per target), with the id of the resource it changed. */
  readonly perform: (t: CheckContext) => Promise<{ readonly call: Call; readonly id: string }>;
}

interface AfterChangeRule {
  /** The rule's segment of the check ids. */
  readonly id: string;
  readonly requirements: readonly RequirementId[];
  /** Reads after the change's title: "every walk of <lists> holds each item once". */
  title(change: StateChange): string;
  /** Whether the rule has something to judge after this change. */
  applies(change: StateChange): boolean;
  /** The first problem a reading shows after the change, or undefined. */
  mismatch(t: CheckContext, change: StateChange, id: string): Promise<Mismatch | undefined>;
}

/** The whole list at its largest page size, in the order `order_by` asks (none: the default). */
async function walkedAtMax(t: CheckContext, id: ListId, requirements: readonly RequirementId[], orderBy?: string) {
  const collection = await collectionOf(t, id);
  const query = { page_size: collection.list.pageSize.max, ...(orderBy === undefined ? {} : { order_by: orderBy }) };
  return walk(t, collection, query, requirements);
}

const paths = (lists: readonly ListId[]): string => lists.map((id) => listEndpoint(id).path).join(' and ');

const dashed = (name: string, direction: Direction): string => (direction === 'asc' ? name : `-${name}`);

const AFTER_CHANGE_RULES: readonly AfterChangeRule[] = [
  {
    id: 'listed-once',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    title: (change) => `a walk of ${paths(change.lists)} holds each item once (by its id)`,
    applies: () => true,
    async mismatch(t, change) {
      for (const id of change.lists) {
        const list = listEndpoint(id);
        const walked = await walkedAtMax(t, id, [...this.requirements, ...change.requirements]);
        const message = repeated(walked.items, list.idField, list.path);
        if (message) return { message, call: walked.pages.at(-1)?.call };
      }
      return undefined;
    },
  },
  {
    id: 'ordered',
    requirements: ['LIST-ORDER-BY'],
    title: (change) =>
      `every order_by field of ${paths(change.lists)}, both ways, orders the walk as its items now read`,
    applies: () => true,
    async mismatch(t, change) {
      for (const id of change.lists) {
        const list = listEndpoint(id);
        for (const [name, field] of Object.entries(list.orderFields))
          for (const direction of ['asc', 'desc'] as const) {
            const orderBy = dashed(name, direction);
            const walked = await walkedAtMax(t, id, [...this.requirements, ...change.requirements], orderBy);
            const sorted = checkSorted(walked.items, field, direction);
            if (!sorted.ok)
              return {
                message: `${list.path} order_by=${orderBy}: ${sorted.message}`,
                call: callHolding(walked, sorted.index + 1),
              };
          }
      }
      return undefined;
    },
  },
  {
    id: 'filtered-by-its-id',
    requirements: ['LIST-FILTER-FIELDS'],
    title: (change) =>
      `a filter naming the changed resource (${(change.namedBy ?? []).map((n) => `${n.field} of ${listEndpoint(n.list).path}`).join(', ')}) is accepted and lists exactly the items that still name it`,
    applies: (change) => (change.namedBy ?? []).length > 0,
    async mismatch(t, change, changedId) {
      for (const { list, field } of change.namedBy ?? []) {
        const requirements = [...this.requirements, ...change.requirements];
        const found = await namingFilteredMismatch(t, list, field, changedId, requirements, () =>
          walkedAtMax(t, list, requirements),
        );
        if (found) return found;
      }
      return undefined;
    },
  },
];

/** The checks of every list rule after `change`; declared in the suite that makes it, beside its other checks. */
export function declareAfterChangeChecks(change: StateChange): void {
  for (const rule of AFTER_CHANGE_RULES.filter((r) => r.applies(change)))
    check(
      checkIdOf('after', change.key, rule.id),
      [...rule.requirements, ...change.requirements],
      `after ${change.title}, ${rule.title(change)}`,
      async (t) => {
        const { call, id } = await change.perform(t);
        if (!isSuccess(call)) t.skip(`the change did not succeed (judged by the check of the deletion)`);
        if (!(await rule.mismatch(t, change, id))) return;
        const again = await rule.mismatch(t, change, id);
        if (again) violation([...rule.requirements, ...change.requirements], again.message, again.call);
      },
      deletesFixture(change.setting),
    );
}

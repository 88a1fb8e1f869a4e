// A state change (a run cancelled or deleted, a persona or a scheduled run deleted) and every list that can show what
// it changed, or items naming it: one table of rules (AFTER_CHANGE_RULES) applied after each change a suite declares,
// one check per change and rule. The list rules (each item once, the order, a filter naming it, every item as the
// canonical schema types it, the changed resource no longer listed as it was under any order_by or selecting
// filter), and the reads around them: the fixtures read by GET still served or refused with a 4xx, and the metric
// outputs of a changed run's simulations fetched as listed. A new state is one declaration; a new rule is one row.
// Other clients change a live deployment's lists between reads (an insert during a walk by offsets repeats an item):
// a rule fails only when a second reading breaks it too.

import { listEndpoint, type ListEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import type { DeletableFixture } from '../../config.js';
import { check, type Call, type CheckContext } from '../../harness/index.js';
import { checkSorted, type Direction } from '../../assert/ordering.js';
import { repeated } from '../../assert/filter-judge.js';
import { isSuccess } from '../../assert/responses.js';
import { violation } from '../../assert/violation.js';
import { checkIdOf } from '../../result/check-id.js';
import { deletesFixture, expectNotServed, settled } from '../deletion.js';
import { covering, judgeOutputAsListed } from '../same-resource.js';
import { personas } from '../../harness/discovery.js';
import { callHolding, collectionOf, filterCollectionOf, filterText, walk, type Mismatch } from './collection.js';
import { requestPage } from '../../harness/list-walk.js';
import { comparison, exposedFields, literalsOf } from '../../gen/filters.js';
import { isJsonObject, type JsonObject } from '../../util/json.js';
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
  /** The lists that show the changed resource or items naming it (none: a resource no list shows). */
  readonly lists: readonly ListId[];
  /**
   * The list that showed the changed resource, where no order_by and no filter may show it as it was listed before the
   * change (`unchanged`: whether a listing of it is still that one; a deleted persona: any listing).
   */
  readonly removes?: {
    readonly list: ListId;
    readonly unchanged: (before: JsonObject, listed: JsonObject) => boolean;
    /** Reads after the list's path: "leaves it out". */
    readonly how: string;
  };
  /** Whether the changed resource names simulations (a run): their metric outputs are read after it. */
  readonly namesSimulations?: boolean;
  /**
   * The writes that name the changed resource, or what it named (a run's test set and simulations): each refused
   * with a 4xx or accepted after the change, never a server error (a lookup or foreign key that meets the deletion).
   */
  readonly namedByWrites?: readonly NamingWrite[];
  /** Filter fields of a list whose values name the changed resource (the runs' persona_id, for a persona). */
  readonly namedBy?: readonly { readonly list: ListId; readonly field: string }[];
  /**
   * Makes the change (once per target), with the id of the resource it changed and, for a run, the simulations it
   * names (results.output_ids, as listed before the change).
   */
  readonly perform: (t: CheckContext) => Promise<{
    readonly call: Call;
    readonly id: string;
    readonly simulations?: readonly string[];
    /** The changed resource as read before the change (its filter values): for `removes`. */
    readonly before?: JsonObject;
  }>;
}

/** What the change left, as its writes name it. */
export interface Changed {
  readonly id: string;
  readonly simulations: readonly string[];
  readonly before: JsonObject | undefined;
}

/** A write (or a chain of them: an agent, then its mutation) naming what a change deleted, or what it named. */
export interface NamingWrite {
  /** Reads in a list: "a test case in the run's test_set_id". */
  readonly what: string;
  readonly requirements: readonly RequirementId[];
  /** Sends it, judging every answer with `judge`; nothing to name (no test set read before): nothing sent. */
  send(t: CheckContext, changed: Changed, judge: (call: Call, what: string) => boolean): Promise<void>;
}

interface AfterChangeRule {
  /** The rule's segment of the check ids. */
  readonly id: string;
  readonly requirements: readonly RequirementId[];
  /** Requirements that depend on the change (the rules of the writes it is named by). */
  requirementsOf?(change: StateChange): readonly RequirementId[];
  /** Reads after the change's title: "every walk of <lists> holds each item once". */
  title(change: StateChange): string;
  /** Whether the rule has something to judge after this change. */
  applies(change: StateChange): boolean;
  /** The first problem a reading shows after the change, or undefined. */
  mismatch(
    t: CheckContext,
    change: StateChange,
    id: string,
    simulations: readonly string[],
    before: JsonObject | undefined,
  ): Promise<Mismatch | undefined>;
}

/** The whole list at its largest page size, in the order `order_by` asks (none: the default). */
async function walkedAtMax(t: CheckContext, id: ListId, requirements: readonly RequirementId[], orderBy?: string) {
  const collection = await collectionOf(t, id);
  const query = { page_size: collection.list.pageSize.max, ...(orderBy === undefined ? {} : { order_by: orderBy }) };
  return walk(t, collection, query, requirements);
}

const paths = (lists: readonly ListId[]): string => lists.map((id) => listEndpoint(id).path).join(' and ');

const dashed = (name: string, direction: Direction): string => (direction === 'asc' ? name : `-${name}`);

/** Every order_by text of a field both ways, in each spelling the list's grammar gives (`name`, `-name`, `name desc`). */
const spellings = (list: ListEndpoint, name: string): string[] => [
  name,
  `-${name}`,
  ...(list.descSuffix ? [`${name} desc`] : []),
];

/**
 * Where the list still shows the changed resource `id` as it was (`removes.unchanged` of `before`, as read before the
 * change): under each order_by spelling, walked at the largest page size, and filtered to select it by each of its
 * own filter fields (one page at the largest size). An order or filter the list refuses is the list checks' concern
 * and shows nothing here.
 */
async function shownAfterChange(
  t: CheckContext,
  removes: NonNullable<StateChange['removes']>,
  id: string,
  before: JsonObject,
  requirements: readonly RequirementId[],
): Promise<Mismatch | undefined> {
  const collection = await filterCollectionOf(t, removes.list);
  const { list } = collection;
  const shown = (items: readonly JsonObject[]) =>
    items.find((item) => item[list.idField] === id && removes.unchanged(before, item));
  const max = list.pageSize.max;
  for (const name of Object.keys(list.orderFields))
    for (const orderBy of spellings(list, name)) {
      const first = await requestPage(t, collection, { order_by: orderBy, page_size: max });
      if (!isSuccess(first)) continue;
      const walked = await walk(t, collection, { order_by: orderBy, page_size: max }, requirements, first);
      const item = shown(walked.items);
      if (item)
        return {
          message: `${list.path} order_by=${orderBy} still lists ${list.idField} ${id} as before the change${describe(item, before)}`,
          call: callHolding(walked, walked.items.indexOf(item)),
        };
    }
  for (const exposed of exposedFields(list))
    for (const { text } of literalsOf(before, exposed)) {
      const filter = filterText(collection, comparison(exposed.name, '=', text));
      const call = await requestPage(t, collection, { filter, page_size: max });
      const items = isSuccess(call) ? (call.response.json as JsonObject)[list.itemsKey] : undefined;
      const item = Array.isArray(items) ? shown(items.filter(isJsonObject)) : undefined;
      if (item)
        return {
          message: `${list.path} filtered by ${filter} still lists ${list.idField} ${id} as before the change${describe(item, before)}`,
          call,
        };
    }
  return undefined;
}

/** What a listing of a changed resource shows of the fields that tell whether it changed (a run's status). */
const describe = (item: JsonObject, before: JsonObject): string =>
  'status' in before ? ` (status ${JSON.stringify(item['status'])}, as listed before)` : '';

/** The mismatch, read again a few times a second apart: a server may apply a change just after answering it (a 202). */
async function settledMismatch(probe: () => Promise<Mismatch | undefined>): Promise<Mismatch | undefined> {
  let found: Mismatch | undefined;
  await settled(async () => {
    found = await probe();
    return found?.message;
  });
  return found;
}

const AFTER_CHANGE_RULES: readonly AfterChangeRule[] = [
  {
    id: 'listed-once',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    title: (change) => `a walk of ${paths(change.lists)} holds each item once (by its id)`,
    applies: (change) => change.lists.length > 0,
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
    applies: (change) => change.lists.length > 0,
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
    id: 'gone-in-every-order-and-filter',
    requirements: [],
    title: (change) =>
      `${change.removes ? `${listEndpoint(change.removes.list).path} ${change.removes.how}` : ''} under every order_by field, ascending and descending in every spelling the grammar gives, and under a filter selecting it by each of its filter fields`,
    applies: (change) => change.removes !== undefined,
    async mismatch(t, change, id, _simulations, before) {
      const removes = change.removes;
      if (!removes || !before) return undefined;
      return settledMismatch(() => shownAfterChange(t, removes, id, before, change.requirements));
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
  {
    id: 'items-canonical',
    requirements: ['SCHEMA-CANONICAL'],
    title: (change) =>
      `every item of ${paths(change.lists)} reads as the canonical schema types it (a field naming what changed, persona_id of a run of a deleted persona, still a string)`,
    applies: (change) => change.lists.length > 0,
    async mismatch(t, change) {
      // Every page of a judged walk is read against the canonical schema: a field the change left null fails it.
      for (const id of change.lists) await walkedAtMax(t, id, [...this.requirements, ...change.requirements]);
      return undefined;
    },
  },
  {
    id: 'fixtures-served',
    requirements: ['SCHEDULED-RUN-GET', 'PERSONA-GET'],
    title: () =>
      'the fixtures the suite reads by GET (SCHEDULED_RUN_ID, DELETABLE_SCHEDULED_RUN_ID, DELETABLE_PERSONA_ID and a listed persona) are served, or refused with a 4xx (a cascade the specification does not rule out), never a 5xx',
    applies: () => true,
    async mismatch(t, change) {
      const persona = (await personas(t)).map((p) => p['id']).find((p) => p !== t.config.deletablePersonaId);
      const reads = [
        ...[t.config.scheduledRunId, ...(t.config.deletableScheduledRunIds ?? [])].map((id) => ({
          endpoint: 'GET /v1/scheduled-runs/{scheduled_run_id}' as const,
          params: { scheduled_run_id: id },
          requirement: 'SCHEDULED-RUN-GET' as const,
        })),
        ...[t.config.deletablePersonaId, typeof persona === 'string' ? persona : undefined].map((id) => ({
          endpoint: 'GET /v1/personas/{persona_id}' as const,
          params: { persona_id: id },
          requirement: 'PERSONA-GET' as const,
        })),
      ];
      for (const { endpoint, params, requirement } of reads) {
        const [id] = Object.values(params);
        if (id === undefined) continue;
        const call = await t.call(endpoint, { params: { ...params } as Record<string, string> });
        const what = `${endpoint} of ${id} after ${change.title}`;
        if (isSuccess(call)) t.expectResource(call, [requirement, ...change.requirements], what);
        else expectNotServed(t, call, [requirement, ...change.requirements], what);
      }
      return undefined;
    },
  },
  {
    id: 'writes-naming-it',
    requirements: [],
    requirementsOf: (change) => [...new Set((change.namedByWrites ?? []).flatMap((w) => w.requirements))],
    title: (change) =>
      `a write naming what was deleted or what it named (${(change.namedByWrites ?? []).map((w) => w.what).join('; ')}) is refused with a 4xx or accepted; never a server error`,
    applies: (change) => (change.namedByWrites ?? []).length > 0,
    async mismatch(t, change, id, simulations, before) {
      for (const write of change.namedByWrites ?? []) {
        const requirements = [...write.requirements, ...change.requirements];
        const judge = (call: Call, what: string): boolean => {
          const how = `${what} after ${change.title}`;
          t.assert(
            call.response.status < 500,
            requirements,
            `${how} answered ${call.response.status}, a server error: a write naming what was deleted is refused with a 4xx or accepted`,
            call,
          );
          if (isSuccess(call)) {
            t.expectSuccess(call, requirements, how);
            return true;
          }
          t.expectRejection(call, requirements, {}, how);
          return false;
        };
        await write.send(t, { id, simulations, before }, judge);
      }
      return undefined;
    },
  },
  {
    id: 'outputs-as-listed',
    requirements: ['METRIC-GET'],
    title: () =>
      "each metric output listed for the changed run's simulations is fetched by its GET as listed (metrics.get-as-listed's judgement)",
    applies: (change) => change.namesSimulations === true,
    async mismatch(t, change, _id, simulations) {
      const requirements = [...this.requirements, ...change.requirements];
      for (const simulation_id of simulations) {
        const collection = { list: listEndpoint('metrics'), params: { simulation_id } };
        const walked = await walk(t, collection, { page_size: collection.list.pageSize.max }, requirements);
        for (const output of covering(walked.items)) {
          const call = await t.call('GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', {
            params: { simulation_id, metric_output_id: String(output['metric_output_id']) },
          });
          // Not served while listed: read again (a change may reach the list and the read apart).
          if (!isSuccess(call))
            return {
              message: `metric output ${String(output['metric_output_id'])} of simulation ${simulation_id} is listed, yet its GET answered ${call.response.status}`,
              call,
            };
          judgeOutputAsListed(t, requirements, output, call);
        }
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
      [...new Set([...rule.requirements, ...(rule.requirementsOf?.(change) ?? []), ...change.requirements])],
      `after ${change.title}, ${rule.title(change)}`,
      async (t) => {
        const { call, id, simulations = [], before } = await change.perform(t);
        if (!isSuccess(call)) t.skip(`the change did not succeed (judged by the check of the deletion)`);
        if (!(await rule.mismatch(t, change, id, simulations, before))) return;
        const again = await rule.mismatch(t, change, id, simulations, before);
        if (again) violation([...rule.requirements, ...change.requirements], again.message, again.call);
      },
      deletesFixture(change.setting),
    );
}

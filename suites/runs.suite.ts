// Runs: every listed run keeps the run field rules (name, progress counters, result
// metrics, timestamps), and DELETE (of DELETABLE_RUN_ID and CANCELLABLE_RUN_ID only; of another
// run's ID altered, which names nothing) answers an empty object and deletes or cancels the run,
// a finished one and one in progress, changing nothing else of it nor of the other runs; a run still listed after
// it is filtered by what it changed. Where CANCELLABLE_RUN_ID names two runs, both are cancelled at the same moment,
// and each cancellation must hold.

import type { RequirementId } from '../lib/contract/requirements/index.js';
import {
  declareEmptyBodyCheck,
  deleteOnce,
  deletesFixture,
  expectEmptyObjectAnswer,
  expectOthersKept,
  expectSiblingsKept,
  expectStaysGone,
  listedWhenFiltered,
  settled,
  listedSiblingChanges,
  type Deletion,
} from '../lib/families/deletion.js';
import { declareDynamicIdChecks } from '../lib/families/dynamic-ids.js';
import { declareKeyOnDeletedCheck } from '../lib/families/key-states.js';
import { changeFilteredMismatch, declareListChecks, type Mismatch } from '../lib/families/lists/index.js';
import { declareAfterChangeChecks } from '../lib/families/lists/after-change.js';
import { RUN_NAMING_WRITES } from '../lib/families/naming-writes.js';
import { atOnceRetried } from '../lib/families/at-once.js';
import {
  declareItemRules,
  declarePagesAsRead,
  everyListed,
  listedNow,
  type ItemRule,
} from '../lib/families/listed-items.js';
import { declareExtremeIdChecks, expectMissingNotFound } from '../lib/families/path-ids.js';
import {
  expectIdsHeld,
  expectNameMatchesId,
  expectServerTime,
  expectTimestampOrder,
  SKEWED_CLOCKS,
} from '../lib/families/resource-fields.js';
import { alnum } from '../lib/gen/ids.js';
import { sampledMetricOutputs } from '../lib/harness/discovery.js';
import { unserved } from '../lib/families/published/probes.js';
import { listEndpoint } from '../lib/contract/list-endpoints.js';
import { edgeClassIds } from '../lib/gen/id-edges.js';
import { compareInstants } from '../lib/contract/timestamps.js';
import { check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import { type JsonObject, isJsonObject } from '../lib/util/json.js';
import { isErrorBody, isSuccess } from '../lib/assert/responses.js';
import { checkIdOf } from '../lib/result/check-id.js';
import { DEFINITIONS } from '../lib/contract/schemas.js';

const DELETE = 'DELETE /v1/runs/{run_id}' satisfies EndpointKey;
/** The one finished status the spec shows. */
const FINISHED = 'COMPLETED';
/** The state the specification gives a field of its own: "error: error text of a failed run". */
const FAILED = 'FAILED';
const COUNTERS = ['completed_test_cases', 'failed_test_cases', 'in_progress_test_cases'] as const;

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** What is wrong with a run's progress counters, if anything; an absent counter has nothing to judge. */
function progressProblem(progress: unknown): string | undefined {
  if (!isJsonObject(progress)) return undefined;
  const present = (['total_test_cases', ...COUNTERS] as const).filter((name) => progress[name] !== undefined);
  const bad = present.find((name) => !isCount(progress[name]));
  if (bad) return `${bad} is ${JSON.stringify(progress[bad])}, not a non-negative integer`;
  const total = progress['total_test_cases'];
  if (total === undefined) return undefined;
  const above = COUNTERS.find((name) => ((progress[name] as number | undefined) ?? 0) > (total as number));
  return above === undefined
    ? undefined
    : `${above} ${String(progress[above])} exceeds total_test_cases ${String(total)}`;
}

/**
 * How far past min or max (relative to them) a mean may lie by rounding: a double's sum of thousands of scores
 * errs by less; a mean kept in single precision (errs by about 1e-8) does not pass.
 */
const ROUNDING = 1e-12;

/** What is wrong with a run's result metrics, if anything: each must have min ≤ mean ≤ max, up to rounding. */
function metricsProblem(results: unknown): string | undefined {
  const metrics = isJsonObject(results) ? results['metrics'] : undefined;
  if (!isJsonObject(metrics)) return undefined;
  for (const [name, summary] of Object.entries(metrics)) {
    const { min, mean, max } = (isJsonObject(summary) ? summary : {}) as {
      min?: unknown;
      mean?: unknown;
      max?: unknown;
    };
    if (typeof min !== 'number' || typeof mean !== 'number' || typeof max !== 'number')
      return `metric ${JSON.stringify(name)} is ${JSON.stringify(summary)}, not numbers {mean, min, max}`;
    // Three scores of 0.1 average to 0.10000000000000002 in floating point.
    const slack = ROUNDING * Math.max(Math.abs(min), Math.abs(max));
    if (!(min - slack <= mean && mean <= max + slack))
      return `metric ${JSON.stringify(name)} has min ${min}, mean ${mean}, max ${max}: not min ≤ mean ≤ max`;
  }
  return undefined;
}

/**
 * What the metric outputs of the sampled simulations show of their metrics: every metric_name, and each identifier
 * (metric_id, metric_output_id) with the metric_name shown beside it, where that name is another text.
 */
interface MetricNaming {
  readonly names: ReadonlySet<string>;
  readonly identifiers: ReadonlyMap<string, { readonly field: string; readonly name: string }>;
}

/** Read once per target, from the metrics lists other checks read too (no request of its own once they have). */
function metricNaming(t: CheckContext): Promise<MetricNaming> {
  return t.memo('metric names of the sampled simulations', async (ctx) => {
    const names = new Set<string>();
    const identifiers = new Map<string, { field: string; name: string }>();
    for (const output of await sampledMetricOutputs(ctx)) {
      const name = output['metric_name'];
      if (typeof name !== 'string') continue;
      names.add(name);
      for (const field of ['metric_id', 'metric_output_id'] as const) {
        const id = output[field];
        if (typeof id === 'string' && id !== name) identifiers.set(id, { field, name });
      }
    }
    return { names, identifiers };
  });
}

/**
 * A run's results.metrics maps metric names: a key that is the metric_id (or a metric_output_id) of a metric output,
 * whose metric_name is other text, and no metric's name, keys the map by identifier. Judged only where the outputs
 * show metric_name (the Metric output table does not list it; its filter and order do), so a name is never guessed.
 */
async function expectMetricsKeyedByName(
  t: CheckContext,
  run: JsonObject,
  call: Parameters<CheckContext['assert']>[3],
): Promise<void> {
  const results = run['results'];
  const metrics = isJsonObject(results) ? results['metrics'] : undefined;
  if (!isJsonObject(metrics) || !Object.keys(metrics).length) return;
  const { names, identifiers } = await metricNaming(t);
  for (const key of Object.keys(metrics)) {
    const named = names.has(key) ? undefined : identifiers.get(key);
    t.assert(
      named === undefined,
      ['RUN-METRICS-CONSISTENT'],
      `run ${String(run['run_id'])}: results.metrics is keyed by ${JSON.stringify(key)}, the ${named?.field ?? ''} of a metric output whose metric_name is ${JSON.stringify(named?.name ?? '')}, not by the metric's name`,
      call,
    );
  }
}

/**
 * The target's own GET of one run, when it publishes one beyond the specification's endpoints (a path parameter
 * below the list's path, the run under a key) and serves it: the specification shows no read of one run.
 */
const publishedRunRead = (t: CheckContext) =>
  t.memo('published run read', async (owner) => {
    const operation = owner.target.genericOperations.find(
      (op) =>
        op.method === 'GET' &&
        op.wrapper !== undefined &&
        op.pathParams.length === 1 &&
        op.path === `${listEndpoint('runs').path}/{${op.pathParams[0]?.name}}`,
    );
    return operation && !(await unserved(owner, operation)) ? operation : undefined;
  });

/** How many listed runs with result metrics are read through the published GET of one run. */
const PUBLISHED_READS = 3;

const hasMetrics = (run: JsonObject): boolean => {
  const results = run['results'];
  const metrics = isJsonObject(results) ? results['metrics'] : undefined;
  return isJsonObject(metrics) && Object.keys(metrics).length > 0;
};

const judged =
  (
    requirement: 'RUN-PROGRESS-CONSISTENT' | 'RUN-METRICS-CONSISTENT',
    field: string,
    problemOf: (value: unknown) => string | undefined,
  ): ItemRule['expect'] =>
  (t, run, call) => {
    const problem = problemOf(run[field]);
    t.assert(problem === undefined, [requirement], `run ${String(run['run_id'])}: ${problem ?? ''}`, call);
  };

const RUN_RULES: readonly ItemRule[] = [
  {
    id: 'name',
    requirements: ['RUN-FIELDS', 'NAME-MATCHES-ID'],
    title: 'has name `runs/<run_id>`',
    expect: (t, run, call) => expectNameMatchesId(t, run, 'runs', call, run['run_id']),
  },
  {
    id: 'progress-counters',
    requirements: ['RUN-PROGRESS-CONSISTENT'],
    title: 'has progress counters that are non-negative integers, none above total_test_cases',
    expect: judged('RUN-PROGRESS-CONSISTENT', 'progress', progressProblem),
  },
  {
    id: 'result-metrics',
    requirements: ['RUN-METRICS-CONSISTENT'],
    title: 'has result metrics with min ≤ mean ≤ max',
    expect: judged('RUN-METRICS-CONSISTENT', 'results', metricsProblem),
  },
  {
    id: 'result-metrics-keyed-by-name',
    requirements: ['RUN-METRICS-CONSISTENT'],
    title: 'has results.metrics keyed by metric name (the metric_name its outputs show), never by metric_id',
    expect: expectMetricsKeyedByName,
  },
  {
    // The run's status word for failure is not shown; FAILED names it by any reading.
    id: 'failed-error',
    requirements: ['RUN-FIELDS', 'SCHEMA-CANONICAL'],
    title: 'in status FAILED carries its error text (error, a string)',
    expect: (t, run, call) => {
      if (run['status'] !== FAILED) return;
      t.assert(
        typeof run['error'] === 'string',
        ['RUN-FIELDS', 'SCHEMA-CANONICAL'],
        `run ${String(run['run_id'])} is ${FAILED} with error ${JSON.stringify(run['error'])}, not the error text of a failed run`,
        call,
      );
    },
  },
  {
    id: 'timestamp-order',
    requirements: ['TIMESTAMP-ORDER'],
    title: 'has update_time no earlier than create_time',
    expect: (t, run, call) => expectTimestampOrder(t, run, call),
  },
  {
    id: 'ids-held',
    requirements: ['ID-FIELDS-HOLD-IDS'],
    title:
      'holds IDs in run_id, agent_id, persona_id, test_set_id and results.output_ids, never a resource name `<collection>/<id>`',
    expect: (t, run, call) => expectIdsHeld(t, 'Run', run, call),
  },
];

/** A DELETE of a run with the runs list read just before and just after it: what the other runs judge by. */
type RunDeletion = Deletion<{
  before: JsonObject;
  listedBefore: readonly JsonObject[];
  listedAfter: readonly JsonObject[];
  /**
   * The second run of CANCELLABLE_RUN_ID, cancelled at the same moment as the first (its DELETE and the run as listed
   * before it); or why it was not.
   */
  alongside?: { readonly call: Call; readonly before: JsonObject } | { readonly skip: string };
}>;

/** DELETE of `run_id` (listed as `before` in `listedBefore`), the list read again at once after it. */
async function deleteListed(
  t: CheckContext,
  run_id: string,
  before: JsonObject,
  listedBefore: readonly JsonObject[],
): Promise<RunDeletion> {
  // Sent with a client's clock far ahead, which a correct server ignores (SERVER-SET-TIMES, judged where update_time is).
  const call = await t.call(DELETE, { params: { run_id }, headers: SKEWED_CLOCKS.future });
  return { call, before, listedBefore, listedAfter: await listedNow(t, 'runs') };
}

/** Deletes DELETABLE_RUN_ID once, remembering the run and the list as listed before. */
function deleteRun(t: CheckContext) {
  return deleteOnce(t, 'run', async (ctx): Promise<RunDeletion> => {
    const run_id = ctx.config.deletableRunId as string;
    const listed = await listedNow(ctx, 'runs');
    const before = listed.find((run) => run['run_id'] === run_id);
    if (!before) return { skip: `DELETABLE_RUN_ID ${run_id} is not among the listed runs` };
    return deleteListed(ctx, run_id, before, listed);
  });
}

/**
 * Deletes the first run of CANCELLABLE_RUN_ID once, if a fresh reading of the list shows it still in progress; where
 * the setting names a second run listed in progress too, both DELETEs are sent at the same moment (each in flight
 * before either is answered), so that each cancellation is seen to hold beside the other.
 */
function cancelRun(t: CheckContext) {
  return deleteOnce(t, 'run in progress', async (ctx): Promise<RunDeletion> => {
    const [run_id, second] = ctx.config.cancellableRunIds as readonly [string, ...string[]];
    const listed = await listedNow(ctx, 'runs');
    const before = listed.find((run) => run['run_id'] === run_id);
    if (!before) return { skip: `CANCELLABLE_RUN_ID ${run_id} is not among the listed runs` };
    if (before['status'] === FINISHED)
      return {
        skip: `CANCELLABLE_RUN_ID ${run_id} is listed as ${FINISHED}: finished, not in progress (set it to a run still pending or running)`,
      };
    const secondBefore = listed.find((run) => run['run_id'] === second);
    const alone =
      second === undefined
        ? `CANCELLABLE_RUN_ID names one run: name a second run in progress after a comma (CANCELLABLE_RUN_ID=${run_id},<id>) to cancel two at once`
        : !secondBefore
          ? `the second run of CANCELLABLE_RUN_ID, ${second}, is not among the listed runs`
          : secondBefore['status'] === FINISHED
            ? `the second run of CANCELLABLE_RUN_ID, ${second}, is listed as ${FINISHED}: finished, not in progress`
            : undefined;
    if (alone !== undefined || !secondBefore)
      return { ...(await deleteListed(ctx, run_id, before, listed)), alongside: { skip: alone ?? '' } };
    // Sent with a client's clock far ahead, which a correct server ignores (SERVER-SET-TIMES, judged where update_time is).
    const [call, other] = await atOnceRetried(
      [run_id, second as string].map(
        (id) => () => ctx.call(DELETE, { params: { run_id: id }, headers: SKEWED_CLOCKS.future }),
      ),
    );
    return {
      call: call as Call,
      before,
      listedBefore: listed,
      listedAfter: await listedNow(ctx, 'runs'),
      alongside: { call: other as Call, before: secondBefore },
    };
  });
}

/** The runs a deletion named: DELETABLE_RUN_ID's, CANCELLABLE_RUN_ID's first, and its second where it was cancelled alongside. */
const namedRuns = (t: CheckContext, deletion: Pick<Exclude<RunDeletion, { skip: string }>, 'alongside'>): unknown[] => [
  t.config.deletableRunId,
  t.config.cancellableRunIds?.[0],
  ...(deletion.alongside && 'call' in deletion.alongside ? [deletion.alongside.before['run_id']] : []),
];

/**
 * What the DELETE of `before` changed of the other runs. A run listed finished (COMPLETED) reads the same, every
 * field; one still going may move on its own (MAY_CHANGE), but not into the new status the DELETE gave the run it
 * named (its cancelled status, say), unless that is the finished one. The two fixtures the suite deletes are left out.
 */
async function otherRunsChanged(
  t: CheckContext,
  deletion: Omit<Exclude<RunDeletion, { skip: string }>, 'call'>,
): Promise<string[]> {
  const { before, listedBefore, listedAfter } = deletion;
  const fixtures = namedRuns(t, deletion);
  const others = listedBefore.filter((run) => !fixtures.includes(run['run_id']));
  const given = listedAfter.find((run) => run['run_id'] === before['run_id'])?.['status'];
  const newStatus = given !== before['status'] && given !== FINISHED ? given : undefined;
  const changed = await listedSiblingChanges(
    others,
    listedAfter,
    'run_id',
    () => listedNow(t, 'runs'),
    (run) => (run['status'] === FINISHED ? [] : MAY_CHANGE),
  );
  const taken = others.flatMap((run) => {
    const now = listedAfter.find((listed) => listed['run_id'] === run['run_id']);
    return newStatus !== undefined && now?.['status'] === newStatus && run['status'] !== newStatus
      ? [
          `run_id ${JSON.stringify(run['run_id'])}: status ${JSON.stringify(run['status'])} became ${JSON.stringify(newStatus)}, the status the DELETE gave the run it named`,
        ]
      : [];
  });
  return [...changed, ...taken];
}

/** After a DELETE of `before` answered success, the run is gone from the list or listed with another status. */
async function expectGoneOrChanged(
  t: CheckContext,
  call: Call,
  before: JsonObject,
  what: string,
  requirements: readonly RequirementId[],
): Promise<void> {
  const problem = await settled(async () => {
    const after = (await listedNow(t, 'runs')).find((run) => run['run_id'] === before['run_id']);
    return after && after['status'] === before['status']
      ? `${what} ${String(before['run_id'])} was answered ${call.response.status} but is still listed with status ${JSON.stringify(before['status'])}: neither deleted nor cancelled`
      : undefined;
  });
  t.assert(problem === undefined, requirements, problem ?? '', call);
}

/**
 * What a deletion or cancel may change of a run still listed: its status and update_time, and what the run's
 * execution writes (counters, results, error), which a run in progress moves on its own. Nothing more is said.
 */
const MAY_CHANGE = ['status', 'update_time', 'progress', 'results', 'error'] as const;

/** The fields of a run the specification names. */
const RUN_PROPERTIES = (DEFINITIONS['Run']?.['properties'] ?? {}) as Record<string, unknown>;

/**
 * A DELETE that succeeded leaves a run still listed as it was, but for what it may change, and every other run as
 * `otherRunsChanged` allows.
 */
async function expectRestKept(
  t: CheckContext,
  deletion: Exclude<RunDeletion, { skip: string }>,
  what: string,
): Promise<void> {
  const { call, before } = deletion;
  if (!isSuccess(call)) t.skip(`${what} did not succeed (judged by the check of the deletion)`);
  const requirements: RequirementId[] = ['RUN-DELETE-BY-STATUS', 'READ-BACK-UNCHANGED'];
  expectSiblingsKept(t, await otherRunsChanged(t, deletion), requirements, `the DELETE of ${what}`, call);
  const after = (await listedNow(t, 'runs')).find((run) => run['run_id'] === before['run_id']);
  if (!after) return;
  // Only the fields the specification names: one of the server's own (an etag, a version) may follow any change.
  const named = Object.keys(RUN_PROPERTIES);
  const specified = Object.fromEntries(Object.entries(before).filter(([field]) => named.includes(field)));
  expectOthersKept(t, specified, after, MAY_CHANGE, requirements, what, call);
}

/**
 * A DELETE of `before` that succeeded leaves a run still listed selected by filters on what it changed (its status,
 * update_time) by their new values, not their old ones; a run it took off the list, with `absence`, listed by no
 * filter on its own values either (without, that is the deletion's own check's). Settled, as a server may apply the
 * change just after answering.
 */
async function expectChangeFiltered(
  t: CheckContext,
  call: Call,
  before: JsonObject,
  what: string,
  absence: boolean,
): Promise<void> {
  if (!isSuccess(call)) t.skip(`${what} did not succeed (judged by the check of the deletion)`);
  const requirements: RequirementId[] = ['LIST-FILTER-FIELDS', 'RUN-DELETE-BY-STATUS'];
  let mismatch: Mismatch | undefined;
  let listed = false;
  await settled(async () => {
    const after = (await listedNow(t, 'runs')).find((run) => run['run_id'] === before['run_id']);
    listed = after !== undefined;
    if (after) mismatch = await changeFilteredMismatch(t, 'runs', before, after, what, requirements);
    else {
      const problem = absence ? await listedWhenFiltered(t, { list: 'runs', item: before }, what) : undefined;
      mismatch = problem === undefined ? undefined : { message: problem };
    }
    return mismatch?.message;
  });
  if (!listed && !absence)
    t.skip(
      `${what} is no longer listed: nothing of it to filter (its absence is judged by runs.delete-empty-object-then-gone)`,
    );
  t.assert(mismatch === undefined, requirements, mismatch?.message ?? '', mismatch?.call ?? call);
}

/** A DELETE of `before` succeeded, and the run is then gone from the list or listed with another status. */
async function expectDeletedOrCancelled(t: CheckContext, call: Call, before: JsonObject, what: string): Promise<void> {
  t.expectSuccess(call, ['RUN-DELETE-BY-STATUS'], `deleting ${what}`);
  await expectGoneOrChanged(t, call, before, what, ['RUN-DELETE-BY-STATUS']);
}

describeGroup('runs', () => {
  declareExtremeIdChecks('runs');

  declareListChecks('runs');

  declareDynamicIdChecks('runs');

  declareItemRules('run', (t) => everyListed(t, 'runs'), RUN_RULES);

  // Every read path of a run: a target that publishes a GET of one run serves its results there too.
  check(
    'runs.published-read.result-metrics-keyed-by-name',
    ['RUN-METRICS-CONSISTENT'],
    `a run read through the target's own GET of one run (where it publishes and serves one; ${PUBLISHED_READS} listed runs with result metrics) has results.metrics keyed by metric name, never by metric_id`,
    async (t) => {
      const operation = await publishedRunRead(t);
      if (!operation) return t.skip('the target publishes no GET of one run that it serves');
      const param = operation.pathParams[0]?.name as string;
      const listed = (await everyListed(t, 'runs')).filter(({ item }) => hasMetrics(item)).slice(0, PUBLISHED_READS);
      if (!listed.length) t.skip('no listed run has result metrics');
      for (const { item } of listed) {
        const exchange = await t.send(operation, { params: { [param]: String(item['run_id']) } });
        // Whether the read is answered as published is the generic checks' to judge (another check may delete the run).
        const run = (exchange.response.json as JsonObject | undefined)?.[operation.wrapper as string];
        if (exchange.response.status < 300 && isJsonObject(run)) await expectMetricsKeyedByName(t, run, exchange);
      }
    },
  );
  declarePagesAsRead('runs');

  // Random ids of the usual length are all but certain to name no run; still DELETEs, so it counts as a write. Each
  // begins and ends with another class of character (a digit, a capital, a small letter): the rule is every ID's.
  check(
    'runs.delete-run-id-names-nothing',
    ['MISSING-RESOURCE-NOT-FOUND', 'HTTP-STATUS-CONVENTIONS'],
    'DELETE of a run_id that names nothing answers NOT_FOUND (404), whether it begins with a digit, a capital or a small letter',
    async (t) => {
      for (const run_id of [alnum(22, 41), ...edgeClassIds(22, 41)]) await expectMissingNotFound(t, DELETE, { run_id });
    },
    { writes: true },
  );

  // Last, and alone: the deletion changes the list the checks above read.
  check(
    'runs.delete-empty-object-then-gone',
    ['RUN-DELETE'],
    'DELETE /v1/runs/{run_id} answers an empty object; the run is then gone from the list (filtered to select it too, and after a second and a third DELETE) or has a new status',
    async (t) => {
      const { call, before } = await deleteRun(t);
      expectEmptyObjectAnswer(t, call, ['RUN-DELETE'], 'deleting the run');
      await expectGoneOrChanged(t, call, before, 'the run', ['RUN-DELETE']);
      // A run the deletion took off the list is off it filtered to select it too, and after more DELETEs.
      const run_id = String(before['run_id']);
      if ((await listedNow(t, 'runs')).some((run) => run['run_id'] === run_id)) return;
      const what = `the deleted run ${run_id}`;
      const listed = { list: 'runs', item: before } as const;
      const problem = await listedWhenFiltered(t, listed, what);
      t.assert(problem === undefined, ['RUN-DELETE'], problem ?? '', call);
      await expectStaysGone(t, () => t.call(DELETE, { params: { run_id } }), { listed }, ['RUN-DELETE'], what);
    },
    deletesFixture('deletableRunId'),
  );

  declareEmptyBodyCheck('DELETE /v1/runs/{run_id}', 'deleting the run', 'deletableRunId', deleteRun);

  declareKeyOnDeletedCheck(
    'runs.deleted-key-required',
    'the run',
    { delete: DELETE },
    async (t) => {
      const { call, before } = await deleteRun(t);
      return isSuccess(call)
        ? { params: { run_id: String(before['run_id']) } }
        : { skip: `the DELETE of DELETABLE_RUN_ID answered ${call.response.status}: nothing was deleted` };
    },
    deletesFixture('deletableRunId'),
  );

  // The same deletion as above, judged as the deletion of a finished run. The rule holds for every
  // status, so a run listed with another one is judged all the same; only then is the check skipped.
  check(
    'runs.delete-finished',
    ['RUN-DELETE-BY-STATUS'],
    `DELETE of a finished run (DELETABLE_RUN_ID listed ${FINISHED}) succeeds; the run is then gone from the list or listed with another status`,
    async (t) => {
      const { call, before } = await deleteRun(t);
      const finished = before['status'] === FINISHED;
      await expectDeletedOrCancelled(
        t,
        call,
        before,
        finished ? 'the finished run' : `the run listed ${JSON.stringify(before['status'])}`,
      );
      if (!finished)
        t.skip(
          `DELETABLE_RUN_ID ${String(before['run_id'])} was listed as ${JSON.stringify(before['status'])}, not ${FINISHED} (the one finished status the spec shows): its deletion held, but no finished run was deleted`,
        );
    },
    deletesFixture('deletableRunId'),
  );

  check(
    'runs.delete-run-progress-cancellable-run',
    ['RUN-DELETE', 'RUN-DELETE-BY-STATUS'],
    'DELETE of a run in progress (CANCELLABLE_RUN_ID) answers an empty object; the run is then gone from the list or listed with another status (cancelled)',
    async (t) => {
      const { call, before } = await cancelRun(t);
      await expectDeletedOrCancelled(t, call, before, 'the run in progress');
      expectEmptyObjectAnswer(t, call, ['RUN-DELETE'], 'deleting the run in progress');
    },
    deletesFixture('cancellableRunIds'),
  );

  // State changes of different resources at the same moment each hold: the two runs CANCELLABLE_RUN_ID names,
  // cancelled at once (the same DELETEs the checks of the first run judge), each answered success and then gone from
  // the list or listed with another status, given the time the single cancel is (settled).
  check(
    'runs.cancel-two-at-once',
    ['RUN-DELETE-BY-STATUS'],
    'two runs in progress (the first two of CANCELLABLE_RUN_ID) cancelled by DELETEs sent at the same moment are both answered success, and each is then gone from the list or listed with another status: neither cancellation undoes the other',
    async (t) => {
      const { call, before, alongside } = await cancelRun(t);
      if (!alongside || 'skip' in alongside) return t.skip(alongside?.skip ?? 'no second run was cancelled');
      const pair = [
        { call, before, what: 'the first run in progress' },
        {
          call: alongside.call,
          before: alongside.before,
          what: 'the second run in progress, cancelled at the same moment',
        },
      ];
      for (const one of pair) t.expectSuccess(one.call, ['RUN-DELETE-BY-STATUS'], `deleting ${one.what}`);
      let lost: { readonly problem: string; readonly call: Call } | undefined;
      await settled(async () => {
        const listed = await listedNow(t, 'runs');
        lost = undefined;
        for (const one of pair) {
          const after = listed.find((run) => run['run_id'] === one.before['run_id']);
          if (after && after['status'] === one.before['status'])
            lost ??= {
              problem: `${one.what} ${String(one.before['run_id'])} was answered ${one.call.response.status} but is still listed with status ${JSON.stringify(one.before['status'])}: neither deleted nor cancelled (the two DELETEs were sent at the same moment)`,
              call: one.call,
            };
        }
        return lost?.problem;
      });
      t.assert(lost === undefined, ['RUN-DELETE-BY-STATUS'], lost?.problem ?? '', lost?.call ?? call);
    },
    deletesFixture('cancellableRunIds'),
  );

  for (const [id, deletion, setting, what] of [
    ['runs.delete-keeps-other-fields', deleteRun, 'deletableRunId', 'the deleted run'],
    ['runs.cancel-keeps-other-fields', cancelRun, 'cancellableRunIds', 'the cancelled run (CANCELLABLE_RUN_ID)'],
  ] as const)
    check(
      id,
      ['RUN-DELETE-BY-STATUS', 'READ-BACK-UNCHANGED'],
      `${what}, if still listed, changes only its status, update_time and what its execution writes: metadata, tags, agent_id and every other field the specification names listed as before; every other run is listed as before (a finished one field for field, update_time included; one still going not moved into the status the DELETE gave)`,
      async (t) => {
        await expectRestKept(t, await deletion(t), what);
      },
      deletesFixture(setting),
    );

  for (const [id, deletion, setting, what, absence] of [
    ['runs.delete-filtered-by-new-values', deleteRun, 'deletableRunId', 'the deleted run', false],
    [
      'runs.cancel-filtered-by-new-values',
      cancelRun,
      'cancellableRunIds',
      'the cancelled run (CANCELLABLE_RUN_ID)',
      true,
    ],
  ] as const)
    check(
      id,
      ['LIST-FILTER-FIELDS', 'RUN-DELETE-BY-STATUS'],
      `${what}, if still listed, is selected by a filter on each field the deletion changed (status, update_time) with its new value, not with its old one, and listed there as the plain list shows it${absence ? '; if gone, by no filter on its values' : ''}`,
      async (t) => {
        const { call, before } = await deletion(t);
        await expectChangeFiltered(t, call, before, what, absence);
      },
      deletesFixture(setting),
    );

  // A change is an update: a run still listed after it reads as updated after its creation and its last update.
  for (const [id, deletion, setting, what] of [
    ['runs.delete-update-time-ordered', deleteRun, 'deletableRunId', 'the deleted run'],
    ['runs.cancel-update-time-ordered', cancelRun, 'cancellableRunIds', 'the cancelled run (CANCELLABLE_RUN_ID)'],
  ] as const)
    check(
      id,
      ['TIMESTAMP-ORDER', 'RUN-DELETE-BY-STATUS', 'SERVER-SET-TIMES'],
      `${what}, if still listed, has an update_time not before its create_time nor before the update_time listed before the DELETE, nor ahead of the server's clock though the DELETE's Date was far ahead`,
      async (t) => {
        const { call, before } = await deletion(t);
        if (!isSuccess(call)) t.skip(`the DELETE of ${what} did not succeed (judged by the check of the deletion)`);
        const after = (await listedNow(t, 'runs')).find((run) => run['run_id'] === before['run_id']);
        if (!after) return t.skip(`${what} is no longer listed: no update_time to judge`);
        expectTimestampOrder(t, after, call);
        expectServerTime(t, after, call, { notAfter: ['update_time'] });
        const order = compareInstants(after['update_time'], before['update_time'], { anyOffset: true });
        t.assert(
          order === undefined || order >= 0,
          ['RUN-DELETE-BY-STATUS'],
          `${what}'s update_time ${String(after['update_time'])} is before the one listed before the DELETE, ${String(before['update_time'])}`,
          call,
        );
      },
      deletesFixture(setting),
    );

  // The rules every listed run keeps hold after each change too: the changed run (a cancelled one's results, its
  // counters, its error) and the others, as listed at once after the DELETE (no request of its own).
  for (const [key, deletion, setting, what] of [
    ['after-delete', deleteRun, 'deletableRunId', 'the DELETE of DELETABLE_RUN_ID'],
    [
      'after-cancel',
      cancelRun,
      'cancellableRunIds',
      'the DELETE of the run in progress CANCELLABLE_RUN_ID (cancelled)',
    ],
  ] as const)
    for (const rule of RUN_RULES)
      check(
        checkIdOf('runs', key, 'items', rule.id),
        [...rule.requirements],
        `after ${what}, every listed run (the changed one, if still listed, included) ${rule.title}`,
        async (t) => {
          const { call, listedAfter } = await deletion(t);
          if (!isSuccess(call)) t.skip(`${what} did not succeed (judged by the check of the deletion)`);
          for (const run of listedAfter) await rule.expect(t, run, call);
        },
        deletesFixture(setting),
      );

  // Every list rule after each change: the runs list read as it now is.
  for (const [key, deletion, setting, title] of [
    ['run-deleted', deleteRun, 'deletableRunId', 'a run (DELETABLE_RUN_ID) is deleted by its DELETE'],
    [
      'run-cancelled',
      cancelRun,
      'cancellableRunIds',
      'a run in progress (CANCELLABLE_RUN_ID) is cancelled by its DELETE',
    ],
  ] as const)
    declareAfterChangeChecks({
      key,
      title,
      setting,
      requirements: ['RUN-DELETE-BY-STATUS'],
      lists: ['runs'],
      // Deleted or cancelled: gone, or listed with another status (RUN-DELETE-BY-STATUS), whatever the order or filter.
      removes: {
        list: 'runs',
        unchanged: (before, listed) => listed['status'] === before['status'],
        how: 'leaves it out or lists it with another status than it had',
      },
      namesSimulations: true,
      namedByWrites: RUN_NAMING_WRITES,
      perform: async (t) => {
        const { call, before } = await deletion(t);
        const results = before['results'];
        const outputIds = isJsonObject(results) ? results['output_ids'] : undefined;
        const simulations = Array.isArray(outputIds) ? outputIds.filter((id) => typeof id === 'string') : [];
        return { call, id: String(before['run_id']), simulations, before };
      },
    });

  // Last: a second DELETE may delete a run kept by the first, which the checks above read.
  for (const [id, deletion, setting, what] of [
    ['runs.deleted-run-deleted-again-found', deleteRun, 'deletableRunId', 'the deleted run'],
    [
      'runs.cancelled-run-deleted-again-found',
      cancelRun,
      'cancellableRunIds',
      'the cancelled run (CANCELLABLE_RUN_ID)',
    ],
  ] as const)
    check(
      id,
      ['RUN-DELETE-BY-STATUS'],
      `${what}, while still listed, is found by a second DELETE: never answered NOT_FOUND while the list shows it`,
      async (t) => {
        const { call, before } = await deletion(t);
        if (!isSuccess(call)) t.skip(`the DELETE of ${what} did not succeed (judged by the check of the deletion)`);
        const run_id = String(before['run_id']);
        const shown = async () => (await listedNow(t, 'runs')).some((run) => run['run_id'] === run_id);
        if (!(await shown())) t.skip(`${what} is no longer listed: a second DELETE may find it gone`);
        const again = await t.call(DELETE, { params: { run_id } });
        // NOT_FOUND by its code, or by the statuses that say "not found" (404; 410, gone) without one.
        const body = again.response.json;
        const notFound =
          [404, 410].includes(again.response.status) || (isErrorBody(body) && body.error['code'] === 'NOT_FOUND');
        // Judged only while the list still shows the run after the answer too (a deletion may complete meanwhile).
        t.assert(
          !notFound || !(await shown()),
          ['RUN-DELETE-BY-STATUS'],
          `a second DELETE of ${what} ${run_id} answered ${again.response.status} (not found), yet the runs list shows it`,
          again,
        );
      },
      deletesFixture(setting),
    );
});

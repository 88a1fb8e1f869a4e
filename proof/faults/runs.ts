// Run faults.

import { invalidArgument } from '../../lib/reference/http/errors.js';
import { TERMINAL_RUN_STATUSES, type Behaviour } from '../../lib/reference/behaviour.js';
import type { Store } from '../../lib/reference/store/store.js';
import type { RunProgress, RunRecord } from '../../lib/reference/store/records.js';
import {
  deletedStillFiltered,
  fault,
  missingAnsweredWith,
  onRunCancelled,
  presentWith,
  readAs,
  type Fault,
} from './define.js';
import type { JsonObject } from '../../lib/util/json.js';
import { firstRun, run, allRuns, errorCode, UNKNOWN_22 } from '../probes/resources.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';
import { itemsAfterToken, secondListed } from './list-seams.js';
import { markDeleted } from '../../lib/reference/routes/soft-delete.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';

/** Changes the progress counters of every returned run. */
function progressWith(b: Behaviour, touch: (progress: RunProgress) => RunProgress): void {
  presentWith(b, 'run', (view) => ({ ...view, progress: touch(view.progress as unknown as RunProgress) }));
}

/** Each metric's ID by its name, as the embedded service's metric outputs carry them. */
const METRIC_IDS: ReadonlyMap<string, string> = new Map(
  [...seedStore(ALPHANUMERIC).store.simulations.values()].flatMap((outputs) =>
    [...outputs.values()].map((o): [string, string] => [o.metric_name, o.metric_id]),
  ),
);

export const RUNS_FAULTS = [
  fault({
    id: 'run-metrics-inconsistent',
    requirements: ['RUN-METRICS-CONSISTENT'],
    slips: ['broken'],
    description: 'Run result metrics report min and max swapped.',
    behaviour: (b) => {
      presentWith(b, 'run', (view) => {
        const results = view.results as { metrics: Record<string, { min: number; max: number; mean: number }> };
        const metrics = Object.fromEntries(
          Object.entries(results.metrics).map(([name, m]) => [name, { ...m, min: m.max + 1, max: m.min - 1 }]),
        );
        return { ...view, results: { ...results, metrics } };
      });
    },
    probe: async (call) => {
      const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as {
        results: { metrics: Record<string, { min: number; mean: number; max: number }> };
      }[];
      return runs.every((run) => Object.values(run.results.metrics).every((m) => m.min <= m.mean && m.mean <= m.max));
    },
    shows: false,
  }),
  fault({
    id: 'run-cancel-summary-mean-max-swapped',
    requirements: ['RUN-METRICS-CONSISTENT'],
    slips: ['state'],
    description:
      'Cancelling a run in progress recomputes its results.metrics with a helper that returns [min, mean, max], read as [min, max, mean]: each summary of the cancelled run has its mean and max traded (a mean above its max); runs never cancelled read right.',
    behaviour: (b) => {
      const cancelled = new Set<string>();
      onRunCancelled(b, (before) => cancelled.add(before.run_id));
      presentWith(b, 'run', (view, record) => {
        if (!cancelled.has((record as RunRecord).run_id)) return view;
        const results = view.results as { metrics: Record<string, { min: number; mean: number; max: number }> };
        const metrics = Object.fromEntries(
          Object.entries(results.metrics).map(([name, m]) => [name, { min: m.min, mean: m.max, max: m.mean }]),
        );
        return { ...view, results: { ...results, metrics } };
      });
    },
    probe: async (call) => {
      await call('DELETE', `/v1/runs/${FIXTURE_IDS.cancellableRunId}`);
      const cancelled = (await allRuns(call)).find((r) => r['run_id'] === FIXTURE_IDS.cancellableRunId);
      const metrics = Object.values(
        (cancelled?.['results']?.metrics ?? {}) as Record<string, { min: number; mean: number; max: number }>,
      );
      return {
        status: cancelled?.['status'] ?? null,
        ordered: metrics.every((m) => m.min <= m.mean && m.mean <= m.max),
      };
    },
    shows: { status: 'CANCELLED', ordered: false },
  }),
  fault({
    id: 'run-cancel-metrics-keyed-by-metric-id',
    requirements: ['RUN-METRICS-CONSISTENT'],
    slips: ['state'],
    description:
      "Cancelling a run in progress rebuilds its results.metrics from the scores table, grouped by metric_id without the join that names each metric: the cancelled run's map runs from metric ID to {mean, min, max}; runs never cancelled keep their metric names.",
    behaviour: (b) => {
      const cancelled = new Set<string>();
      onRunCancelled(b, (before) => cancelled.add(before.run_id));
      presentWith(b, 'run', (view, record) => {
        if (!cancelled.has((record as RunRecord).run_id)) return view;
        const results = view.results as { metrics: JsonObject };
        const metrics = Object.fromEntries(
          Object.entries(results.metrics).map(([name, m]) => [METRIC_IDS.get(name) ?? name, m]),
        );
        return { ...view, results: { ...results, metrics } };
      });
    },
    probe: async (call) => {
      await call('DELETE', `/v1/runs/${FIXTURE_IDS.cancellableRunId}`);
      const cancelled = (await allRuns(call)).find((r) => r['run_id'] === FIXTURE_IDS.cancellableRunId);
      const keys = Object.keys((cancelled?.['results']?.metrics ?? {}) as JsonObject);
      const ids = new Set(METRIC_IDS.values());
      return { status: cancelled?.['status'] ?? null, byId: keys.length > 0 && keys.every((key) => ids.has(key)) };
    },
    shows: { status: 'CANCELLED', byId: true },
  }),
  fault({
    id: 'run-get-metrics-keyed-by-metric-id',
    requirements: ['RUN-METRICS-CONSISTENT'],
    slips: ['scope'],
    description:
      "The published GET of one run builds results.metrics from the scores table, grouped by metric_id without the join that names each metric: read that way, a run's map runs from metric ID to {mean, min, max}; the runs list keeps the metric names.",
    behaviour: (b) =>
      readAs(b, 'GET /v1/runs/{run_id}', 'run', (run) => {
        const results = run['results'] as { metrics: JsonObject };
        const metrics = Object.fromEntries(
          Object.entries(results.metrics).map(([name, m]) => [METRIC_IDS.get(name) ?? name, m]),
        );
        return { ...run, results: { ...results, metrics } };
      }),
    probe: async (call) => {
      const listed = (await allRuns(call)).find((r) => Object.keys(r['results']?.metrics ?? {}).length > 0);
      const read = await call('GET', `/v1/runs/${String(listed?.['run_id'])}`);
      const ids = new Set(METRIC_IDS.values());
      const byId = (keys: string[]) => keys.length > 0 && keys.every((key) => ids.has(key));
      return {
        listed: byId(Object.keys((listed?.['results']?.metrics ?? {}) as JsonObject)),
        read: byId(Object.keys((read.body.run?.results?.metrics ?? {}) as JsonObject)),
      };
    },
    shows: { listed: false, read: true },
  }),
  fault({
    id: 'run-name-singular',
    requirements: ['RUN-FIELDS', 'NAME-MATCHES-ID'],
    slips: ['broken'],
    description: 'Run names use the singular collection: `run/<id>`.',
    behaviour: (b) => {
      presentWith(b, 'run', (view) => ({ ...view, name: `run/${String(view.run_id)}` }));
    },
    probe: async (call) => (await firstRun(call)).name.split('/')[0],
    shows: 'run',
  }),
  fault({
    id: 'run-progress-completed-over-total',
    requirements: ['RUN-PROGRESS-CONSISTENT'],
    slips: ['bound'],
    description: 'completed_test_cases counts retries too and exceeds total_test_cases.',
    behaviour: (b) => {
      progressWith(b, (progress) => ({ ...progress, completed_test_cases: progress.total_test_cases + 1 }));
    },
    probe: async (call) => {
      const { progress } = await firstRun(call);
      return progress.completed_test_cases > progress.total_test_cases;
    },
    shows: true,
  }),
  fault({
    id: 'run-progress-failed-negative',
    requirements: ['RUN-PROGRESS-CONSISTENT'],
    slips: ['bound'],
    description: 'failed_test_cases is off by one: -1 for a run with no failure.',
    behaviour: (b) => {
      progressWith(b, (progress) => ({ ...progress, failed_test_cases: progress.failed_test_cases - 1 }));
    },
    probe: async (call) => (await firstRun(call)).progress.failed_test_cases,
    shows: 0,
  }),
  fault({
    id: 'run-update-before-create',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description: 'Runs report an update_time an hour before their create_time.',
    behaviour: (b) => {
      presentWith(b, 'run', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - 3_600_000),
      }));
    },
    probe: async (call) => {
      const run = await firstRun(call);
      return Date.parse(run.update_time) < Date.parse(run.create_time);
    },
    shows: true,
  }),
  fault({
    id: 'run-delete-still-listed',
    requirements: ['RUN-DELETE'],
    slips: ['state'],
    description:
      'DELETE of a run answers `{}` but the run stays listed unchanged (the runs list ignores the deletion).',
    behaviour: (b) => {
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => endpoint.key !== 'GET /v1/runs' && hides(endpoint);
    },
    probe: async (call) => {
      await call('DELETE', run);
      return (await allRuns(call)).some((listed) => listed.run_id === FIXTURE_IDS.deletableRunId);
    },
    shows: true,
  }),
  fault({
    id: 'run-delete-answers-run',
    requirements: ['RUN-DELETE', 'DELETE-EMPTY-OBJECT-BODY'],
    slips: ['broken'],
    description: 'DELETE of a run answers the run instead of an empty object.',
    behaviour: (b) => {
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => (kind === 'run' ? deleted : answer(kind, deleted));
    },
    probe: async (call) => 'run_id' in (await call('DELETE', run)).body,
    shows: true,
  }),
  fault({
    id: 'run-missing-permission-denied',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['broken'],
    description: 'DELETE of an unknown run answers PERMISSION_DENIED instead of NOT_FOUND.',
    behaviour: (b) => {
      missingAnsweredWith(b, 'run_id', 'PERMISSION_DENIED');
    },
    probe: async (call) => errorCode(call, `/v1/runs/${UNKNOWN_22}`, 'DELETE'),
    shows: 'PERMISSION_DENIED',
  }),
  fault({
    id: 'run-metrics-mean-float32',
    requirements: ['RUN-METRICS-CONSISTENT'],
    slips: ['bound'],
    description:
      'The mean of a result metric is kept in single precision (a REAL column), min and max in double: where the mean equals min or max it falls just outside.',
    behaviour: (b) => {
      presentWith(b, 'run', (view) => {
        const results = view['results'] as { metrics: Record<string, { mean: number; min: number; max: number }> };
        const metrics = Object.fromEntries(
          Object.entries(results.metrics).map(([name, m]) => [name, { ...m, mean: Math.fround(m.mean) }]),
        );
        return { ...view, results: { ...results, metrics } };
      });
    },
    probe: async (call) =>
      (await allRuns(call)).every((run) =>
        Object.values(run['results'].metrics as Record<string, { min: number; mean: number; max: number }>).every(
          (m) => m.min <= m.mean && m.mean <= m.max,
        ),
      ),
    shows: false,
  }),
  fault({
    id: 'run-progress-counters-as-text',
    requirements: ['RUN-PROGRESS-CONSISTENT'],
    slips: ['type'],
    description: 'Run progress counters are returned as decimal strings (int64 in proto3 JSON).',
    behaviour: (b) => {
      presentWith(b, 'run', (view) => ({
        ...view,
        progress: Object.fromEntries(Object.entries(view['progress'] as JsonObject).map(([k, v]) => [k, String(v)])),
      }));
    },
    probe: async (call) => typeof (await allRuns(call))[0]?.['progress'].total_test_cases,
    shows: 'string',
  }),
  fault({
    id: 'run-id-case-folded',
    requirements: ['PATH-ID-EXACT'],
    slips: ['broken'],
    description:
      "Runs are looked up by run_id without regard to case (a case-insensitive collation): a DELETE of a real run's ID with its letters' case swapped deletes that run.",
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const asked = params['run_id'];
        const found =
          asked === undefined || store.runs.has(asked)
            ? undefined
            : [...store.runs.keys()].find((id) => id.toLowerCase() === asked.toLowerCase());
        return named(endpoint, found === undefined ? params : { ...params, run_id: found }, store);
      };
    },
    probe: async (call) => {
      const { deletableRunId, cancellableRunId } = FIXTURE_IDS;
      const runId = String(
        (await allRuns(call)).find(
          (r) => r['status'] === 'COMPLETED' && r['run_id'] !== deletableRunId && r['run_id'] !== cancellableRunId,
        )?.['run_id'],
      );
      const swapped = runId.replace(/[A-Za-z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
      await call('DELETE', `/v1/runs/${swapped}`);
      return (await allRuns(call)).some((r) => r['run_id'] === runId);
    },
    shows: false,
  }),
  fault({
    id: 'run-delete-archives-without-tags',
    requirements: ['RUN-DELETE-BY-STATUS', 'READ-BACK-UNCHANGED'],
    slips: { 'RUN-DELETE-BY-STATUS': ['state'], 'READ-BACK-UNCHANGED': ['broken'] },
    description:
      'DELETE of a finished run archives it (kept, listed as ARCHIVED, which the specification allows) by writing the row from the status update alone: the archived run is listed with its tags emptied.',
    behaviour: (b) => {
      b.runDeletion = { outcome: () => 'cancel', cancelledStatus: () => 'ARCHIVED' };
      presentWith(b, 'run', (view) => (view['status'] === 'ARCHIVED' ? { ...view, tags: [] } : view));
    },
    probe: async (call) => {
      await call('DELETE', run);
      return (await allRuns(call)).find((r) => r['run_id'] === FIXTURE_IDS.deletableRunId)?.['tags'];
    },
    shows: [],
  }),
  fault({
    id: 'run-listed-after-token-without-metadata',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['first-page'],
    description:
      "The runs list's pages after a token come from a summary query without the metadata column: their runs answer metadata `{}`, while the same runs listed on a first page carry their client data.",
    behaviour: (b) => {
      itemsAfterToken(b, 'runs', (run) => ({ ...run, metadata: {} }));
    },
    probe: async (call) => (await secondListed(call, 'runs'))?.['metadata'],
    shows: {},
  }),
  fault({
    id: 'run-delete-archived-filtered-by-old-status',
    requirements: ['LIST-FILTER-FIELDS', 'RUN-DELETE-BY-STATUS'],
    slips: { 'LIST-FILTER-FIELDS': ['broken'], 'RUN-DELETE-BY-STATUS': ['state'] },
    description:
      'DELETE of a finished run archives it (kept, listed as ARCHIVED, which the specification allows) but leaves the status column of the runs index the filter reads: the archived run is listed ARCHIVED, yet `status = ARCHIVED` does not find it, while `status = COMPLETED` still does.',
    behaviour: (b) => {
      const before = new Map<string, string>();
      const { cancelledStatus } = b.runDeletion;
      b.runDeletion = {
        outcome: () => 'cancel',
        cancelledStatus: (status) => (TERMINAL_RUN_STATUSES.includes(status) ? 'ARCHIVED' : cancelledStatus(status)),
      };
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store: Store) => {
        const found = params.run_id === undefined ? undefined : store.runs.get(params.run_id);
        if (endpoint.key === 'DELETE /v1/runs/{run_id}' && found && TERMINAL_RUN_STATUSES.includes(found.status))
          before.set(found.run_id, found.status);
        return named(endpoint, params, store);
      };
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => {
        const view = item as JsonObject;
        const old = view['status'] === 'ARCHIVED' ? before.get(String(view['run_id'])) : undefined;
        return matches(expr, old === undefined ? item : { ...view, status: old }, fields);
      };
    },
    probe: async (call) => {
      await call('DELETE', run);
      const filter = encodeURIComponent('status = COMPLETED');
      const found = (await call('GET', `/v1/runs?page_size=1000&filter=${filter}`)).body.runs as JsonObject[];
      return found.some((r) => r['run_id'] === FIXTURE_IDS.deletableRunId);
    },
    shows: true,
  }),
  fault({
    id: 'run-deleted-listed-in-explicit-order',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['scope'],
    description:
      'The runs list with an order_by is read from a sort index that run creation and updates maintain but deletion does not (the soft delete only flags the row): a deleted run is gone from the list in its default order, yet listed unchanged under any order_by, `-create_time` (the default, spelled out) and `status` alike.',
    behaviour: (b) => {
      let ordered = false;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const order = new URL(String(req.url), 'http://reference.invalid').searchParams.get('order_by') ?? '';
        ordered = order.trim() !== '';
        return presented(req);
      };
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => !(endpoint.key === 'GET /v1/runs' && ordered) && hides(endpoint);
    },
    probe: async (call) => {
      await call('DELETE', run);
      const listed = async (query: string) =>
        ((await call('GET', `/v1/runs?page_size=1000${query}`)).body.runs as JsonObject[]).some(
          (r) => r['run_id'] === FIXTURE_IDS.deletableRunId,
        );
      return { plain: await listed(''), ordered: await listed('&order_by=-create_time') };
    },
    shows: { plain: false, ordered: true },
  }),
  fault({
    id: 'run-cancel-deletes-filtered-still-listed',
    requirements: ['RUN-DELETE', 'RUN-DELETE-BY-STATUS'],
    slips: { 'RUN-DELETE': ['broken'], 'RUN-DELETE-BY-STATUS': ['state'] },
    description:
      'DELETE deletes a run in progress too (it need not cancel it), marking it deleted, but the runs list with a filter is built from another query, without the soft-delete condition: the deleted run is gone from the plain list, yet `status = <its status>` still lists it.',
    behaviour: (b) => {
      b.runDeletion = { ...b.runDeletion, outcome: () => 'delete' };
      deletedStillFiltered(b, 'GET /v1/runs');
    },
    probe: async (call) => {
      const cancellable = (await allRuns(call)).find((r) => r['run_id'] === FIXTURE_IDS.cancellableRunId);
      await call('DELETE', `/v1/runs/${FIXTURE_IDS.cancellableRunId}`);
      const filter = encodeURIComponent(`status = ${String(cancellable?.['status'])}`);
      const found = (await call('GET', `/v1/runs?page_size=1000&filter=${filter}`)).body.runs as JsonObject[];
      const plain = await allRuns(call);
      return [plain, found].map((runs) => runs.some((r) => r['run_id'] === FIXTURE_IDS.cancellableRunId));
    },
    shows: [false, true],
  }),
  fault({
    id: 'run-archive-update-time-from-create-time',
    requirements: ['TIMESTAMP-ORDER', 'RUN-DELETE-BY-STATUS'],
    slips: { 'TIMESTAMP-ORDER': ['broken'], 'RUN-DELETE-BY-STATUS': ['state'] },
    description:
      'DELETE of a finished run archives it (kept, listed as ARCHIVED, which the specification allows) and stamps its update_time from the wrong column, its create_time: the archived run reads as last updated before the update it was listed with.',
    behaviour: (b) => {
      archiveFinishedRuns(b);
      presentWith(b, 'run', (view) =>
        view['status'] === 'ARCHIVED' ? { ...view, update_time: view['create_time'] } : view,
      );
    },
    probe: async (call) => {
      const before = (await allRuns(call)).find((r) => r['run_id'] === FIXTURE_IDS.deletableRunId);
      await call('DELETE', run);
      const after = (await allRuns(call)).find((r) => r['run_id'] === FIXTURE_IDS.deletableRunId);
      return Date.parse(String(after?.['update_time'])) < Date.parse(String(before?.['update_time']));
    },
    shows: true,
  }),
  fault({
    id: 'run-archived-delete-again-not-found',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: { 'RUN-DELETE-BY-STATUS': ['state'] },
    description:
      'DELETE of a finished run archives it (kept, listed as ARCHIVED, which the specification allows), but DELETE looks runs up among the unarchived ones: a second DELETE of the archived run answers NOT_FOUND while the runs list shows it.',
    behaviour: (b) => {
      archiveFinishedRuns(b);
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store: Store) => {
        const id = params.run_id;
        const archived = id !== undefined && store.runs.get(id)?.status === 'ARCHIVED';
        return named(
          endpoint,
          endpoint.key === 'DELETE /v1/runs/{run_id}' && archived ? { ...params, run_id: `${id}-archived` } : params,
          store,
        );
      };
    },
    probe: async (call) => {
      await call('DELETE', run);
      const again = await call('DELETE', run);
      const listed = (await allRuns(call)).some((r) => r['run_id'] === FIXTURE_IDS.deletableRunId);
      return [again.status, listed];
    },
    shows: [404, true],
  }),
  fault({
    id: 'run-persona-id-as-resource-name',
    requirements: ['ID-FIELDS-HOLD-IDS'],
    slips: ['broken'],
    description:
      "A run's persona_id and agent_id are served as the resource names `personas/<id>` and `agents/<id>`, on the runs list as on every read.",
    behaviour: (b) => {
      presentWith(b, 'run', (view) => ({
        ...view,
        persona_id: `personas/${String(view.persona_id)}`,
        agent_id: `agents/${String(view.agent_id)}`,
      }));
    },
    probe: async (call) => {
      const { persona_id, agent_id } = await firstRun(call);
      return [String(persona_id).split('/')[0], String(agent_id).split('/')[0]];
    },
    shows: ['personas', 'agents'],
  }),
  fault({
    id: 'run-delete-removes-test-set-runs',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['broken'],
    description:
      'DELETE of a finished run deletes by its agent and test set (a cleanup query keyed wider than the run): every other run of the same agent and test_set_id is gone from the list with it.',
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const target = endpoint.key === 'DELETE /v1/runs/{run_id}' ? store.runs.get(params.run_id ?? '') : undefined;
        if (target && b.runDeletion.outcome(target.status) === 'delete')
          for (const other of store.runs.values())
            if (other !== target && other.agent_id === target.agent_id && other.test_set_id === target.test_set_id)
              markDeleted(store.runs, other.run_id);
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      // Derived from the seeded run, not the list: another probe may have deleted it on the correct service.
      const target = seedStore(ALPHANUMERIC).store.runs.get(FIXTURE_IDS.deletableRunId)!;
      const others = async () =>
        (await allRuns(call)).filter(
          (r) =>
            r['agent_id'] === target.agent_id &&
            r['test_set_id'] === target.test_set_id &&
            r['run_id'] !== target.run_id,
        ).length;
      const before = await others();
      await call('DELETE', run);
      return [before, await others()];
    },
    shows: [2, 0],
  }),
  fault({
    id: 'run-delete-digit-led-id-refused',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['scope'],
    description:
      "DELETE /v1/runs/{run_id} checks run_id with a pattern copied from the language's identifiers (a letter first): a run_id beginning with a digit is refused with INVALID_ARGUMENT, where one that names nothing is NOT_FOUND; IDs beginning with a letter, and every other endpoint, are looked up.",
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store: Store) => {
        if (endpoint.key === 'DELETE /v1/runs/{run_id}' && /^[0-9]/.test(params.run_id ?? ''))
          throw invalidArgument('run_id', 'must begin with a letter', 'path');
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => errorCode(call, `/v1/runs/0${UNKNOWN_22.slice(1)}`, 'DELETE'),
    shows: 'INVALID_ARGUMENT',
  }),
] as const satisfies readonly Fault[];

/** DELETE of a finished run archives it (kept, listed as ARCHIVED); a run in progress is cancelled as before. */
function archiveFinishedRuns(b: Behaviour): void {
  const { cancelledStatus } = b.runDeletion;
  b.runDeletion = {
    outcome: () => 'cancel',
    cancelledStatus: (status) => (TERMINAL_RUN_STATUSES.includes(status) ? 'ARCHIVED' : cancelledStatus(status)),
  };
}

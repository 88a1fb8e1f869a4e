// Scheduled run faults.

import type { ScheduledRunRecord } from '../../lib/reference/store/records.js';
import { fault, missingAnsweredWith, presentWith, type Fault } from './define.js';
import { scheduledRun, at } from '../probes/scheduled-runs.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';

export const SCHEDULED_RUNS_FAULTS = [
  fault({
    id: 'scheduled-run-found-by-last-run-id',
    requirements: ['PATH-ID-EXACT'],
    slips: ['scope'],
    description:
      'GET /v1/scheduled-runs/{scheduled_run_id} looks the scheduled run up with `WHERE id = ? OR last_run_id = ?` (the lookup that finds the schedule that started a run): the ID of the run a schedule last started, another kind of resource, is answered with that scheduled run instead of NOT_FOUND.',
    behaviour: (b) => {
      const served = b.scheduledRunServed;
      let all: () => Iterable<ScheduledRunRecord> = () => [];
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        all = () => store.scheduledRuns.values();
        return named(endpoint, params, store);
      };
      b.scheduledRunServed = (id, stored) => served(id, stored) ?? [...all()].find((run) => run.last_run_id === id);
    },
    probe: async (call) => {
      const kept = await scheduledRun(call);
      const byLastRun = await call('GET', at(String(kept.last_run_id)));
      return { status: byLastRun.status, same: byLastRun.body?.scheduled_run?.id === kept.id };
    },
    shows: { status: 200, same: true },
  }),
  fault({
    id: 'scheduled-run-name-unprefixed',
    requirements: ['NAME-MATCHES-ID'],
    slips: ['broken'],
    description: 'Scheduled runs are named by their bare id, without `scheduled-runs/`.',
    behaviour: (b) => {
      presentWith(b, 'scheduledRun', (view) => ({ ...view, name: view.id }));
    },
    probe: async (call) => (await scheduledRun(call)).name.includes('/'),
    shows: false,
  }),
  fault({
    id: 'scheduled-run-id-of-template',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description: 'A scheduled run is returned with its run_template_id in place of its own id.',
    behaviour: (b) => {
      presentWith(b, 'scheduledRun', (view) => ({ ...view, id: view.run_template_id }));
    },
    probe: async (call) => {
      const scheduled = await scheduledRun(call);
      return scheduled.id === scheduled.run_template_id;
    },
    shows: true,
  }),
  fault({
    id: 'scheduled-run-expression-bare-cron',
    requirements: ['SCHEDULED-RUN-EXPRESSION-FORM'],
    slips: ['broken'],
    description: 'schedule_expression is returned as a bare crontab line (`0 12 * * *`).',
    behaviour: (b) => {
      presentWith(b, 'scheduledRun', (view) => ({ ...view, schedule_expression: '0 12 * * *' }));
    },
    probe: async (call) => (await scheduledRun(call)).schedule_expression,
    shows: '0 12 * * *',
  }),
  fault({
    id: 'scheduled-run-times-swapped',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description: 'Scheduled runs report create_time and update_time swapped.',
    behaviour: (b) => {
      presentWith(b, 'scheduledRun', (view) =>
        view.update_time === null ? view : { ...view, create_time: view.update_time, update_time: view.create_time },
      );
    },
    probe: async (call) => {
      const scheduled = await scheduledRun(call);
      return Date.parse(scheduled.create_time) > Date.parse(scheduled.update_time);
    },
    shows: true,
  }),
  fault({
    id: 'scheduled-run-unset-times-epoch',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description:
      "A scheduled run's unset times are written as the zero timestamp: one never updated or never run shows update_time and last_run_at `1970-01-01T00:00:00.000Z` instead of null (set times are right).",
    behaviour: (b) => {
      presentWith(b, 'scheduledRun', (view) => ({
        ...view,
        update_time: view.update_time ?? b.formatTime(0),
        last_run_at: view.last_run_at ?? b.formatTime(0),
      }));
    },
    probe: async (call) => (await call('GET', at(FIXTURE_IDS.deletableScheduledRunId))).body.scheduled_run.update_time,
    shows: '1970-01-01T00:00:00.000Z',
  }),
  fault({
    id: 'scheduled-run-delete-kept',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['broken'],
    description: 'DELETE answers success but the scheduled run is still served.',
    behaviour: (b) => {
      b.scheduledRunDeleteRemoves = () => false;
    },
    probe: async (call) => {
      await call('DELETE', at(FIXTURE_IDS.deletableScheduledRunId));
      return (await call('GET', at(FIXTURE_IDS.deletableScheduledRunId))).status;
    },
    shows: 200,
  }),
  fault({
    id: 'scheduled-run-path-id-unchecked',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description: 'scheduled_run_id is not checked: a malformed id answers NOT_FOUND.',
    behaviour: (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'scheduled_run_id' && checked(endpoint, param);
    },
    probe: async (call) => (await call('GET', at('s'.repeat(21)))).body.error.code,
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'scheduled-run-delete-disabled-kept',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['state'],
    description:
      'DELETE removes a scheduled run through its schedule: a disabled one, which has none, answers success and is kept.',
    behaviour: (b) => {
      const removes = b.scheduledRunDeleteRemoves;
      b.scheduledRunDeleteRemoves = (run) => run.enabled && removes(run);
    },
    probe: async (call) => {
      const at = `/v1/scheduled-runs/${FIXTURE_IDS.deletableScheduledRunId}`;
      await call('DELETE', at);
      return (await call('GET', at)).status;
    },
    shows: 200,
  }),
  fault({
    id: 'scheduled-run-delete-enabled-kept',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['state'],
    description:
      'DELETE of an enabled scheduled run only disables it (the scheduler keeps a rule with a live schedule and is asked to pause it), answering success: it is still served, disabled. A disabled one is deleted.',
    behaviour: (b) => {
      const removes = b.scheduledRunDeleteRemoves;
      b.scheduledRunDeleteRemoves = (run) => !run.enabled && removes(run);
    },
    probe: async (call) => {
      const [, enabled] = FIXTURE_IDS.deletableScheduledRunIds;
      const at = `/v1/scheduled-runs/${String(enabled)}`;
      await call('DELETE', at);
      return (await call('GET', at)).status;
    },
    shows: 200,
  }),
  fault({
    id: 'scheduled-run-concurrent-deletes-one-lost',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['state'],
    description:
      "DELETE /v1/scheduled-runs/{id} works on a copy of the organization's scheduled runs cached at the first DELETE and kept 10 s: each later DELETE in that time writes the cached copy back to the store before deleting its own, so a scheduled run another DELETE removed meanwhile (two sent at the same moment) is served again. A DELETE with none before it in 10 s holds.",
    behaviour: (b) => {
      let cached: { readonly runs: Map<string, ScheduledRunRecord>; readonly until: number } | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'DELETE /v1/scheduled-runs/{scheduled_run_id}') {
          const now = Date.now();
          if (!cached || now > cached.until) cached = { runs: new Map(store.scheduledRuns), until: now + 10_000 };
          else for (const [id, run] of cached.runs) store.scheduledRuns.set(id, run);
        }
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const paths = FIXTURE_IDS.deletableScheduledRunIds.map((id) => `/v1/scheduled-runs/${id}`);
      const answered = await Promise.all(paths.map((path) => call('DELETE', path)));
      const after = await Promise.all(paths.map((path) => call('GET', path)));
      return { answered: answered.map((a) => a.status), served: after.some((a) => a.status === 200) };
    },
    shows: { answered: [200, 200], served: true },
  }),
  fault({
    id: 'scheduled-run-missing-invalid-argument',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['scope'],
    description:
      'A scheduled_run_id that names no scheduled run (never made, or deleted) is answered INVALID_ARGUMENT (the id is resolved to its schedule first, and one that resolves to none is called malformed) instead of NOT_FOUND.',
    behaviour: (b) => {
      missingAnsweredWith(b, 'scheduled_run_id', 'INVALID_ARGUMENT');
    },
    probe: async (call) => (await call('GET', at('Q'.repeat(22)))).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'scheduled-run-delete-disables-same-template',
    requirements: ['SCHEDULED-RUN-DELETE'],
    slips: ['broken'],
    description:
      "DELETE of a scheduled run removes its schedule by run_template_id: every other scheduled run of the same template is disabled too (enabled false, update_time the deletion's), though still served.",
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const deleted =
          endpoint.key === 'DELETE /v1/scheduled-runs/{scheduled_run_id}'
            ? store.scheduledRuns.get(params.scheduled_run_id ?? '')
            : undefined;
        for (const other of deleted ? store.scheduledRuns.values() : [])
          if (other.id !== deleted!.id && other.run_template_id === deleted!.run_template_id)
            store.scheduledRuns.set(other.id, { ...other, enabled: false, update_time: store.clock.now() });
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      await call('DELETE', at(FIXTURE_IDS.deletableScheduledRunId));
      return (await call('GET', at(FIXTURE_IDS.scheduledRunId))).body.scheduled_run.enabled;
    },
    shows: false,
  }),
] as const satisfies readonly Fault[];

// Independent faults, round 18: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).

import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';
import { fault, presentWith, readAs } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

const GET_METRIC = 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}';

interface ListedOutput {
  readonly metric_output_id: string;
  readonly subvalues_by_timestamp?: readonly JsonObject[];
}

/** A simulation output with time segments, as listed: its simulation id and the listed output. */
async function segmentedOutput(call: Call): Promise<{ simulationId: string; listed: ListedOutput }> {
  const runs = await call('GET', '/v1/runs?page_size=1000');
  const simulations = new Set<string>(
    runs.body.runs.flatMap((run: { results?: { output_ids?: unknown } }) =>
      Array.isArray(run.results?.output_ids) ? run.results.output_ids : [],
    ),
  );
  for (const simulationId of simulations) {
    const metrics = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1000`);
    const listed = (metrics.body.metrics ?? []).find((m: ListedOutput) => (m.subvalues_by_timestamp ?? []).length > 0);
    if (listed) return { simulationId, listed };
  }
  throw new Error('no simulation output with time segments');
}

export const INDEPENDENT_18_FAULTS = [
  fault({
    id: 'ind18-metric-get-subvalue-role-dropped',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      "GET of one metric output writes its subvalues through the detail view's segment serializer, which knows start_offset, end_offset, output_type, float_value, string_value and message_index but not role: each subvalue comes without the role the list gives it.",
    behaviour: (b) => {
      readAs(b, GET_METRIC, 'metric', (metric) => ({
        ...metric,
        subvalues_by_timestamp: ((metric.subvalues_by_timestamp ?? []) as JsonObject[]).map(
          ({ role: _role, ...rest }) => rest,
        ),
      }));
    },
    probe: async (call) => {
      const { simulationId, listed } = await segmentedOutput(call);
      const got = await call('GET', `/v1/simulations/${simulationId}/metrics/${listed.metric_output_id}`);
      return (got.body.metric.subvalues_by_timestamp as JsonObject[]).some((s) => 'role' in s);
    },
    shows: false,
  }),
  fault({
    id: 'ind18-run-output-ids-joined',
    requirements: ['SCHEMA-CANONICAL'],
    slips: ['type'],
    description:
      'A run\'s results.output_ids, a list of simulation output IDs, is served as the comma-separated text it is kept in (`"id1,id2"`, a denormalised column), not as a string[].',
    behaviour: (b) => {
      presentWith(b, 'run', (view) => {
        const results = view.results as JsonObject | null | undefined;
        if (!results || !Array.isArray(results.output_ids)) return view;
        return { ...view, results: { ...results, output_ids: (results.output_ids as string[]).join(',') } };
      });
    },
    probe: async (call) => {
      const runs = await call('GET', '/v1/runs?page_size=1000');
      return runs.body.runs
        .map((run: { results?: { output_ids?: unknown } }) => typeof run.results?.output_ids)
        .includes('string');
    },
    shows: true,
  }),
  fault({
    id: 'ind18-scheduled-run-name-snake-collection',
    requirements: ['NAME-MATCHES-ID', 'SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      "A scheduled run's name is built from the table's name, `scheduled_runs/<id>` (an underscore), where the path and the specification spell the collection `scheduled-runs/<id>`.",
    behaviour: (b) => {
      presentWith(b, 'scheduledRun', (view) => ({ ...view, name: `scheduled_runs/${String(view.id)}` }));
    },
    probe: async (call) => {
      const got = await call('GET', `/v1/scheduled-runs/${FIXTURE_IDS.scheduledRunId}`);
      return String(got.body.scheduled_run.name).split('/')[0];
    },
    shows: 'scheduled_runs',
  }),
];

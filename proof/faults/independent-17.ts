// Independent faults, round 17: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).

import { invalidArgument } from '../../lib/reference/http/errors.js';
import type { Call } from '../probes/call.js';
import { fault, readAs } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs (none known yet). */
export const UNDETECTED: Readonly<Record<string, string>> = {};

const GET_AGENT = 'GET /v1/agents/{agent_id}';
const GET_MUTATION = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}';
const GET_METRIC = 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}';

/** A new CHAT agent whose chat_endpoint ends with `tail`: its id. */
async function chatAgent(call: Call, tail: string): Promise<string> {
  const created = await call('POST', '/v1/agents', {
    body: {
      display_name: `ind17 chat ${tail}`,
      model_type: 'MODEL_TYPE_CHAT',
      metadata: { chat_endpoint: `https://chat.example.com/${tail}`, response_format: 'chat_completions' },
    },
  });
  return String(created.body.agent.id);
}

interface Subvalue {
  readonly message_index: number;
}
interface ListedOutput {
  readonly metric_output_id: string;
  readonly subvalues_by_timestamp?: readonly Subvalue[];
}

/** A simulation output with time segments, as listed: its simulation id and the listed output. */
async function segmentedOutput(call: Call): Promise<{ simulationId: string; listed: Required<ListedOutput> }> {
  const runs = await call('GET', '/v1/runs?page_size=1000');
  const simulations = new Set<string>(
    runs.body.runs.flatMap((run: { results?: { output_ids?: string[] } }) => run.results?.output_ids ?? []),
  );
  for (const simulationId of simulations) {
    const metrics = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1000`);
    const listed = (metrics.body.metrics ?? []).find((m: ListedOutput) => (m.subvalues_by_timestamp ?? []).length > 0);
    if (listed) return { simulationId, listed };
  }
  throw new Error('no simulation output with time segments');
}

export const INDEPENDENT_17_FAULTS = [
  fault({
    id: 'ind17-mutation-parameter-values-object-text',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED'],
    slips: ['broken'],
    description:
      'parameter_values derived from config_overrides are written with String(value) per top-level key, not flattened: an override holding an object (`{"metadata": {"response_format": "responses"}}`) is derived as `{"metadata": "[object Object]"}`.',
    behaviour: (b) => {
      b.mutationRules.parameterValues = (given, overrides) =>
        given ?? Object.fromEntries(Object.entries(overrides).map(([key, value]) => [key, String(value)]));
    },
    probe: async (call) => {
      const agentId = await chatAgent(call, 'ind17-derived');
      const created = await call('POST', `/v1/agents/${agentId}/mutations`, {
        body: { display_name: 'Responses API', config_overrides: { metadata: { response_format: 'responses' } } },
      });
      return created.body.mutation?.parameter_values;
    },
    shows: { metadata: '[object Object]' },
  }),
  fault({
    id: 'ind17-metric-get-message-index-one-based',
    requirements: ['METRIC-GET'],
    slips: ['scope'],
    description:
      "GET of one metric output numbers its subvalues' message_index from 1 (the detail view writes the transcript's display numbering), while the metrics list gives the same subvalues numbered from 0.",
    behaviour: (b) =>
      readAs(b, GET_METRIC, 'metric', (metric) => ({
        ...metric,
        subvalues_by_timestamp: (metric.subvalues_by_timestamp as unknown as Subvalue[]).map((s) => ({
          ...s,
          message_index: s.message_index + 1,
        })),
      })),
    probe: async (call) => {
      const { simulationId, listed } = await segmentedOutput(call);
      const got = await call('GET', `/v1/simulations/${simulationId}/metrics/${listed.metric_output_id}`);
      const shifts = (got.body.metric.subvalues_by_timestamp as Subvalue[]).map(
        (s, i) => s.message_index - listed.subvalues_by_timestamp[i].message_index,
      );
      return [...new Set(shifts)];
    },
    shows: [1],
  }),
  fault({
    id: 'ind17-agent-get-configuration-cached-by-type',
    requirements: ['AGENT-GET', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "GET /v1/agents/{agent_id} serves the simulator configuration (metadata) from a cache keyed by model_type (meant for the type's key rules): after one CHAT agent was read, every other CHAT agent reads back with that agent's configuration.",
    behaviour: (b) => {
      const byType = new Map<string, unknown>();
      readAs(b, GET_AGENT, 'agent', (agent) => {
        const type = String(agent.model_type);
        if (!byType.has(type)) byType.set(type, agent.metadata);
        return { ...agent, metadata: byType.get(type) as never };
      });
    },
    probe: async (call) => {
      const first = await chatAgent(call, 'ind17-first');
      await call('GET', `/v1/agents/${first}`);
      const second = await chatAgent(call, 'ind17-second');
      const got = await call('GET', `/v1/agents/${second}`);
      return got.body.agent?.metadata?.chat_endpoint;
    },
    shows: 'https://chat.example.com/ind17-first',
  }),
  fault({
    id: 'ind17-mutation-get-time-whole-seconds',
    requirements: ['MUTATION-GET', 'READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      "GET of a mutation reads create_time from a DATETIME column without fractional seconds, while the create answer carries the instant in milliseconds: the same mutation's create_time reads 0.001 to 0.999 s earlier on GET (`...:05.000Z` for `...:05.412Z`).",
    behaviour: (b) =>
      readAs(b, GET_MUTATION, 'mutation', (m) => ({
        ...m,
        create_time: String(m.create_time).replace(/\.\d+Z$/, '.000Z'),
      })),
    probe: async (call) => {
      const agentId = await chatAgent(call, 'ind17-seconds');
      for (let attempt = 0; ; attempt++) {
        const created = await call('POST', `/v1/agents/${agentId}/mutations`, {
          body: { display_name: `Precise ${attempt}` },
        });
        const mutation = created.body.mutation;
        if (String(mutation.create_time).endsWith('.000Z')) continue;
        const got = await call('GET', `/v1/agents/${agentId}/mutations/${mutation.id}`);
        return got.body.mutation.create_time === mutation.create_time;
      }
    },
    shows: false,
  }),
  fault({
    id: 'ind17-body-leading-whitespace-refused',
    requirements: ['REQUEST-JSON-FORMS'],
    slips: ['broken'],
    description:
      'A request body is screened for an object by its first character (`text[0] !== "{"`, to refuse arrays and scalars before parsing): a JSON object preceded by a line break or a blank, valid JSON text, is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const read = b.requestBody;
      b.requestBody = (text, headers) => {
        if (text !== '' && !text.startsWith('{')) throw invalidArgument('body', 'the body must be a JSON object');
        return read(text, headers);
      };
    },
    probe: async (call) => {
      const body = JSON.stringify({ input_str: 'Where is my parcel?', test_set_id: 'ts-ind17' });
      const answer = await call('POST', '/v1/test-cases', { raw: `\n${body}` });
      return answer.status;
    },
    shows: 400,
  }),
];

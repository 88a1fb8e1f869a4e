// Round 7 of the independent fault writers (issue #30, point 4): faults written from the
// specification and the reference's code alone, without reading the suite's checks.
//
// Dropped on review:
//   ind7-agent-ids-seeded-by-second: a repeat of ind2-agent-ids-seeded-per-second (the same slip, the same rule)
//   ind7-filter-compact-two-character-operators: `a!=b` refused while `a=b` is read: comparisons without blanks are
//     a convention the strict profile checks (LIST-FILTER-COMPACT), a rarer form a server may refuse

import { ApiError } from '../../lib/reference/http/errors.js';
import { parse as parseYaml } from 'yaml';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import type { FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, finalizeWith, paths, presentWith, respondWith, rereadTestCase } from './define.js';

const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** Creates a voice agent and answers its id. */
async function voiceAgent(call: Call, name = 'ind7 agent'): Promise<string> {
  const made = await call('POST', '/v1/agents', {
    body: { display_name: name, model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550100' },
  });
  return made.body.agent.id as string;
}

/** Nesting depth of a JSON value: a scalar is 0, an object or array one more than its deepest member. */
function depth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const members = Array.isArray(value) ? value : Object.values(value);
  return 1 + members.reduce<number>((most, member) => Math.max(most, depth(member)), 0);
}

/** An object nested `levels` deep: {"level": {"level": ... {"step": "end"}}}. */
function nested(levels: number): JsonObject {
  let value: JsonObject = { step: 'end' };
  for (let i = 1; i < levels; i++) value = { level: value };
  return value;
}

/** Of an AND's comparisons, the last on each field (a query object keyed by field, each comparison overwriting the one before). */
function lastPerField(expr: FilterExpr): FilterExpr {
  if (expr.kind === 'cmp') return expr;
  const terms = expr.terms.map(lastPerField);
  if (expr.kind === 'or') return { ...expr, terms };
  const kept = terms.filter(
    (term, i) => term.kind !== 'cmp' || !terms.slice(i + 1).some((t) => t.kind === 'cmp' && t.field === term.field),
  );
  return { ...expr, terms: kept };
}

/** Text encoded as CESU-8 (Java's modified UTF-8 without its NUL rule): each UTF-16 unit on its own, a surrogate as three bytes. */
function cesu8(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Buffer.from(bytes);
}

const HEADSET_NAME = 'Support line \u{1F3A7}';

export const INDEPENDENT_7_FAULTS = [
  fault({
    id: 'ind7-auth-refusal-sticks-to-connection',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'The key check remembers a refusal per connection (a session flag set on the socket): after one request with a wrong key, every later request on the same keep-alive connection is refused with UNAUTHENTICATED, the valid key too.',
    behaviour: (b) => {
      const refused = new WeakSet<object>();
      const admitted = b.auth.admitted;
      b.auth.admitted = (connection, accepted) => {
        if (!accepted) refused.add(connection);
        return admitted(connection, accepted) && !refused.has(connection);
      };
    },
    probe: async (call) => {
      const path = '/v1/personas/phone-numbers';
      const wrong = await call('GET', path, { key: 'ind7-wrong-key' });
      // The client's pool may open a second connection for the next request; a few reach the first one again.
      const valid: string[] = [];
      for (let i = 0; i < 6; i++) valid.push((await call('GET', path)).body?.error?.code ?? 'served');
      return [wrong.status, valid.includes('UNAUTHENTICATED')];
    },
    shows: [401, true],
  }),
  fault({
    id: 'ind7-agent-workflows-depth-100-internal',
    requirements: ['AGENT-CREATE'],
    slips: ['broken'],
    description:
      'An agent is stored in a JSON column with a nesting limit of 100 (MySQL: "the JSON document exceeds the maximum depth"): workflows nested deeper, valid JSON well under 10 MB, fail with 500 INTERNAL instead of being created.',
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        if (depth(record.workflows) > 100) throw new Error('the JSON document exceeds the maximum depth');
        return created(record, body);
      };
    },
    probe: async (call) => {
      const made = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind7 deep workflows',
          model_type: 'MODEL_TYPE_VOICE',
          phone_number: '+14155550100',
          workflows: nested(120),
        },
      });
      return made.status;
    },
    shows: 500,
  }),
  fault({
    id: 'ind7-mutation-id-lowercased',
    requirements: ['MUTATION-GET'],
    slips: ['broken'],
    description:
      'Mutation IDs (ULIDs) are written through a ULID type whose text form is lower case, while the store keys them as generated: the id a mutation is answered with names no mutation, and GET of it answers NOT_FOUND.',
    behaviour: (b) => presentWith(b, 'mutation', (view) => ({ ...view, id: String(view.id).toLowerCase() })),
    probe: async (call) => {
      const agentId = await voiceAgent(call);
      const made = await call('POST', `/v1/agents/${agentId}/mutations`, { body: { display_name: 'ind7 variant' } });
      const got = await call('GET', `/v1/agents/${agentId}/mutations/${made.body.mutation.id}`);
      return got.status;
    },
    shows: 404,
  }),
  fault({
    id: 'ind7-filter-range-last-bound-wins',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['broken'],
    description:
      'The filter is turned into a query object keyed by field ({create_time: {$lt: ...}}), so of two comparisons ANDed on one field only the last is kept: create_time > A AND create_time < B, a range, selects everything before B.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => matches(lastPerField(expr), item, fields);
    },
    probe: async (call) => {
      const filter = 'create_time > "2999-01-01T00:00:00Z" AND create_time < "2999-01-02T00:00:00Z"';
      const listed = await call('GET', `/v1/runs?page_size=3&filter=${encodeURIComponent(filter)}`);
      return listed.body.runs.length;
    },
    shows: 3,
  }),
  fault({
    id: 'ind7-review-rules-as-enum-constants',
    requirements: ['REVIEW-PROJECT-RULES'],
    slips: ['broken'],
    description:
      'project_rules are written through a proto enum whose constants are upper case: require_disagreement_notes, the one allowed value, comes back REQUIRE_DISAGREEMENT_NOTES.',
    behaviour: (b) =>
      presentWith(b, 'reviewProject', (view) => ({
        ...view,
        project_rules: Array.isArray(view.project_rules)
          ? view.project_rules.map((rule) => String(rule).toUpperCase())
          : view.project_rules,
      })),
    probe: async (call) => {
      const made = await reviewProject(call, { project_rules: ['require_disagreement_notes'] });
      return [made.status, made.body?.review_project?.project_rules];
    },
    shows: [200, ['REQUIRE_DISAGREEMENT_NOTES']],
  }),
  fault({
    id: 'ind7-persona-wait-seconds-as-text',
    requirements: ['PERSONA-FIELDS', 'SCHEMA-CANONICAL'],
    seenThrough: ['LIST-PAGINATION-COMPLETE'],
    slips: { 'PERSONA-FIELDS': ['broken'], 'SCHEMA-CANONICAL': ['type'] },
    description:
      'A persona\'s wait_seconds is read from a NUMERIC column, which the database driver hands over as text: personas carry "wait_seconds": "1.5", a string where the table gives a number.',
    behaviour: (b) => presentWith(b, 'persona', (view) => ({ ...view, wait_seconds: String(view.wait_seconds) })),
    probe: async (call) => {
      const listed = await call('GET', '/v1/personas?page_size=1');
      const got = await call('GET', `/v1/personas/${listed.body.personas[0].id}`);
      return typeof got.body.persona.wait_seconds;
    },
    shows: 'string',
  }),
  fault({
    id: 'ind7-json-written-cesu8',
    requirements: ['RESPONSE-JSON-UTF8', 'AGENT-CREATE'],
    slips: ['broken'],
    description:
      "JSON answers are encoded unit by unit (CESU-8, as Java's modified UTF-8 writes them): a character outside the Basic Multilingual Plane goes out as its two surrogates, three bytes each, which is not UTF-8; an agent named with an emoji reads back as replacement characters.",
    behaviour: (b) => {
      b.responseBytes = (text) => cesu8(text);
      b.contentLength = (text) => cesu8(text).length;
    },
    probe: async (call) => {
      const made = await call('POST', '/v1/agents', {
        body: { display_name: HEADSET_NAME, model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550100' },
      });
      return made.body.agent.display_name === HEADSET_NAME;
    },
    shows: false,
  }),
  fault({
    id: 'ind7-error-description-as-list',
    requirements: ['ERROR-ENVELOPE'],
    slips: ['type'],
    description:
      'A body field\'s error detail carries its description as the validator\'s list of messages (["must be at most 200 characters"]) rather than a string; errors of the path, query and key keep strings.',
    behaviour: (b) => {
      const details = b.errors.details;
      b.errors.details = (error) =>
        details(error).map((d) =>
          d.location === 'body' ? ({ ...d, description: [d.description] } as unknown as typeof d) : d,
        );
    },
    probe: async (call) => {
      const refused = await call('POST', '/v1/agents', {
        body: { display_name: 'x'.repeat(201), model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550100' },
      });
      return [refused.status, Array.isArray(refused.body.error.details[0].description)];
    },
    shows: [400, true],
  }),
  fault({
    id: 'ind7-spec-persona-order-by-enum',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published personas list gives order_by an enum of the three field names (create_time, update_time, name), generated from the sortable columns: the descending forms the service takes and the specification names (-create_time, "name desc") are invalid by the document.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const all = paths(doc);
        const list = all['/v1/personas']?.get;
        if (!list) return doc;
        const parameters = (list.parameters as JsonObject[]).map((p) =>
          p.name === 'order_by'
            ? { ...p, schema: { ...(p.schema as JsonObject), enum: ['create_time', 'update_time', 'name'] } }
            : p,
        );
        return { ...doc, paths: { ...all, '/v1/personas': { ...all['/v1/personas'], get: { ...list, parameters } } } };
      }),
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const doc = await call('GET', `/v1/openapi/${listing.body.specs[0].spec_name}`, {
        headers: { Accept: 'application/json' },
      });
      const parameters = doc.body.paths['/v1/personas'].get.parameters as JsonObject[];
      return (parameters.find((p) => p.name === 'order_by')?.schema as JsonObject).enum ?? null;
    },
    shows: ['create_time', 'update_time', 'name'],
  }),
  fault({
    id: 'ind7-script-turns-deduplicated',
    requirements: ['TESTCASE-CREATE'],
    slips: ['broken'],
    description:
      'A SCRIPT test case\'s script_turns are stored through a Set (meant to drop accidental double submissions): a persona line said twice, such as "Yes" to two questions, is kept once, and the ordered script comes back a turn short.',
    behaviour: (b) =>
      rereadTestCase(b, ['simulation_metadata_input'], (original) => (fields, request) => {
        const read = original(fields, request);
        const turns = read?.script_turns;
        return read && Array.isArray(turns) ? { ...read, script_turns: [...new Set(turns)] } : read;
      }),
    probe: async (call) => {
      const made = await call('POST', '/v1/test-cases', {
        body: {
          input_str: 'A caller confirms two bookings',
          test_set_id: 'ts7scrpt',
          input_type: 'SCRIPT',
          simulation_metadata_input: { script_turns: ['Hello', 'Yes', 'Tuesday', 'Yes', 'Bye'] },
        },
      });
      return made.body.test_case?.simulation_metadata_input?.script_turns ?? made.status;
    },
    shows: ['Hello', 'Yes', 'Tuesday', 'Bye'],
  }),
  fault({
    id: 'ind7-metric-get-wrapped-as-metric-output',
    requirements: ['ENVELOPE-WRAPPED', 'METRIC-GET'],
    slips: ['broken'],
    description:
      "GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} wraps the output under metric_output (the resource type's name in the table, Metric output), where the endpoint table gives {metric: MetricOutput}; the list keeps metrics.",
    behaviour: (b) =>
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', (body) => {
        const { metric, ...rest } = body;
        return { ...rest, metric_output: metric };
      }),
    probe: async (call) => {
      const simulationId = await fixtureSimulation(call);
      const listed = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1`);
      const got = await call(
        'GET',
        `/v1/simulations/${simulationId}/metrics/${listed.body.metrics[0].metric_output_id}`,
      );
      return Object.keys(got.body);
    },
    shows: ['metric_output'],
  }),
  fault({
    id: 'ind7-scheduled-cron-stored-bare',
    requirements: ['SCHEDULED-RUN-EXPRESSION-FORM'],
    seenThrough: ['SCHEDULED-RUN-GET', 'TIMESTAMP-ORDER'],
    slips: ['broken'],
    description:
      'A cron schedule is kept as the scheduler library takes it, without its cron(...) wrapper, and only rate expressions get theirs back when read: a scheduled run on cron(0 12 * * ? *) answers schedule_expression 0 12 * * ? *, in neither form.',
    behaviour: (b) =>
      presentWith(b, 'scheduledRun', (view) => {
        const expression = String(view.schedule_expression);
        const bare = /^cron\((.*)\)$/.exec(expression);
        return bare ? { ...view, schedule_expression: bare[1] } : view;
      }),
    probe: async (call) => {
      const got = await call('GET', `/v1/scheduled-runs/${FIXTURES.deletableScheduledRunId}`);
      return got.body.scheduled_run?.schedule_expression ?? got.status;
    },
    shows: '0 12 * * ? *',
  }),
  fault({
    id: 'ind7-spec-json-xssi-prefix',
    requirements: ['SPEC-JSON-ON-REQUEST'],
    slips: ['broken'],
    description:
      "The JSON form of a published document is written with an anti-JSON-hijacking prefix, )]}' and a line break, before the document (a web framework's XSSI guard left on for that route): the answer labelled application/json is no JSON.",
    behaviour: (b) => {
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const out = written(text, form, name);
        return form === 'json' ? `)]}'\n${out}` : out;
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const doc = await call('GET', `/v1/openapi/${listing.body.specs[0].spec_name}`, {
        headers: { Accept: 'application/json' },
      });
      return doc.text.slice(0, 5);
    },
    shows: ")]}'\n",
  }),
  fault({
    id: 'ind7-auth-key-percent-decoded',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'X-API-Key is percent-decoded before it is compared (read through the helper that decodes query parameters): %72ef-test-key-0001, another key than the valid one, is accepted as ref-test-key-0001.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, presented) => {
        if (accepts(endpoint, presented)) return true;
        try {
          return presented !== undefined && accepts(endpoint, decodeURIComponent(presented));
        } catch {
          return false;
        }
      };
    },
    probe: async (call) => {
      const encoded = `%${'ref-test-key-0001'.charCodeAt(0).toString(16)}${'ref-test-key-0001'.slice(1)}`;
      const got = await call('GET', '/v1/personas/phone-numbers', { key: encoded });
      return got.status;
    },
    shows: 200,
  }),
  fault({
    id: 'ind7-dashboard-rename-to-own-name-refused',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      "A dashboard PATCH checks the new display_name against every dashboard's, its own included (a uniqueness check copied from mutations without excluding the row updated): sending the name the dashboard already has, a valid display_name, is refused with ALREADY_EXISTS.",
    behaviour: (b) => {
      const kept = b.kept;
      b.kept = (kind, updated, previous) => {
        const named = (record: object) => (record as { display_name?: unknown }).display_name;
        if (kind === 'dashboard' && named(updated) === named(previous))
          throw new ApiError('ALREADY_EXISTS', 'a dashboard with this display_name already exists', [
            { field: 'display_name', description: 'is already used by a dashboard', location: 'body' },
          ]);
        return kept(kind, updated, previous);
      };
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURES.dashboardId}`;
      const first = await call('PATCH', path, { body: { display_name: 'ind7 quality overview' } });
      const again = await call('PATCH', path, { body: { display_name: 'ind7 quality overview' } });
      return [first.status, again.status, again.body?.error?.code ?? null];
    },
    shows: [200, 409, 'ALREADY_EXISTS'],
  }),
  fault({
    id: 'ind7-spec-key-scheme-in-query',
    requirements: ['SPEC-SECURITY-SCHEME'],
    slips: ['broken'],
    description:
      'The published security scheme is declared in: query (the API-key template a generator offers first), named X-API-Key: a client built from the document sends the key as a query parameter, which the service does not read.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const components = (doc.components ?? {}) as JsonObject;
        const schemes = (components.securitySchemes ?? {}) as Record<string, JsonObject>;
        const moved = Object.fromEntries(
          Object.entries(schemes).map(([name, scheme]) => [
            name,
            scheme.in === 'header' ? { ...scheme, in: 'query' } : scheme,
          ]),
        );
        return { ...doc, components: { ...components, securitySchemes: moved } };
      }),
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const doc = await call('GET', `/v1/openapi/${listing.body.specs[0].spec_name}`, {
        headers: { Accept: 'application/json' },
      });
      return Object.values(doc.body.components.securitySchemes as Record<string, JsonObject>).map((s) => s.in);
    },
    shows: ['query'],
  }),
  fault({
    id: 'ind7-review-description-null-as-text',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'A review project\'s description is stored as String(value): a project created without one (or with null) answers description "null", the text, where the table gives a string or null.',
    behaviour: (b) => {
      const description = b.reviewProjectFields.description;
      b.reviewProjectFields = { ...b.reviewProjectFields, description: (f) => String(description(f)) };
    },
    probe: async (call) => {
      const made = await reviewProject(call, {});
      return made.body.review_project?.description ?? made.status;
    },
    shows: 'null',
  }),
  fault({
    id: 'ind7-chat-custom-headers-templates-rendered',
    requirements: ['AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      "A CHAT agent's custom_headers are run through the template renderer when the agent is saved, not when a request is sent: with no session yet, {{sessionId}} and the other template variables are rendered empty, and the headers come back without them.",
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const agent = created(record, body);
        const headers = agent.metadata?.custom_headers;
        if (typeof headers !== 'string') return agent;
        return { ...agent, metadata: { ...agent.metadata, custom_headers: headers.replace(/\{\{[^}]*\}\}/g, '') } };
      };
    },
    probe: async (call) => {
      const headers = '{"X-Session": "{{sessionId}}", "X-Output": "{{simulation_output_id}}"}';
      const made = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind7 chat headers',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: 'https://chat.example.com/v1/messages', custom_headers: headers },
        },
      });
      return made.body.agent?.metadata?.custom_headers ?? made.status;
    },
    shows: '{"X-Session": "", "X-Output": ""}',
  }),
  fault({
    id: 'ind7-runs-tag-and-one-tag-row',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['broken'],
    description:
      'Tag comparisons joined by AND are evaluated against one row of the run_tags join at a time: tag = nightly AND tag = smoke asks one tag to be both, so a run tagged with both matches nothing.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => {
        if (expr.kind !== 'and') return matches(expr, item, fields);
        const onTag = (t: FilterExpr) => t.kind === 'cmp' && t.field === 'tag';
        const tagTerms = expr.terms.filter(onTag);
        if (tagTerms.length < 2) return matches(expr, item, fields);
        const others = expr.terms.filter((t) => !onTag(t));
        const tags = ((item as { tags?: readonly string[] }).tags ?? []) as readonly string[];
        return (
          (others.length === 0 || matches({ kind: 'and', terms: others }, item, fields)) &&
          tags.some((tag) => matches({ kind: 'and', terms: tagTerms }, { ...(item as object), tags: [tag] }, fields))
        );
      };
    },
    probe: async (call) => {
      const runs = await call('GET', '/v1/runs?page_size=1000');
      const tagged = (runs.body.runs as { tags: string[] }[]).find((r) => r.tags.length >= 2);
      if (!tagged) return 'no run with two tags';
      const filter = `tag = "${tagged.tags[0]}" AND tag = "${tagged.tags[1]}"`;
      const listed = await call('GET', `/v1/runs?page_size=1000&filter=${encodeURIComponent(filter)}`);
      return listed.body.runs.length;
    },
    shows: 0,
  }),
  fault({
    id: 'ind7-spec-persona-id-pattern-ulid',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published persona_id path parameter carries the mutation ID's pattern, ^[A-Za-z0-9]{26}$ (one shared ID parameter definition): every persona ID the service serves, 22 characters, is invalid by the document.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const all = paths(doc);
        const item = all['/v1/personas/{persona_id}'];
        if (!item) return doc;
        const patched = Object.fromEntries(
          Object.entries(item).map(([method, op]) => [
            method,
            Array.isArray(op.parameters)
              ? {
                  ...op,
                  parameters: (op.parameters as JsonObject[]).map((p) =>
                    p.name === 'persona_id'
                      ? { ...p, schema: { ...(p.schema as JsonObject), pattern: '^[A-Za-z0-9]{26}$' } }
                      : p,
                  ),
                }
              : op,
          ]),
        );
        return { ...doc, paths: { ...all, '/v1/personas/{persona_id}': patched } };
      }),
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const doc = await call('GET', `/v1/openapi/${listing.body.specs[0].spec_name}`, {
        headers: { Accept: 'application/json' },
      });
      const parameters = doc.body.paths['/v1/personas/{persona_id}'].get.parameters as JsonObject[];
      return (parameters.find((p) => p.name === 'persona_id')?.schema as JsonObject).pattern ?? null;
    },
    shows: '^[A-Za-z0-9]{26}$',
  }),
  fault({
    id: 'ind7-personas-desc-suffix-letters-only',
    requirements: ['LIST-ORDER-BY-DESC-SUFFIX'],
    slips: ['broken'],
    description:
      'The trailing desc form of order_by is read with /^([a-z]+) desc$/, a field of letters only: name desc sorts descending, but create_time desc and update_time desc, fields with an underscore, are refused as unreadable.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        if (raw !== null && / desc$/.test(raw.trim()) && !/^[a-z]+ desc$/.test(raw.trim()))
          throw invalidArgument('order_by', 'is not a field name followed by desc', 'query');
        return order(raw, list);
      };
    },
    probe: async (call) => {
      const byName = await call('GET', `/v1/personas?page_size=2&order_by=${encodeURIComponent('name desc')}`);
      const byTime = await call('GET', `/v1/personas?page_size=2&order_by=${encodeURIComponent('create_time desc')}`);
      return [byName.status, byTime.status];
    },
    shows: [200, 400],
  }),
  fault({
    id: 'ind7-spec-yaml-descriptions-folded',
    requirements: ['SPEC-SAME-DOCUMENT'],
    slips: ['broken'],
    description:
      'The YAML form writes every description as a block scalar with the default chomping (> rather than >-), which keeps a final line break: read back, each description of the YAML form ends with a newline its JSON form lacks.',
    behaviour: (b) => {
      const withBreaks = (value: unknown): unknown => {
        if (Array.isArray(value)) return value.map(withBreaks);
        if (value === null || typeof value !== 'object') return value;
        return Object.fromEntries(
          Object.entries(value).map(([k, v]) => [
            k,
            k === 'description' && typeof v === 'string' ? `${v}\n` : withBreaks(v),
          ]),
        );
      };
      finalizeWith(b, (doc, form) => (form === 'yaml' ? (withBreaks(doc) as JsonObject) : doc));
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const name = listing.body.specs[0].spec_name as string;
      const yaml = parseYaml((await call('GET', `/v1/openapi/${name}`)).text) as JsonObject;
      const json = (await call('GET', `/v1/openapi/${name}`, { headers: { Accept: 'application/json' } })).body;
      const describe = (doc: JsonObject) =>
        ((paths(doc)['/v1/personas']?.get?.parameters ?? []) as JsonObject[]).map((p) => p.description);
      return describe(yaml).filter((d, i) => d !== describe(json)[i]).length > 0;
    },
    shows: true,
  }),
  fault({
    id: 'ind7-order-by-default-field-keeps-direction',
    requirements: ['LIST-ORDER-BY'],
    slips: ['broken'],
    description:
      "An order_by naming the default order's field is taken for the default itself (if (field === defaultField) use the default): order_by=create_time on the runs list, ascending as asked, comes newest first like -create_time.",
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const asked = order(raw, list);
        const fallback = list.defaultOrder === null ? null : order(list.defaultOrder, list);
        return fallback && asked.field === fallback.field ? fallback : asked;
      };
    },
    probe: async (call) => {
      const listed = await call('GET', '/v1/runs?page_size=5&order_by=create_time');
      const times = (listed.body.runs as { create_time: string }[]).map((r) => Date.parse(r.create_time));
      return times.every((t, i) => i === 0 || t <= times[i - 1]!);
    },
    shows: true,
  }),
  fault({
    id: 'ind7-expected-output-null-wrapped',
    requirements: ['TESTCASE-EXPECTED-OUTPUT-WRAPPED'],
    slips: ['explicit'],
    description:
      'expected_output_str is taken as given when its key is present ("expected_output_str" in body), an explicit null too: a test case sent with expected_output_str null and no expected_behaviors gets expected_behaviors [null], a list holding no string.',
    behaviour: (b) =>
      rereadTestCase(b, ['expected_behaviors'], (original) => (fields, request) => {
        const read = original(fields, request);
        const body = (fields as unknown as { source: JsonObject }).source;
        return read === null && 'expected_output_str' in body && !('expected_behaviors' in body)
          ? [body.expected_output_str as string]
          : read;
      }),
    probe: async (call) => {
      const made = await call('POST', '/v1/test-cases', {
        body: { input_str: 'A caller asks for opening hours', test_set_id: 'ts7nullx', expected_output_str: null },
      });
      return made.body.test_case?.expected_behaviors ?? made.status;
    },
    shows: [null],
  }),
  fault({
    id: 'ind7-metrics-last-token-null-text',
    requirements: ['LIST-LAST-PAGE', 'LIST-PAGINATION-COMPLETE'],
    slips: ['broken'],
    description:
      'The metrics list writes next_page_token with String(token): on the last page, where there is none, it answers the text "null", a token that the next request sends back and that is refused as not issued.',
    behaviour: (b) => {
      const endOfList = b.lists.endOfList;
      b.lists.endOfList = (list, pageToken) => (list.id === 'metrics' ? 'null' : endOfList(list, pageToken));
    },
    probe: async (call) => {
      const simulationId = await fixtureSimulation(call);
      const listed = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1000`);
      return listed.body.next_page_token;
    },
    shows: 'null',
  }),
  fault({
    id: 'ind7-websocket-auth-header-stored-as-sent',
    // The secret's form is judged where the agent is read back.
    requirements: ['AGENT-CONFIG-ECHO', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      "A WEBSOCKET agent's authorization_header is stored as the handshake header it becomes (the table: Bearer <token> is sent as Authorization: Bearer): Bearer abc123 comes back Authorization: Bearer abc123, not the value sent.",
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const agent = created(record, body);
        const header = agent.metadata?.authorization_header;
        if (agent.model_type !== 'MODEL_TYPE_WEBSOCKET' || typeof header !== 'string') return agent;
        const sent = header.startsWith('Bearer ')
          ? `Authorization: ${header}`
          : header.replace(/^X-API-Key /, 'X-API-Key: ');
        return { ...agent, metadata: { ...agent.metadata, authorization_header: sent } };
      };
    },
    probe: async (call) => {
      const made = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind7 websocket',
          model_type: 'MODEL_TYPE_WEBSOCKET',
          metadata: {
            endpoint: 'wss://voice.example.com/agent',
            initialization_json: '{"type": "start"}',
            authorization_header: 'Bearer abc123',
          },
        },
      });
      return made.body.agent?.metadata?.authorization_header ?? made.status;
    },
    shows: 'Authorization: Bearer abc123',
  }),
  fault({
    id: 'ind7-chat-defaults-spread-over-given',
    requirements: ['CHAT-RESPONSE-FORMAT', 'AGENT-CONFIG-ECHO'],
    slips: ['broken'],
    description:
      'A CHAT configuration is completed with its defaults spread after it ({...config, ...CHAT_DEFAULTS}, the operands in the wrong order): response_format responses and strip_message_timestamps true, both sent, come back chat_completions and false.',
    behaviour: (b) => {
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const agent = created(record, body);
        if (agent.model_type !== 'MODEL_TYPE_CHAT' || agent.metadata === null) return agent;
        return {
          ...agent,
          metadata: { ...agent.metadata, response_format: 'chat_completions', strip_message_timestamps: false },
        };
      };
    },
    probe: async (call) => {
      const made = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind7 chat responses',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: {
            chat_endpoint: 'https://chat.example.com/v1/responses',
            response_format: 'responses',
            strip_message_timestamps: true,
          },
        },
      });
      const config = made.body.agent?.metadata;
      return config ? [config.response_format, config.strip_message_timestamps] : made.status;
    },
    shows: ['chat_completions', false],
  }),
  fault({
    id: 'ind7-scheduled-run-utc-zone-null',
    requirements: ['SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      "A scheduled run's zone is kept as a timezone-aware value whose zone is dropped when it is UTC (a naive datetime is taken for UTC): a scheduled run on UTC answers schedule_timezone null instead of the zone name; Europe/Paris is kept.",
    behaviour: (b) =>
      presentWith(b, 'scheduledRun', (view) =>
        view.schedule_timezone === 'UTC' ? { ...view, schedule_timezone: null } : view,
      ),
    probe: async (call) => {
      const got = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`);
      return got.body.scheduled_run ? got.body.scheduled_run.schedule_timezone : got.status;
    },
    shows: null,
  }),
] as const;

/** A simulation of the fixtures: the first output of the runs listed. */
async function fixtureSimulation(call: Call): Promise<string> {
  const runs = await call('GET', '/v1/runs?page_size=50');
  return (runs.body.runs as { results: { output_ids: string[] } }[]).flatMap((r) => r.results.output_ids)[0] ?? '';
}

/** Review project creation with a simulation and a metric of the fixtures. */
async function reviewProject(call: Call, extra: JsonObject) {
  const runs = await call('GET', '/v1/runs?page_size=50');
  const simulationId = (runs.body.runs as { results: { output_ids: string[] } }[]).flatMap(
    (r) => r.results.output_ids,
  )[0];
  const metrics = await call('GET', `/v1/simulations/${simulationId}/metrics?page_size=1`);
  return call('POST', '/v1/review-projects', {
    body: {
      display_name: 'ind7 review',
      assignees: ['reviewer@example.com'],
      linked_simulation_ids: [simulationId],
      linked_metric_ids: [metrics.body.metrics[0].metric_id],
      ...extra,
    },
  });
}

/** No fault of this round is known undetected yet (the coordinator's run decides). */
/** Round 7's faults no check detects yet (measured at d68ce4b), each with the class of check it needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

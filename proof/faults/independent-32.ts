// Independent faults, round 32: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Area: agents, mutations, test cases, review projects and dashboards (every write, and what every read and list
// returns after it), and HTTP itself on any endpoint. 10 written (the writer stopped at the time limit; further ideas
// repeated catalog slips on another resource). Seams added: `testCaseBeforeStore` (an await before a test case is
// stored) and `null` in `codeAnswer` headers (a header left out); the correct service is unchanged.

import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { ApiError } from '../../lib/reference/http/errors.js';
import type { AgentRecord } from '../../lib/reference/store/records.js';
import type { Store } from '../../lib/reference/store/store.js';
import { DEFAULT_API_KEY, type ResourceKind } from '../../lib/reference/behaviour.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, type Fault, lastRequest, notModifiedWhen, respondWith } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** A well-formed 22-character ID, as metric_ids and test_set_ids hold. */
const METRIC_ID = 'M'.repeat(22);
const TEST_SET_ID = 'T'.repeat(22);

/** A valid voice agent's body with the given display_name and reference lists. */
const voiceAgent = (display_name: string): JsonObject => ({
  display_name,
  model_type: 'MODEL_TYPE_VOICE',
  phone_number: '+14155550123',
  metric_ids: [METRIC_ID],
  test_set_ids: [TEST_SET_ID],
});

/**
 * The bytes a request written by hand (`request(host)`: request line, headers and body, as sent) is answered with, on a
 * socket of its own that the service closes after its answer (the request says `Connection: close`).
 */
async function rawExchange(call: Call, request: (host: string) => string): Promise<Buffer> {
  const listing = await call('GET', '/v1/openapi');
  const url = new URL(String((listing.body.specs as { url: string }[])[0]?.url));
  return new Promise<Buffer>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.write(request(url.host));
  });
}

/** The final answer of a raw exchange (after any 1xx): its status, headers (names in lower case) and body bytes. */
function finalAnswer(bytes: Buffer): { status: number; headers: Record<string, string>; body: Buffer } {
  let rest = bytes;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    const head = rest.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
    const body = rest.subarray(end + 4);
    if (status >= 100 && status < 200 && body.length > 0) {
      rest = body;
      continue;
    }
    const headers = Object.fromEntries(
      head.slice(1).map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    return { status, headers, body };
  }
}

const FAULTS_32 = [
  fault({
    id: 'ind32-agent-rename-resets-reference-ids',
    requirements: ['READ-BACK-UNCHANGED', 'AGENT-GET'],
    slips: ['read-back'],
    description:
      "PATCH /v1/agents/{agent_id} (a rename) saves the agent through an update form whose list fields default to empty lists (`metric_ids: list[str] = []`), the form filled from the body alone: the agent's metric_ids and test_set_ids are stored empty. The answer to the PATCH is built from the agent as read plus the new name and shows the lists intact; every later GET reads them empty.",
    behaviour: (b) => {
      const kept = b.kept;
      b.kept = <T extends object>(kind: ResourceKind, updated: T, previous: T): T => {
        const stored = kept(kind, updated, previous);
        return kind === 'agent' ? ({ ...stored, metric_ids: [], test_set_ids: [] } as T) : stored;
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', { body: voiceAgent('Reference lists kept') });
      const id = String(created.body.agent.id);
      const patched = await call('PATCH', `/v1/agents/${id}`, { body: { display_name: 'Reference lists renamed' } });
      const read = await call('GET', `/v1/agents/${id}`);
      return {
        patched: [patched.body.agent.metric_ids, patched.body.agent.test_set_ids],
        read: [read.body.agent.metric_ids, read.body.agent.test_set_ids],
      };
    },
    shows: { patched: [[METRIC_ID], [TEST_SET_ID]], read: [[], []] },
  }),

  fault({
    id: 'ind32-agents-listed-with-creation-name',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      'GET /v1/agents serves each agent from a listing index written when the agent is created and not written again when it is renamed (PATCH /v1/agents/{agent_id} updates the agent alone): a renamed agent is answered with its new display_name by the PATCH and by GET /v1/agents/{agent_id}, and listed with the name it was created with, for good.',
    behaviour: (b) => {
      const names = new Map<string, string>();
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const agent = created(record, body);
        names.set(agent.id, agent.display_name);
        return agent;
      };
      respondWith(b, 'GET /v1/agents', (body) => ({
        ...body,
        agents: (body.agents as JsonObject[]).map((agent) => {
          const name = names.get(String(agent.id));
          return name === undefined ? agent : { ...agent, display_name: name };
        }),
      }));
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', { body: voiceAgent('Listed before') });
      const id = String(created.body.agent.id);
      await call('PATCH', `/v1/agents/${id}`, { body: { display_name: 'Listed after' } });
      const got = await call('GET', `/v1/agents/${id}`);
      const list = await call('GET', '/v1/agents?page_size=100');
      const listed = (list.body.agents as JsonObject[]).find((agent) => agent.id === id);
      return { got: got.body.agent.display_name, listed: listed?.display_name };
    },
    shows: { got: 'Listed after', listed: 'Listed before' },
  }),

  fault({
    id: 'ind32-expect-continue-refused',
    requirements: ['TESTCASE-CREATE', 'AGENT-CREATE', 'MUTATION-CREATE', 'REVIEW-PROJECT-CREATE', 'DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'Requests with a body pass an expectation filter that answers 417 Expectation Failed (code EXPECTATION_FAILED, in the error envelope) to every Expect it does not support, and lists the one it supports as `100-Continue`, compared exactly, where the expectation token is case-insensitive (RFC 9110 10.1.1) and clients send `100-continue` (curl does for large bodies): a valid POST or PATCH sent with `Expect: 100-continue` is refused, and nothing is created or renamed; the same request without Expect succeeds.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const refusal = b.bodyRefusal;
      b.bodyRefusal = (contentType, endpoint) => {
        const expect = request()?.headers.expect;
        return expect !== undefined && expect !== '100-Continue'
          ? new ApiError('EXPECTATION_FAILED', `unsupported expectation: ${expect}`, [
              { field: 'Expect', description: 'is not a supported expectation', location: 'header' },
            ])
          : refusal(contentType, endpoint);
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'EXPECTATION_FAILED' ? 417 : status(code, endpoint));
    },
    probe: async (call) => {
      const body = JSON.stringify({ input_str: 'Hello, I would like to change my booking.', test_set_id: 'expect01' });
      const answer = await rawExchange(
        call,
        (host) =>
          `POST /v1/test-cases HTTP/1.1\r\nHost: ${host}\r\nX-API-Key: ${DEFAULT_API_KEY}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Expect: 100-continue\r\nConnection: close\r\n\r\n${body}`,
      );
      const final = finalAnswer(answer);
      const parsed = JSON.parse(final.body.toString('utf8')) as JsonObject;
      return { status: final.status, code: isJsonObject(parsed.error) ? parsed.error.code : null };
    },
    shows: { status: 417, code: 'EXPECTATION_FAILED' },
  }),

  fault({
    id: 'ind32-gzip-answer-with-plain-length',
    requirements: ['HTTP-MESSAGE-FRAMING', 'RESPONSE-ACCEPT-JSON'],
    slips: ['broken'],
    description:
      'A compression step added after the framework has set Content-Length gzips answers over 1 KiB for requests offering `Accept-Encoding: gzip` and labels them `Content-Encoding: gzip`, but leaves the Content-Length of the uncompressed JSON in place: the answer says it is longer than the bytes sent (a large list: tens of kilobytes declared, a few sent), so a client waits on the connection for bytes that never come, or, when the connection closes, reads a truncated message. Small answers, and requests offering no coding, are framed right.',
    behaviour: (b) => {
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const offered = String(req.headers['accept-encoding'] ?? '');
        if (!/\bgzip\b/i.test(offered) || bytes.length <= 1024) return codeAnswer(req, bytes);
        return {
          bytes: gzipSync(bytes),
          headers: { 'Content-Encoding': 'gzip', 'Content-Length': String(bytes.length) },
        };
      };
    },
    probe: async (call) => {
      const answer = finalAnswer(
        await rawExchange(
          call,
          (host) =>
            `GET /v1/personas?page_size=100 HTTP/1.1\r\nHost: ${host}\r\nX-API-Key: ${DEFAULT_API_KEY}\r\n` +
            'Accept-Encoding: gzip\r\nConnection: close\r\n\r\n',
        ),
      );
      return {
        status: answer.status,
        coding: answer.headers['content-encoding'] ?? null,
        declaredLongerThanSent: Number(answer.headers['content-length']) > answer.body.length,
      };
    },
    shows: { status: 200, coding: 'gzip', declaredLongerThanSent: true },
  }),

  fault({
    id: 'ind32-refused-agent-left-listed',
    requirements: ['AGENT-CREATE', 'ERROR-INVALID-ARGUMENT'],
    slips: ['state'],
    description:
      "POST /v1/agents inserts the agent's row first, with the display_name and model_type as sent, to reserve its id, then validates the other fields and fills the row in; a refusal (INVALID_ARGUMENT for a malformed metric_ids entry, a phone_number that is no E.164 number) returns without removing the row, outside any transaction: the refused agent is then listed by GET /v1/agents and served by GET /v1/agents/{agent_id}, though its creation was answered with an error.",
    behaviour: (b) => {
      let text = '';
      let draft: string | undefined;
      const requestBody = b.requestBody;
      b.requestBody = (received, headers) => {
        text = received;
        return requestBody(received, headers);
      };
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/agents') {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          if (isJsonObject(body) && typeof body.display_name === 'string') {
            const now = store.clock.now();
            const row: AgentRecord = {
              id: store.ids.token(22),
              display_name: body.display_name,
              model_type: String(body.model_type) as AgentRecord['model_type'],
              phone_number: null,
              endpoint: null,
              prompt: null,
              metadata: null,
              workflows: null,
              metric_ids: [],
              test_set_ids: [],
              knowledge_base_ids: [],
              create_time: now,
              update_time: now,
              deleted: false,
            };
            store.agents.set(row.id, row);
            draft = row.id;
          }
        }
        return named(endpoint, params, store);
      };
      const created = b.agentCreated;
      b.agentCreated = (record, body) => {
        const id = draft;
        draft = undefined;
        const agent = created(record, body);
        return id === undefined ? agent : { ...agent, id };
      };
    },
    probe: async (call) => {
      const refused = await call('POST', '/v1/agents', {
        body: { ...voiceAgent('Refused agent'), metric_ids: ['not-an-id'] },
      });
      const list = await call('GET', '/v1/agents?page_size=100');
      const listed = (list.body.agents as JsonObject[]).filter((agent) => agent.display_name === 'Refused agent');
      return { status: refused.status, code: refused.body.error?.code, listed: listed.length };
    },
    shows: { status: 400, code: 'INVALID_ARGUMENT', listed: 1 },
  }),
  fault({
    id: 'ind32-http10-list-answered-chunked',
    requirements: ['HTTP-MESSAGE-FRAMING'],
    slips: ['scope'],
    description:
      'The lists (GET /v1/agents, /v1/test-cases, /v1/personas, /v1/runs and a simulation\'s metrics) are written by a streaming writer that sets `Transfer-Encoding: chunked` by hand and drops Content-Length, whatever the request\'s HTTP version: an HTTP/1.0 request (with Host and the key) gets a chunked answer, which RFC 9112 6.1 forbids ("A server MUST NOT send a response containing Transfer-Encoding unless the corresponding request indicates HTTP/1.1") and an HTTP/1.0 client reads as a body with chunk sizes in it, no longer JSON. HTTP/1.1 requests are framed right, and answers of one resource carry Content-Length as before.',
    behaviour: (b) => {
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        const path = new URL(String(req.url), 'http://reference.invalid').pathname;
        const list = /^\/v1\/(agents|test-cases|personas|runs)$|^\/v1\/simulations\/[^/]+\/metrics$/.test(path);
        return req.method === 'GET' && list
          ? { ...coded, headers: { ...coded.headers, 'Content-Length': null, 'Transfer-Encoding': 'chunked' } }
          : coded;
      };
    },
    probe: async (call) => {
      const answer = finalAnswer(
        await rawExchange(
          call,
          (host) => `GET /v1/agents HTTP/1.0\r\nHost: ${host}\r\nX-API-Key: ${DEFAULT_API_KEY}\r\n\r\n`,
        ),
      );
      let json = true;
      try {
        JSON.parse(answer.body.toString('utf8'));
      } catch {
        json = false;
      }
      return { status: answer.status, transferEncoding: answer.headers['transfer-encoding'] ?? null, json };
    },
    shows: { status: 200, transferEncoding: 'chunked', json: false },
  }),

  fault({
    id: 'ind32-review-repeated-simulation-internal',
    requirements: ['REVIEW-PROJECT-CREATE', 'ERROR-INVALID-ARGUMENT'],
    slips: ['broken'],
    description:
      "A review project's linked_simulation_ids are stored as rows of a link table with a unique key on (project, simulation), inserted one by one, and the duplicate-key error reaches no handler: a project whose linked_simulation_ids names one simulation output twice is answered 500 INTERNAL (the driver's text as message), neither created nor refused with INVALID_ARGUMENT; lists without a repeat are stored as before.",
    behaviour: (b) => {
      const read = b.reviewProjectFields.linked_simulation_ids;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        linked_simulation_ids: (fields) => {
          const ids = read(fields);
          const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
          if (repeated !== undefined)
            throw new ApiError(
              'INTERNAL',
              `duplicate key value violates unique constraint "review_project_simulations_pkey": Key (project_id, simulation_id)=(…, ${repeated}) already exists.`,
            );
          return ids;
        },
      };
    },
    probe: async (call) => {
      const simulation = 'S'.repeat(24);
      const answer = await call('POST', '/v1/review-projects', {
        body: {
          display_name: 'Repeated simulation',
          assignees: ['reviewer@example.com'],
          linked_simulation_ids: [simulation, simulation],
          linked_metric_ids: ['M'.repeat(22)],
        },
      });
      return { status: answer.status, code: answer.body.error?.code ?? null };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'ind32-agent-etag-of-creation',
    requirements: ['READ-BACK-UNCHANGED', 'AGENT-GET'],
    slips: ['read-back'],
    description:
      "GET /v1/agents/{agent_id} answers carry a weak ETag made of the agent's id and create_time (the column meant as the row's version is the creation stamp, which no update moves), and a GET whose If-None-Match names it is answered 304 Not Modified with no body: after PATCH /v1/agents/{agent_id} renames the agent, a client revalidating the copy it read before is told that copy is current and keeps the old display_name. Unconditional GETs answer the renamed agent.",
    behaviour: (b) => {
      const request = lastRequest(b);
      let served: { req: unknown; agent: AgentRecord | undefined } | undefined;
      const tag = (agent: AgentRecord) => `W/"${agent.id}.${agent.create_time}"`;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        served =
          endpoint.key === 'GET /v1/agents/{agent_id}'
            ? { req: request(), agent: store.agents.get(params.agent_id ?? '') }
            : undefined;
        return named(endpoint, params, store);
      };
      notModifiedWhen(b, (endpoint) => {
        const agent = served?.agent;
        return (
          endpoint.key === 'GET /v1/agents/{agent_id}' &&
          agent !== undefined &&
          request()?.headers['if-none-match'] === tag(agent)
        );
      });
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        const agent = served?.req === req ? served.agent : undefined;
        return agent === undefined ? coded : { ...coded, headers: { ...coded.headers, ETag: tag(agent) } };
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', { body: voiceAgent('Tagged before') });
      const id = String(created.body.agent.id);
      const first = await call('GET', `/v1/agents/${id}`);
      const etag = typeof first.headers.etag === 'string' ? first.headers.etag : 'W/"none"';
      await call('PATCH', `/v1/agents/${id}`, { body: { display_name: 'Tagged after' } });
      const again = await call('GET', `/v1/agents/${id}`, { headers: { 'If-None-Match': etag } });
      return { status: again.status, name: again.body?.agent?.display_name ?? null };
    },
    shows: { status: 304, name: null },
  }),
  fault({
    id: 'ind32-test-set-created-twice-internal',
    requirements: ['TESTCASE-CREATE'],
    slips: ['state'],
    description:
      "POST /v1/test-cases gets or creates the test case's test set (the test_set_id is the only way a client makes one): it looks the set up, then, after the insert of the test case is prepared (an await), inserts the set when the lookup found none, under a unique key, and the duplicate-key error reaches no handler. Two test cases of a new test set created at once both find no set; the first creates it and is stored, the second, valid, is answered 500 INTERNAL and not stored. One at a time, or in a set that exists, every creation succeeds.",
    behaviour: (b) => {
      const sets = new Set<string>();
      b.testCaseBeforeStore = async (testSetId) => {
        const found = sets.has(testSetId);
        await delay(50);
        if (found) return;
        if (sets.has(testSetId))
          throw new ApiError(
            'INTERNAL',
            `duplicate key value violates unique constraint "test_sets_pkey": Key (id)=(${testSetId}) already exists.`,
          );
        sets.add(testSetId);
      };
    },
    probe: async (call) => {
      const create = (input_str: string) =>
        call('POST', '/v1/test-cases', { body: { input_str, test_set_id: 'newset01' } });
      const answers = await Promise.all([create('First at once'), create('Second at once')]);
      return answers.map((answer) => answer.status).sort();
    },
    shows: [200, 500],
  }),
  fault({
    id: 'ind32-mutation-touched-by-agent-rename',
    requirements: ['MUTATION-UPDATE-TIME-NULL', 'MUTATION-GET'],
    slips: ['state'],
    description:
      'Renaming an agent (PATCH /v1/agents/{agent_id}) saves it with its mutations as one aggregate, and the save stamps update_time on every child it writes back: each mutation of the renamed agent, never updated itself, reads with update_time set to the moment of the rename, where a mutation never updated has update_time null. Mutations of other agents, and every mutation before a rename, read null.',
    behaviour: (b) => {
      let patched: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        patched = endpoint.key === 'PATCH /v1/agents/{agent_id}' ? store : undefined;
        return named(endpoint, params, store);
      };
      const kept = b.kept;
      b.kept = <T extends object>(kind: ResourceKind, updated: T, previous: T): T => {
        const stored = kept(kind, updated, previous);
        if (kind === 'agent' && patched !== undefined) {
          const agent = stored as unknown as AgentRecord;
          for (const mutation of [...patched.mutations.values()])
            if (mutation.agent_id === agent.id)
              patched.mutations.set(mutation.id, { ...mutation, update_time: agent.update_time });
        }
        return stored;
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', { body: voiceAgent('Parent renamed') });
      const id = String(created.body.agent.id);
      const mutation = await call('POST', `/v1/agents/${id}/mutations`, {
        body: { display_name: 'Untouched variant' },
      });
      const mutationId = String(mutation.body.mutation.id);
      const before = await call('GET', `/v1/agents/${id}/mutations/${mutationId}`);
      await call('PATCH', `/v1/agents/${id}`, { body: { display_name: 'Parent renamed again' } });
      const after = await call('GET', `/v1/agents/${id}/mutations/${mutationId}`);
      return { before: before.body.mutation.update_time, afterIsNull: after.body.mutation.update_time === null };
    },
    shows: { before: null, afterIsNull: false },
  }),
] as const;

export const INDEPENDENT_32_FAULTS: readonly Fault<(typeof FAULTS_32)[number]['id']>[] = FAULTS_32;

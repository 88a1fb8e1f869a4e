// Independent faults, round 32: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Area: agents, mutations, test cases, review projects and dashboards (every write, and what every read and list
// returns after it), and HTTP itself on any endpoint. 10 written (the writer stopped at the time limit; further ideas
// repeated catalog slips on another resource). Seams added: `testCaseBeforeStore` (an await before a test case is
// stored) and `null` in `codeAnswer` headers (a header left out); the correct service is unchanged.
//
// Review (coordinator): 10 written, 5 dropped, each seen only through an operation the specification lists among
// its gaps ("listing, updating or deleting agents: not shown"), which the suite never calls:
// `ind32-agent-rename-resets-reference-ids`, `ind32-agent-etag-of-creation` and `ind32-mutation-touched-by-agent-rename`
// (what an agent rename does), `ind32-agents-listed-with-creation-name` and `ind32-refused-agent-left-listed` (what
// the list of agents holds).
// Against the suite at 0af0987 (the checks as at 160a629), as written: 1 of 5 detected, 4 missed.

import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { ApiError } from '../../lib/reference/http/errors.js';
import { DEFAULT_API_KEY } from '../../lib/reference/behaviour.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, type Fault, lastRequest } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

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
    id: 'ind32-expect-continue-refused',
    requirements: [
      'HTTP-EXPECT-CONTINUE',
      'TESTCASE-CREATE',
      'AGENT-CREATE',
      'MUTATION-CREATE',
      'REVIEW-PROJECT-CREATE',
      'DASHBOARD-PATCH',
    ],
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
] as const;

export const INDEPENDENT_32_FAULTS: readonly Fault<(typeof FAULTS_32)[number]['id']>[] = FAULTS_32;

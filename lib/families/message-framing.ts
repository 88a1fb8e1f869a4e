// HTTP/1.1's framing of every kind of answer, read from the bytes themselves (RFC 9112 6): a body ends where its
// Content-Length or its chunked coding says, and the next answer on the connection begins at the byte after it.
// undici reads past line breaks before a status line (a line break past a Content-Length reads as framed), so the
// answers are judged on the bytes one keep-alive connection received (lib/http/received.ts, lib/http/framing.ts).

import type { Dispatcher } from 'undici';
import { ID_RULES } from '../contract/ids.js';
import { wellFormedId } from '../gen/ids.js';
import { check, type CheckContext } from '../harness/index.js';
import { createdIn } from '../harness/resources.js';
import { type Exchange, TransportError } from '../http/exchange.js';
import { readFraming, shownBytes } from '../http/framing.js';
import { redact } from '../http/redact.js';
import { parseListing } from '../published/listing.js';

/**
 * `http.message-framing.answer-ends-where-framed`: each kind of answer the API gives (a GET's resource, a create's, a
 * DELETE's `{}`, refusals 400, 401 and 404, a HEAD's head), each followed on one keep-alive connection by the next
 * request's answer, whose status line must begin at the byte after the body. A connection the server closes (saying
 * so or not) is no fault: the next request opens another; back-pressure is waited out by the client, on the
 * connection. A proxy between frames the answers itself: the check is skipped.
 */
export function answersFramedCheck(agentId: (t: CheckContext) => Promise<string>): void {
  check(
    'http.message-framing.answer-ends-where-framed',
    ['HTTP-MESSAGE-FRAMING'],
    "on one keep-alive connection, an agent's GET, a mutation's create and its DELETE ({}), a create with malformed JSON, a GET without the key, a HEAD and a GET of an agent that does not exist: each answer's body ends where its framing says (Content-Length bytes, or the chunks to the last chunk and trailers), and the next answer's status line begins at the byte after it, nothing between (RFC 9112 6)",
    async (t) => {
      const agent_id = await agentId(t);
      const agent = { params: { agent_id } };
      const exchanges: Exchange[] = [];
      let mutation: string | undefined;
      const steps: ReadonlyArray<(connection: Dispatcher) => Promise<Exchange | undefined>> = [
        (connection) => t.call('GET /v1/agents/{agent_id}', { ...agent, connection }),
        async (connection) => {
          const created = await t.mutations.send(agent_id, {}, { connection });
          const id = createdIn(created)?.['id'];
          mutation = typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
          return created;
        },
        async (connection) =>
          mutation === undefined
            ? undefined
            : t.call('DELETE /v1/agents/{agent_id}/mutations/{mutation_id}', {
                params: { agent_id, mutation_id: mutation },
                connection,
              }),
        (connection) =>
          t.call('POST /v1/agents/{agent_id}/mutations', { ...agent, rawBody: '{"display_name":', connection }),
        (connection) => t.call('GET /v1/agents/{agent_id}', { ...agent, auth: 'none', connection }),
        (connection) => t.send({ method: 'HEAD', path: '/v1/agents/{agent_id}' }, { ...agent, connection }),
        (connection) =>
          t.call('GET /v1/agents/{agent_id}', { params: { agent_id: wellFormedId(ID_RULES.agent, 43) }, connection }),
        (connection) => t.call('GET /v1/agents/{agent_id}', { ...agent, connection }),
      ];
      const recorded = await t.recordedConnection(async (connection) => {
        for (const step of steps) {
          try {
            const exchange = await step(connection);
            if (exchange) exchanges.push(exchange);
          } catch (error) {
            // The server closed the connection without saying so (idle, or after an answer): nothing was misread,
            // and the next request opens another.
            if (!(error instanceof TransportError && error.reset)) throw error;
          }
        }
      });
      if (!recorded) return t.skip('the target is reached through a proxy, which frames the answers itself');
      for (const { bytes, requests } of recorded.received) {
        const { stray } = readFraming(
          bytes,
          requests.map((r) => r.method),
        );
        if (!stray) continue;
        const request = stray.after?.request === undefined ? undefined : requests[stray.after.request];
        const answered = exchanges.find(
          (e) => request && e.request.method === request.method && e.request.url.endsWith(request.path),
        );
        const where = stray.answerFollows ? "before the next answer's status line" : 'that begin no answer';
        const what = stray.after
          ? `the answer to ${request ? `${request.method} ${redact(request.path)}` : 'a request'} (${stray.after.status}, ${stray.after.framing}) is followed by ${stray.bytes.length} byte(s) ${where}`
          : `the connection received ${stray.bytes.length} byte(s) before its first answer's status line`;
        t.assert(
          false,
          ['HTTP-MESSAGE-FRAMING'],
          `${what}: "${redact(shownBytes(stray.bytes))}" (RFC 9112 6: the body ends where its framing says, and the next answer's status line starts at the next byte; a lenient client skips stray line breaks, another reads them as the next answer)`,
          answered,
        );
      }
    },
    { writes: true },
  );
}

/** A GET of each kind, sent as HTTP/1.0: a list, a resource, a published document, a refusal (404). */
const HTTP10_GETS: ReadonlyArray<{
  readonly what: string;
  readonly request: (
    t: CheckContext,
    agentId: string,
  ) => Promise<{ path: string; query?: Record<string, string | number> } | undefined>;
}> = [
  { what: 'a list', request: async () => ({ path: '/v1/agents', query: { page_size: 1 } }) },
  { what: 'a resource', request: async (_t, agentId) => ({ path: `/v1/agents/${encodeURIComponent(agentId)}` }) },
  {
    what: 'a published document',
    request: async (t) => {
      const listing = await t.call('GET /v1/openapi', { auth: 'none' });
      const [spec] = parseListing(listing.response.json);
      return spec ? { path: `/v1/openapi/${encodeURIComponent(spec.specName)}` } : undefined;
    },
  },
  {
    what: 'an error (an agent that does not exist)',
    request: async () => ({ path: `/v1/agents/${encodeURIComponent(wellFormedId(ID_RULES.agent, 44))}` }),
  },
];

/**
 * `http.message-framing.http10-answered-without-chunks`: each kind of GET (a list, a resource, a published document, a
 * 404) sent as HTTP/1.0 with a Host header (written by hand: undici speaks HTTP/1.1 only). RFC 9112 6.1: a server
 * MUST NOT send Transfer-Encoding in answer to a request that does not indicate HTTP/1.1, so whatever the status
 * (refusing HTTP/1.0, 505 or any 4xx, is allowed), the answer carries none, its body framed by Content-Length or by
 * the connection's close; a success's body reads as the JSON it is labelled. Through a proxy, skipped.
 */
export function http10AnswersCheck(agentId: (t: CheckContext) => Promise<string>): void {
  check(
    'http.message-framing.http10-answered-without-chunks',
    ['HTTP-MESSAGE-FRAMING'],
    "a list, an agent, a published document and an agent that does not exist, each asked with an HTTP/1.0 GET: refused, or answered without Transfer-Encoding (RFC 9112 6.1: never to a request that does not indicate HTTP/1.1), the body framed by Content-Length or the connection's close and, on a success, the JSON it is labelled",
    async (t) => {
      if (!t.rawPossible) return t.skip('the target is reached through a proxy, which frames the answers itself');
      const agent = await agentId(t);
      for (const { what, request } of HTTP10_GETS) {
        const asked = await request(t, agent);
        if (!asked) continue;
        let exchange: Exchange;
        try {
          exchange = await t.send(
            { method: 'GET', path: asked.path },
            { ...(asked.query ? { query: asked.query } : {}), raw: { version: 'HTTP/1.0' } },
          );
        } catch (error) {
          // Closed unanswered, on a fresh connection too: a refusal of HTTP/1.0 that frames nothing to judge.
          if (!(error instanceof TransportError && error.reset)) throw error;
          t.note(`${what} asked with an HTTP/1.0 GET: the connection closed without an answer, twice`);
          continue;
        }
        const { status, headers, json, text } = exchange.response;
        const encoding = headers['transfer-encoding'];
        t.assert(
          encoding === undefined,
          ['HTTP-MESSAGE-FRAMING'],
          `${what} asked with an HTTP/1.0 GET was answered ${status} with Transfer-Encoding: ${encoding} (RFC 9112 6.1: a server MUST NOT send Transfer-Encoding unless the request indicates HTTP/1.1; an HTTP/1.0 client reads the chunk sizes as the body)`,
          exchange,
        );
        const label = headers['content-type'] ?? '';
        if (status >= 200 && status < 300 && /[/+]json\b/i.test(label))
          t.assert(
            json !== undefined,
            ['HTTP-MESSAGE-FRAMING'],
            `${what} asked with an HTTP/1.0 GET was answered ${status}, labelled ${label}, with a body that is no JSON: "${redact(text.slice(0, 60))}"`,
            exchange,
          );
      }
    },
  );
}

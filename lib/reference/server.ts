// The embedded reference service: a complete implementation of the specification,
// reached by the suite only over HTTP, like any third-party server. It knows no fault,
// variation or chaos mode: the proof (proof/) changes it from outside, through `configure`
// (its Behaviour) and `wrap` (its request listener).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Endpoint } from '../contract/endpoints.js';
import { defaultBehaviour, type Behaviour, type ServeStep } from './behaviour.js';
import { seedStore, type ReferenceFixtures } from './fixtures/fixtures.js';
import { MalformedJson, parseObject, readText } from './http/body.js';
import { json, RawText, type Reply } from './http/context.js';
import { ApiError, internal, notFound } from './http/errors.js';
import { resolve, type Routed } from './http/router.js';
import { assertRoutesCoverServedEndpoints, handlerFor } from './routes/index.js';
import type { Store } from './store/store.js';
import { enforcePathIds } from './validation/path-ids.js';
import type { JsonObject } from '../util/json.js';

export type { ReferenceFixtures } from './fixtures/fixtures.js';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface ReferenceOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  apiKey?: string;
  /** Changes the correct Behaviour before the service serves (a fault, a variation). */
  configure?: (b: Behaviour) => void;
  /** Wraps the request listener (a hostile server, a slow one, one that is watched). */
  wrap?: (listener: RequestListener) => RequestListener;
}

export interface RunningReference {
  /** Base URL without a trailing slash; paths are appended as /v1/... */
  url: string;
  apiKey: string;
  fixtures: ReferenceFixtures;
  close(): Promise<void>;
}

interface Outgoing {
  readonly status: number;
  readonly reply: Reply;
}

async function readBody(req: IncomingMessage, b: Behaviour, endpoint: Endpoint): Promise<JsonObject> {
  // Stryker disable next-line StringLiteral: the default reads every body, whatever its Content-Type; only faults read the header.
  const refused = b.bodyRefusal(req.headers['content-type'], endpoint);
  // Its `false` mutant survives, unmarked: the default refuses no body (a directive would mark the `true` one, which checks kill).
  if (refused) throw refused;
  const text = b.requestBody(await readText(req, (chunks) => b.decodeBody(chunks)), req.headers);
  try {
    return parseObject(text, b.bodyMustBeObject);
  } catch (error) {
    throw error instanceof MalformedJson ? b.errors.malformedJson(error.message, endpoint) : error;
  }
}

/** A JSON success body is wrapped under the endpoint's wrapper key, then shaped by the Behaviour. */
function shape(reply: Reply, endpoint: Endpoint, b: Behaviour): Reply {
  if (reply.kind !== 'json') return reply;
  // The `false` mutant survives, unmarked: only variations answer a success without a body (a directive would mark the `true` one, which
  // checks kill).
  // Stryker disable next-line ObjectLiteral,StringLiteral: only variations answer a success without a body.
  if (!b.successHasBody(endpoint)) return { kind: 'text', contentType: '', text: '' };
  const shaped = b.respond(endpoint, endpoint.wrapper ? { [endpoint.wrapper]: reply.body } : reply.body);
  // Stryker disable next-line ObjectLiteral,StringLiteral: only variations shape a success into raw text.
  return shaped instanceof RawText ? { kind: 'text', contentType: shaped.contentType, text: shaped.text } : json(shaped);
}

/** Authenticates, validates path IDs, reads the body, runs the handler: in the Behaviour's order (that one). */
async function serve(req: IncomingMessage, url: URL, route: Routed, b: Behaviour, store: Store): Promise<Outgoing> {
  const { endpoint, params } = route;
  const key = b.auth.presented(req);
  let body: JsonObject = {};
  let reply: Reply = json({});
  const steps: Record<ServeStep, () => Promise<void> | void> = {
    authenticate: () => {
      if (b.auth.required(endpoint) && !b.auth.admitted(req.socket, b.auth.accepts(endpoint, key))) throw b.auth.failure(key);
    },
    'path-ids': () => enforcePathIds(endpoint, params, b.pathIdChecked, b.pathIdRules),
    body: async () => {
      if (b.readsBody(endpoint, req.headers)) body = await readBody(req, b, endpoint);
    },
    handler: async () => {
      const waiting = b.beforeHandler(endpoint);
      // Stryker disable next-line ConditionalExpression: the default waits for nothing; only faults wait.
      if (waiting) await waiting;
      const named = b.pathNamed(endpoint, params, store);
      reply = await handlerFor(endpoint.key)({
        b, store, endpoint, body,
        query: url.searchParams,
        headers: req.headers,
        // Stryker disable next-line all: the host the spec listing's URLs name: the suite fetches only those of its target's origin (a service behind a proxy may name another), and a relative one resolves there.
        baseUrl: `http://${req.headers.host ?? 'localhost'}`,
        // Stryker disable next-line StringLiteral: a route's handler asks only for the parameters its path has.
        param: (name) => named[name] ?? '',
      });
    },
  };
  // The default answers every Accept with JSON (RFC 9110 12.5.1 lets it); only faults refuse one.
  const refused = b.answerRefusal(req.headers.accept, endpoint);
  // Stryker disable next-line ConditionalExpression: the default refuses no Accept; only faults refuse one.
  if (refused) throw refused;
  for (const step of b.serveSteps(key)) await steps[step]();
  return { status: b.successStatus(endpoint), reply: shape(reply, endpoint, b) };
}

function errorOutgoing(error: unknown, b: Behaviour, endpoint: Endpoint | undefined): Outgoing {
  // Stryker disable next-line all: a log line of the reference's own failures, no answer.
  if (!(error instanceof ApiError)) console.error('reference service error:', error);
  // Stryker disable next-line StringLiteral: the message is free text.
  const apiError = error instanceof ApiError ? error : internal('The reference service failed unexpectedly');
  const details = b.errors.details(apiError).map((d) => ({ field: b.errors.field(d, endpoint), description: d.description }));
  const code = b.errors.code(apiError, endpoint);
  const body = b.errors.body({ code, message: b.errors.message(apiError), details }, endpoint);
  return { status: b.errors.status(code, endpoint), reply: json(body) };
}

async function handle(req: IncomingMessage, b: Behaviour, store: Store): Promise<Outgoing> {
  // A request a server receives always has its URL and method.
  const url = new URL(String(req.url), 'http://reference.invalid');
  const route = resolve(b.routedMethod(req), url.pathname);
  // The `false` mutants of the next two conditions survive, unmarked: what a path or a method the specification does not list gets is
  // not governed (a directive would mark the `true` ones, which checks kill).
  // Stryker disable next-line StringLiteral: what a path the specification does not list gets is not governed (the message and detail are free text).
  if (route.kind === 'unknown') return errorOutgoing(b.unrouted(notFound('route', 'path'), b.auth.presented(req)), b, undefined);
  // Stryker disable next-line StringLiteral,BlockStatement: what a method a path does not serve gets is not governed.
  if (route.kind === 'wrong-method') {
    // Stryker disable next-line StringLiteral: what a method a path does not serve gets is not governed.
    const error = new ApiError('UNIMPLEMENTED', `${req.method} is not supported on this path; allowed: ${route.allowed.join(', ')}`);
    return errorOutgoing(b.unrouted(error, b.auth.presented(req)), b, undefined);
  }
  try {
    return await serve(req, url, route, b, store);
  } catch (error) {
    return errorOutgoing(error, b, route.endpoint);
  }
}

function send(req: IncomingMessage, res: ServerResponse, { status, reply }: Outgoing, b: Behaviour): void {
  // The `false` mutant survives, unmarked: only variations answer 204 (a directive would mark the `true` one, which checks kill).
  // Stryker disable next-line BlockStatement: only variations answer 204.
  if (status === 204) {
    res.writeHead(status).end();
    return;
  }
  const [contentType, text] = reply.kind === 'text' ? [reply.contentType, reply.text] : [b.contentTypes.json, JSON.stringify(reply.body)];
  // No content type for no body.
  // The length is asked first: a fault answering 304 decides from it what the bytes are.
  const textLength = b.contentLength(text);
  const bytes = b.responseBytes(text);
  const coded = b.codeAnswer(req, bytes);
  // Stryker disable next-line ConditionalExpression: the default codes nothing; only faults change the bytes.
  const length = coded.bytes === bytes ? textLength : coded.bytes.length;
  const headers: Record<string, string | number> = { ...(text ? { 'Content-Type': contentType } : {}), 'Content-Length': length };
  // Stryker disable next-line all: the default codes nothing and adds no header; only faults add or leave one out (null).
  for (const [name, value] of Object.entries(coded.headers)) if (value === null) delete headers[name]; else headers[name] = value;
  res.writeHead(status, headers).end(coded.bytes);
}

function requestListener(b: Behaviour, store: Store): RequestListener {
  return async (req, res) => send(req, res, await handle(req, b, store), b);
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolveListen, reject) => {
    // Stryker disable next-line StringLiteral: the reference's own start-up (a port in use), no answer.
    server.once('error', reject);
    server.listen(port, host, () => {
      // Stryker disable next-line StringLiteral: the reference's own start-up (a port in use), no answer.
      server.off('error', reject);
      resolveListen(server.address() as AddressInfo);
    });
  });
}

export async function startReferenceService(options: ReferenceOptions = {}): Promise<RunningReference> {
  assertRoutesCoverServedEndpoints();
  const b = defaultBehaviour(options.apiKey);
  options.configure?.(b);
  const { store, fixtures } = seedStore(b.idAlphabet);
  const listener = requestListener(b, store);
  const server = createServer(options.wrap ? options.wrap(listener) : listener);
  // Stryker disable next-line all: the embedded service's own address (on this machine, the suite reaches it on every interface alike).
  const host = options.host ?? '127.0.0.1';
  // Stryker disable next-line LogicalOperator: undefined and 0 both pick a free port.
  const address = await listen(server, host, options.port ?? 0);
  // The `false` mutant survives, unmarked: the embedded service listens on IPv4 (a directive would mark the `true` one, which breaks its URL).
  // Stryker disable next-line StringLiteral: the embedded service listens on IPv4.
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}`,
    apiKey: b.apiKey,
    fixtures,
    // Stryker disable next-line ArrowFunction: the command line ends its process after a run, closed or not.
    close: () =>
      new Promise<void>((resolveClose, reject) => {
        server.close((error) => (error ? reject(error) : resolveClose()));
        server.closeAllConnections();
      }),
  };
}

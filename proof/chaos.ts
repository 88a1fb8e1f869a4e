// Chaos switches: a hostile or broken server, for proving the suite survives it.
// Each mode takes over some responses before the reference handles the request.
// `mode` applies to every request; `mode@/v1/path-prefix` only under that prefix.

import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestListener } from '../lib/reference/server.js';

// "A few dozen requests a second": a limit a run at full speed passes many times over.
const RATE_LIMIT_PER_SECOND = 40;
// As some application servers and proxies do: about a second, well below a client's usual keep-alive.
const IDLE_CLOSE_MS = 1000;

export const CHAOS_MODES = {
  hang: 'never answers',
  reset: 'resets the connection without answering',
  truncate: 'announces a body longer than it sends, then closes',
  'non-json': 'answers 200 with an HTML page',
  huge: 'answers with a 50 MB JSON body',
  'redirect-loop': 'redirects to the same URL forever',
  'burst-503': 'answers 503 (Retry-After: 0) to the first three requests of each path',
  'echo-key': 'puts the presented X-API-Key into every response body it can',
  'rate-limit': `answers 429 (Retry-After: 1, code RESOURCE_EXHAUSTED) beyond ${RATE_LIMIT_PER_SECOND} requests a second per key`,
  'idle-close': `drops a keep-alive connection idle for ${IDLE_CLOSE_MS} ms (the next request on it is reset), announcing no Keep-Alive timeout`,
} as const;

export type ChaosMode = keyof typeof CHAOS_MODES;

export interface ChaosRule {
  readonly mode: ChaosMode;
  readonly pathPrefix: string;
}

export function parseChaos(specs: Iterable<string>): ChaosRule[] {
  return [...specs].map((spec) => {
    const [mode, pathPrefix = '/'] = spec.split('@');
    if (!(mode && mode in CHAOS_MODES))
      throw new Error(`unknown chaos mode "${spec}"; known: ${Object.keys(CHAOS_MODES).join(', ')}`);
    return { mode: mode as ChaosMode, pathPrefix };
  });
}

type Act = (req: IncomingMessage, res: ServerResponse) => boolean;

const BURST = 3;

/**
 * For `idle-close`: a connection idle for `IDLE_CLOSE_MS` is dropped, and the next request on it is
 * reset unanswered. A server closing it then (with a FIN) does the same whenever the client sends
 * before it has read the close, as a busy client does; a proxy that forgets idle connections, always.
 */
function idleClose(): Act {
  const finishedAt = new WeakMap<object, number>();
  return (req, res) => {
    const idleSince = finishedAt.get(req.socket);
    if (idleSince !== undefined && Date.now() - idleSince >= IDLE_CLOSE_MS) return (req.socket.resetAndDestroy(), true);
    // Node announces `Keep-Alive: timeout=` from this field of the response: a server that does not is the point.
    (res as unknown as { _keepAliveTimeout: number })._keepAliveTimeout = 0;
    res.once('finish', () => finishedAt.set(req.socket, Date.now()));
    return false;
  };
}

/** Whether chaos took over this response; `echo-key` is applied by `echoKey` instead. */
function chaosTakeover(rules: readonly ChaosRule[]): Act {
  const seen = new Map<string, number>();
  const windows = new Map<string, { start: number; count: number }>();
  const acts: Record<Exclude<ChaosMode, 'echo-key'>, Act> = {
    hang: () => true,
    reset: (req) => (req.socket.destroy(), true),
    truncate: (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"partial": ');
      res.socket?.destroy();
      return true;
    },
    'non-json': (_req, res) => (
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<html><body>Service temporarily replaced by a login page</body></html>'),
      true
    ),
    huge: (_req, res) => {
      const chunk = `"${'x'.repeat(1024 * 1024 - 3)}",`;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('[');
      let sent = 0;
      // Backpressure-aware, so the reference itself stays small while the client reads (or stops).
      const pump = (): void => {
        while (sent < 50) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('0]');
      };
      res.on('error', () => {});
      pump();
      return true;
    },
    'redirect-loop': (req, res) => (res.writeHead(302, { Location: req.url ?? '/' }).end(), true),
    'burst-503': (req, res) => {
      const key = `${req.method} ${req.url}`;
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      if (count > BURST) return false;
      res
        .writeHead(503, { 'Retry-After': '0', 'Content-Type': 'application/json' })
        .end('{"error":{"code":"UNAVAILABLE","message":"busy","details":[]}}');
      return true;
    },
    // A window of one second per key, from its first request.
    'rate-limit': (req, res) => {
      const key = String(req.headers['x-api-key'] ?? '');
      const now = Date.now();
      const window = windows.get(key);
      if (!window || now - window.start >= 1000) {
        windows.set(key, { start: now, count: 1 });
        return false;
      }
      if (++window.count <= RATE_LIMIT_PER_SECOND) return false;
      res
        .writeHead(429, { 'Retry-After': '1', 'Content-Type': 'application/json' })
        .end('{"error":{"code":"RESOURCE_EXHAUSTED","message":"rate limit exceeded","details":[]}}');
      return true;
    },
    'idle-close': idleClose(),
  };
  // Every matching mode in turn, until one takes the response over; idle-close first, as it sees every response.
  const ordered = [...rules].sort((a, b) => Number(b.mode === 'idle-close') - Number(a.mode === 'idle-close'));
  return (req, res) => {
    const path = pathOf(req);
    return ordered.some(
      (r) =>
        r.mode !== 'echo-key' &&
        path.startsWith(r.pathPrefix) &&
        acts[r.mode as Exclude<ChaosMode, 'echo-key'>](req, res),
    );
  };
}

/** The path a request names, as the service routes it: dot segments resolved, an absolute-form target's path. */
function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://chaos.invalid').pathname;
}

/** The key added to a JSON body's text; any other text as it is. */
function withKey(text: string, key: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify({ ...body, received_key: key, note: `your key ${key} was used` });
  } catch {
    return text;
  }
}

/** For `echo-key`: the response's head held back until its body, so the presented key can be added to a JSON body. */
function echoKey(rules: readonly ChaosRule[], req: IncomingMessage, res: ServerResponse): void {
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || !rules.some((r) => r.mode === 'echo-key' && pathOf(req).startsWith(r.pathPrefix)))
    return;
  const [writeHead, end] = [res.writeHead.bind(res), res.end.bind(res)];
  let head: [number, OutgoingHttpHeaders] = [200, {}];
  res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => (
    (head = [status, headers ?? {}]),
    res
  )) as typeof res.writeHead;
  res.end = ((text?: string) => {
    const body = withKey(text ?? '', key);
    writeHead(head[0], body ? { ...head[1], 'Content-Length': Buffer.byteLength(body) } : head[1]);
    return end(body);
  }) as typeof res.end;
}

/** The reference's request listener behind the chaos rules: each takes a response over, or lets the service answer. */
export function withChaos(rules: readonly ChaosRule[]): (listener: RequestListener) => RequestListener {
  const takeover = chaosTakeover(rules);
  return (listener) => async (req, res) => {
    if (takeover(req, res)) return;
    echoKey(rules, req, res);
    await listener(req, res);
  };
}

// Chaos switches: a hostile or broken server, for proving the suite survives it.
// Each mode takes over some responses before the reference handles the request.
// `mode` applies to every request; `mode@/v1/path-prefix` only under that prefix.

import type { IncomingMessage, ServerResponse } from 'node:http';

export const CHAOS_MODES = {
  hang: 'never answers',
  reset: 'resets the connection without answering',
  truncate: 'announces a body longer than it sends, then closes',
  'non-json': 'answers 200 with an HTML page',
  huge: 'answers with a 50 MB JSON body',
  'redirect-loop': 'redirects to the same URL forever',
  'burst-503': 'answers 503 (Retry-After: 0) to the first three requests of each path',
  'echo-key': 'puts the presented X-API-Key into every response body it can',
} as const;

export type ChaosMode = keyof typeof CHAOS_MODES;

export interface ChaosRule {
  readonly mode: ChaosMode;
  readonly pathPrefix: string;
}

export function parseChaos(specs: Iterable<string>): ChaosRule[] {
  return [...specs].map((spec) => {
    const [mode, pathPrefix = '/'] = spec.split('@');
    if (!(mode && mode in CHAOS_MODES)) throw new Error(`unknown chaos mode "${spec}"; known: ${Object.keys(CHAOS_MODES).join(', ')}`);
    return { mode: mode as ChaosMode, pathPrefix };
  });
}

type Act = (req: IncomingMessage, res: ServerResponse) => boolean;

const BURST = 3;

/** Whether chaos took over this response; `echo-key` is applied by `echoKey` instead. */
export function chaosTakeover(rules: readonly ChaosRule[]): Act {
  const seen = new Map<string, number>();
  const acts: Record<Exclude<ChaosMode, 'echo-key'>, Act> = {
    hang: () => true,
    reset: (req) => (req.socket.destroy(), true),
    truncate: (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"partial": ');
      res.socket?.destroy();
      return true;
    },
    'non-json': (_req, res) => (res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Service temporarily replaced by a login page</body></html>'), true),
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
      res.writeHead(503, { 'Retry-After': '0', 'Content-Type': 'application/json' }).end('{"error":{"code":"UNAVAILABLE","message":"busy","details":[]}}');
      return true;
    },
  };
  return (req, res) => {
    const path = req.url ?? '/';
    const rule = rules.find((r) => r.mode !== 'echo-key' && path.startsWith(r.pathPrefix));
    return rule ? acts[rule.mode as Exclude<ChaosMode, 'echo-key'>](req, res) : false;
  };
}

/** For `echo-key`: the text to send, with the presented key added to JSON bodies. */
export function echoKey(rules: readonly ChaosRule[], req: IncomingMessage, text: string): string {
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || !rules.some((r) => r.mode === 'echo-key' && (req.url ?? '/').startsWith(r.pathPrefix))) return text;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify({ ...body, received_key: key, note: `your key ${key} was used` });
  } catch {
    return text;
  }
}

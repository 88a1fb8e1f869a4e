// A command sequence as a failure shows it: the requests it sent, numbered, each with what came back and a
// curl line that replays it. The key is redacted as in every other evidence.

import { excerpt } from '../assert/evidence.js';
import { toCurl } from '../http/curl.js';
import type { Exchange } from '../http/exchange.js';
import { redact } from '../http/redact.js';

/** The path and query of a recorded URL (the origin is the target's, named elsewhere). */
const pathOf = (url: string): string => {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
};

/** `1. POST /v1/agents {body} → 200` and its curl line, for each request in the order sent. */
export function describeSequence(exchanges: readonly Exchange[]): string {
  return exchanges
    .map(({ request, response }, index) => {
      const body = request.body === undefined ? '' : ` ${excerpt(request.body, 300)}`;
      return [
        `${index + 1}. ${request.method} ${redact(pathOf(request.url))}${body} → ${response.status}`,
        `   ${toCurl(request)}`,
      ].join('\n');
    })
    .join('\n');
}

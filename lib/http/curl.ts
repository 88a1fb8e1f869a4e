import type { RecordedRequest } from './exchange.js';
import { API_KEY_PLACEHOLDER, redact } from './redact.js';

const MAX_INLINE_BODY = 4096;

const singleQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** Said once where replay lines are printed: how `$API_KEY` comes to hold the key (pasted as printed, it is empty). */
export const CURL_KEY_NOTE = `Replay lines read the key from ${API_KEY_PLACEHOLDER}: first \`export API_KEY=...\` or \`set -a; . ./.env; set +a\``;

/** Whether a replay line sends the key (a request without one needs no note). */
export const readsKey = (curl: string): boolean => curl.includes(API_KEY_PLACEHOLDER);

/** A shell line that replays the request; the key is read from `$API_KEY`. */
export function toCurl(request: RecordedRequest): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, singleQuoted(redact(request.url))];
  for (const [name, value] of Object.entries(request.headers)) {
    const header = `${name}: ${value}`;
    // Double quotes only where the shell must expand the key.
    parts.push(
      '-H',
      value.includes(API_KEY_PLACEHOLDER) ? `"${header.replace(/"/g, '\\"')}"` : singleQuoted(redact(header)),
    );
  }
  if (request.body !== undefined) {
    if (request.body.length <= MAX_INLINE_BODY) parts.push('--data-raw', singleQuoted(redact(request.body)));
    else parts.push(`--data-raw '<body of ${request.body.length} characters, elided>'`);
  }
  return parts.join(' ');
}

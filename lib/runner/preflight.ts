// Before hundreds of checks: is the target there, does it take the key, and does the
// API live where BASE_URL says? A dead target, a rejected key or a base URL with a
// wrong path prefix stops the run with one clear message.

import { ERROR_CODES } from '../contract/enums.js';
import type { ApiClient } from '../http/client.js';
import { TransportError } from '../http/exchange.js';
import type { RunStop } from '../result/model.js';

const PROBE = { method: 'GET', path: '/v1/personas', query: { page_size: 1 } } as const;
/** The public specification listing: it needs no key, so it answers whatever the key. */
const LISTING = { method: 'GET', path: '/v1/openapi', auth: 'none' } as const;

export async function preflight(client: ApiClient): Promise<RunStop | undefined> {
  try {
    // One authenticated read: a dead published spec must fail the spec checks, not stop the run.
    const probe = await client.send(PROBE);
    const body = probe.response.json as { error?: { code?: unknown } } | undefined;
    if (body?.error?.code === ERROR_CODES.unauthenticated) {
      return {
        kind: 'unauthenticated',
        message: `The target rejected API_KEY: GET /v1/personas answered ${probe.response.status} UNAUTHENTICATED. Check that API_KEY is a valid organisation key for ${client.baseUrl}.`,
      };
    }
    if (probe.response.status !== 404) return undefined;
    // Only when both a known authenticated endpoint and the public listing are missing is the
    // prefix wrong; a server missing one of them gets its verdict from the checks.
    const listing = await client.send(LISTING);
    if (listing.response.status !== 404) return undefined;
    return { kind: 'config', message: wrongPrefixMessage(client.baseUrl) };
  } catch (error) {
    if (error instanceof TransportError) {
      return { kind: 'unreachable', message: `The target at ${client.baseUrl} cannot be reached: ${error.message}` };
    }
    throw error;
  }
}

function wrongPrefixMessage(baseUrl: string): string {
  const { pathname, origin } = new URL(baseUrl);
  const prefix = pathname.replace(/\/+$/, '');
  const hint = prefix
    ? `Check the path ${prefix} in BASE_URL: the API's /v1 paths must lie directly below it (is the API served at ${origin}, or below another prefix?).`
    : 'Check whether the API is served below a path prefix (for example https://host/api): BASE_URL must be the address the /v1 paths are appended to, without /v1.';
  return `Nothing answers at the API's paths below ${baseUrl}: GET ${baseUrl}/v1/personas?page_size=1 and GET ${baseUrl}/v1/openapi (the public specification listing) both answered 404, so the path prefix of BASE_URL looks wrong. ${hint}`;
}

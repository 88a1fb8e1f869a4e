// Before hundreds of checks: is the target there, and does it take the key?
// A dead target or a rejected key stops the run with one clear message.

import { ERROR_CODES } from '../contract/enums.js';
import type { ApiClient } from '../http/client.js';
import { TransportError } from '../http/exchange.js';
import type { RunStop } from '../report/model.js';

export async function preflight(client: ApiClient): Promise<RunStop | undefined> {
  try {
    // One authenticated read: a dead published spec must fail the spec checks, not stop the run.
    const probe = await client.send({ method: 'GET', path: '/v1/personas', query: { page_size: 1 } });
    const body = probe.response.json as { error?: { code?: unknown } } | undefined;
    if (body?.error?.code === ERROR_CODES.unauthenticated) {
      return {
        kind: 'unauthenticated',
        message: `The target rejected API_KEY: GET /v1/personas answered ${probe.response.status} UNAUTHENTICATED. Check that API_KEY is a valid organisation key for ${client.baseUrl}.`,
      };
    }
    return undefined;
  } catch (error) {
    if (error instanceof TransportError) {
      return { kind: 'unreachable', message: `The target at ${client.baseUrl} cannot be reached: ${error.message}` };
    }
    throw error;
  }
}

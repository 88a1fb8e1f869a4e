// A URL the listing of published documents gives, followed on the host the suite was pointed at: under the base
// URL through the target's own client, at another port or path of the same host through a client of its own.

import { ApiClient } from '../../http/client.js';
import { TransportError, type Exchange } from '../../http/exchange.js';
import type { CheckContext } from '../../harness/index.js';

/** GET of a listed URL on the target's host: through the target's client under its base URL, else a client of its own. */
export async function followListed(t: CheckContext, url: URL): Promise<Exchange | string> {
  const base = t.config.baseUrl as string;
  const underBase = url.href.startsWith(`${base}/`);
  const client = underBase
    ? t.target.client
    : new ApiClient({ baseUrl: url.origin, apiKey: undefined, timeoutMs: t.config.requestTimeoutMs, concurrency: 1 });
  const path = underBase ? url.href.slice(base.length) : url.href.slice(url.origin.length);
  try {
    const exchange = await client.send({ method: 'GET', path, auth: 'none', headers: { accept: 'application/json' } });
    t.exchanges.push(exchange);
    return exchange;
  } catch (error) {
    if (error instanceof TransportError) return error.message;
    throw error;
  } finally {
    if (!underBase) await client.close();
  }
}

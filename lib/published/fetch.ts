// Fetching one published document in its default (YAML) or JSON form.

import type { ApiClient } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import { parseForm } from './forms.js';

export type SpecForm = 'default' | 'json';

export interface FetchedSpec {
  readonly exchange: Exchange;
  /** The parsed body of a 2xx answer; undefined when the status is not 2xx or the body unreadable. */
  readonly document: unknown;
  /** Why a 2xx body could not be read. */
  readonly parseError?: string;
}

// `*/*` states no preference, so the target answers with its default form (YAML per the spec).
const ACCEPT: Readonly<Record<SpecForm, string>> = { default: '*/*', json: 'application/json' };

export const specPath = (specName: string): string => `/v1/openapi/${encodeURIComponent(specName)}`;

/** Throws only TransportError (target unreachable). */
export async function fetchSpecDocument(client: ApiClient, specName: string, form: SpecForm): Promise<FetchedSpec> {
  const exchange = await client.send({
    method: 'GET',
    path: specPath(specName),
    auth: 'none',
    headers: { accept: ACCEPT[form] },
  });
  const { status, text, truncated } = exchange.response;
  if (status < 200 || status >= 300) return { exchange, document: undefined };
  const parseError = truncated
    ? 'the document is larger than the response size cap'
    : text.trim() === ''
      ? 'the body is empty'
      : undefined;
  if (parseError) return { exchange, document: undefined, parseError };
  try {
    return { exchange, document: parseForm(text, form === 'json' ? 'json' : 'yaml').document };
  } catch (error) {
    const firstLine = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    return {
      exchange,
      document: undefined,
      parseError: `the body is not ${form === 'json' ? 'JSON' : 'YAML'} (${firstLine})`,
    };
  }
}

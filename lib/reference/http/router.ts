// Routing by the contract's endpoint table. Templates with fewer parameters win, so
// `/v1/personas/phone-numbers` is not read as a persona id.

import { ENDPOINTS, matchPath, type Endpoint } from '../../contract/endpoints.js';

export interface Routed {
  readonly kind: 'endpoint';
  readonly endpoint: Endpoint;
  readonly params: Readonly<Record<string, string>>;
}

export type Resolution =
  | Routed
  | { readonly kind: 'wrong-method'; readonly allowed: readonly string[] }
  | { readonly kind: 'unknown' };

const BY_SPECIFICITY = [...ENDPOINTS].sort((a, b) => Object.keys(a.pathParams).length - Object.keys(b.pathParams).length);

/**
 * An empty segment (`/v1/agents/`) is an empty parameter: it should fail the ID rule
 * (INVALID_ARGUMENT), not the route. It is matched through an escaped placeholder.
 */
const EMPTY_SEGMENT = /\/(?=\/|$)/g;
const PLACEHOLDER = '\u0000';

function safeMatch(template: string, path: string): Record<string, string> | null {
  try {
    const params = matchPath(template, path.replace(EMPTY_SEGMENT, '/%00'));
    return params && Object.fromEntries(Object.entries(params).map(([name, value]) => [name, value === PLACEHOLDER ? '' : value]));
  } catch {
    return null; // a malformed percent-escape matches nothing
  }
}

export function resolve(method: string, path: string): Resolution {
  const matches = BY_SPECIFICITY.map((endpoint) => ({ endpoint, params: safeMatch(endpoint.path, path) })).filter((m) => m.params !== null);
  const exact = matches.find((m) => m.endpoint.method === method);
  if (exact?.params) return { kind: 'endpoint', endpoint: exact.endpoint, params: exact.params };
  if (matches.length > 0) return { kind: 'wrong-method', allowed: [...new Set(matches.map((m) => m.endpoint.method))] };
  return { kind: 'unknown' };
}

// Routing by the table of served endpoints (the specification's and the generic layer's). Templates
// with fewer parameters win, so `/v1/personas/phone-numbers` is not read as a persona id.

import type { Endpoint } from '../../contract/endpoints.js';
import { SERVED_ENDPOINTS } from '../generic/endpoints.js';

export interface Routed {
  readonly kind: 'endpoint';
  readonly endpoint: Endpoint;
  readonly params: Readonly<Record<string, string>>;
}

export type Resolution =
  | Routed
  | { readonly kind: 'wrong-method'; readonly allowed: readonly string[] }
  | { readonly kind: 'unknown' };

/** Every endpoint with its template cut into segments, fewer parameters first. */
const TEMPLATES = [...SERVED_ENDPOINTS]
  .sort((a, b) => Object.keys(a.pathParams).length - Object.keys(b.pathParams).length)
  .map((endpoint) => ({ endpoint, segments: endpoint.path.split('/') }));

/**
 * An empty segment (`/v1/agents/`) is an empty parameter: it should fail the ID rule
 * (INVALID_ARGUMENT), not the route. It is matched through an escaped placeholder.
 */
// Stryker disable next-line Regex: whether a trailing slash names an empty ID or the collection is not said (the specification says nothing of paths and methods it does not list).
const EMPTY_SEGMENT = /\/(?=\/|$)/g;
// Stryker disable next-line StringLiteral: an empty ID and a NUL one both fail the ID rule, with the same INVALID_ARGUMENT.
const PLACEHOLDER = '\u0000';

/**
 * Matches the segments of a path against those of a template: `{name}` takes one whole
 * non-empty segment (percent-decoded; a malformed escape throws), every other segment
 * must be equal. The parameters, or null.
 */
function matchSegments(wanted: readonly string[], given: readonly string[]): Record<string, string> | null {
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i++) {
    const pattern = wanted[i]!;
    const segment = given[i]!;
    // Stryker disable next-line LogicalOperator,StringLiteral: no template segment has one brace without the other.
    const name = pattern.startsWith('{') && pattern.endsWith('}') ? pattern.slice(1, -1) : null;
    if (name === null) {
      if (segment !== pattern) return null;
    } else {
      // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable: empty segments come as the placeholder, and the leading one is literal in every template.
      if (segment === '') return null;
      params[name] = segment;
    }
  }
  for (const name of Object.keys(params)) params[name] = decodeURIComponent(params[name]!);
  return params;
}

function safeMatch(wanted: readonly string[], given: readonly string[]): Record<string, string> | null {
  try {
    const params = matchSegments(wanted, given);
    // Stryker disable next-line LogicalOperator,ConditionalExpression,StringLiteral: an empty ID and a NUL one both fail the ID rule, with the same INVALID_ARGUMENT.
    return params && Object.fromEntries(Object.entries(params).map(([name, value]) => [name, value === PLACEHOLDER ? '' : value]));
    // (A directive must lead the catch clause itself: a comment before `}` trails the try block and is not read.)
  } /* Stryker disable next-line BlockStatement: a malformed percent-escape is refused as an unknown route or a wrong method (the specification says nothing of paths and methods it does not list). */ catch {
    return null; // a malformed percent-escape matches nothing
  }
}

export function resolve(method: string, path: string): Resolution {
  // Stryker disable next-line StringLiteral: whether a trailing slash names an empty ID or the collection is not said (the specification says nothing of paths and methods it does not list).
  const given = path.replace(EMPTY_SEGMENT, '/%00').split('/');
  const matches = TEMPLATES.map(({ endpoint, segments }) => ({ endpoint, params: safeMatch(segments, given) })).filter((m) => m.params !== null);
  const exact = matches.find((m) => m.endpoint.method === method);
  // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: what a path or method the service does not serve gets (the specification says nothing of paths and methods it does not list).
  if (exact?.params) return { kind: 'endpoint', endpoint: exact.endpoint, params: exact.params };
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral,StringLiteral,ArrayDeclaration,ArrowFunction: a wrong method answered as one, or as an unknown route (the specification says nothing of paths and methods it does not list).
  if (matches.length > 0) return { kind: 'wrong-method', allowed: [...new Set(matches.map((m) => m.endpoint.method))] };
  // Stryker disable next-line ObjectLiteral,StringLiteral: what an unknown route gets (the specification says nothing of paths and methods it does not list).
  return { kind: 'unknown' };
}

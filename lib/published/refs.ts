// Walking a parsed OpenAPI document: plain-object checks and local `$ref`s
// (`#/components/...`). Nothing here reaches outside the document.

import { type JsonObject, isJsonObject } from '../util/json.js';

/** Chains of references longer than this are taken as broken (or cyclic). */
const MAX_HOPS = 32;

/** The value a local reference (`#/a/b~1c`) points at, or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return document;
  if (!fragment.startsWith('/')) return undefined;
  let node = document;
  for (const token of fragment.slice(1).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    // Own properties only: `#/constructor` must not reach Object's prototype.
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as JsonObject)[key];
  }
  return node;
}

/** Follows `$ref`s from `value` until a non-reference (for responses, request bodies, schemes). */
export function deref(document: unknown, value: unknown): unknown {
  let node = value;
  for (let hops = 0; isJsonObject(node) && typeof node['$ref'] === 'string'; hops++) {
    if (hops === MAX_HOPS) return undefined;
    node = resolvePointer(document, node['$ref']);
  }
  return node;
}

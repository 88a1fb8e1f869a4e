// The JSON schema an operation publishes for a response status, and whether its success
// responses publish any timestamp (a `format: date-time` anywhere in them).

import { jsonMediaSchema } from '../published/media.js';
import { deref } from '../published/refs.js';
import { responseKeyFor } from '../published/response-key.js';
import { type JsonObject, isJsonObject } from '../util/json.js';
import type { PublishedOperation } from './model.js';

/** The JSON schema of the response published for the status (itself, its range or `default`), undefined when none. */
export function responseSchemaFor(operation: PublishedOperation, status: number): unknown {
  const { document, operation: published } = operation.source;
  const responses = deref(document, published['responses']);
  if (!isJsonObject(responses)) return undefined;
  const key = responseKeyFor(Object.keys(responses), status);
  const response = key === undefined ? undefined : deref(document, responses[key]);
  return isJsonObject(response) ? jsonMediaSchema(response['content']) : undefined;
}

/** Schemas nest a few levels in practice; deeper (or cyclic) ones are not followed. */
const MAX_DEPTH = 24;

/** Whether a schema publishes `format: date-time` anywhere (following local `$ref`s, cycle-safe). */
export function publishesDateTime(
  document: JsonObject,
  schema: unknown,
  seen = new Set<unknown>(),
  depth = 0,
): boolean {
  const node = deref(document, schema);
  if (!isJsonObject(node) || seen.has(node) || depth > MAX_DEPTH) return false;
  seen.add(node);
  if (node['format'] === 'date-time') return true;
  const children = [
    ...Object.values(isJsonObject(node['properties']) ? node['properties'] : {}),
    node['items'],
    node['additionalProperties'],
    ...['allOf', 'anyOf', 'oneOf'].flatMap((key) => (Array.isArray(node[key]) ? node[key] : [])),
  ];
  return children.some((child) => publishesDateTime(document, child, seen, depth + 1));
}

/** Whether the operation's success responses publish a timestamp (a `default` response stands for success when no 2xx is published). */
export function successPublishesDateTime(operation: PublishedOperation): boolean {
  const successes = operation.statuses.filter((s) => /^2/.test(s)).map((status) => Number(status.replace(/x/gi, '0')));
  const statuses = successes.length
    ? successes
    : operation.statuses.some((s) => s.toLowerCase() === 'default')
      ? [200]
      : [];
  return statuses.some((status) => publishesDateTime(operation.source.document, responseSchemaFor(operation, status)));
}

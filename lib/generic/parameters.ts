// The parameters of a published operation: the path item's and the operation's, the
// operation's replacing a path item's of the same name and location (OpenAPI's rule).

import type { PublishedParameter } from './model.js';
import { deref } from '../published/refs.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

const LOCATIONS: readonly string[] = ['path', 'query', 'header', 'cookie'];

/** Path-item parameters first, in published order; unreadable entries are skipped. */
export function mergedParameters(
  document: JsonObject,
  pathItem: JsonObject | undefined,
  operation: JsonObject,
): PublishedParameter[] {
  const byKey = new Map<string, PublishedParameter>();
  for (const owner of [pathItem, operation]) {
    const listed = owner?.['parameters'];
    if (!Array.isArray(listed)) continue;
    for (const raw of listed) {
      const parameter = readParameter(document, raw);
      if (parameter) byKey.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()];
}

/** One parameter per `{name}` of the template, in its order; a name nothing describes gets a bare one. */
export function templateParameters(path: string, parameters: readonly PublishedParameter[]): PublishedParameter[] {
  return [...path.matchAll(/\{([^{}]*)\}/g)].map(
    ([, name = '']) =>
      parameters.find((parameter) => parameter.in === 'path' && parameter.name === name) ?? {
        name,
        in: 'path',
        required: true,
      },
  );
}

function readParameter(document: JsonObject, raw: unknown): PublishedParameter | undefined {
  const parameter = deref(document, raw);
  if (!isJsonObject(parameter)) return undefined;
  const { name, in: location } = parameter;
  if (typeof name !== 'string' || typeof location !== 'string' || !LOCATIONS.includes(location)) return undefined;
  const schema = deref(document, parameter['schema']);
  const examples = examplesOf(document, parameter, schema);
  return {
    name,
    in: location as PublishedParameter['in'],
    // Path parameters are always required, whatever the document says.
    required: location === 'path' || parameter['required'] === true,
    ...(isJsonObject(schema) ? { schema } : {}),
    ...(examples.length ? { examples } : {}),
  };
}

/** `example` and `examples` of the parameter (a map of Example objects) and of its schema (3.0's `example`, 3.1's array). */
function examplesOf(document: JsonObject, parameter: JsonObject, schema: unknown): unknown[] {
  const named = isJsonObject(parameter['examples'])
    ? Object.values(parameter['examples']).map((example) => deref(document, example))
    : [];
  return [
    ...('example' in parameter ? [parameter['example']] : []),
    ...named.flatMap((example) => (isJsonObject(example) && 'value' in example ? [example['value']] : [])),
    ...(isJsonObject(schema) && 'example' in schema ? [schema['example']] : []),
    ...(isJsonObject(schema) && Array.isArray(schema['examples']) ? schema['examples'] : []),
  ];
}

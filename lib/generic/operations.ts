// Every operation a target publishes, as the generic layer sees it, and those of them that
// are beyond the specification's endpoints. Served paths, servers and security are read as
// the published-spec index reads them (lib/published/operations.ts), one document at a time.

import { ENDPOINTS } from '../contract/endpoints.js';
import {
  indexOperations,
  matchKey,
  type DocumentedOperation,
  type IndexOptions,
  type SecurityRequirement,
} from '../published/operations.js';
import { deref } from '../published/refs.js';
import { allowsAnonymous } from '../published/security.js';
import { type JsonObject, isJsonObject } from '../util/json.js';
import { listShape } from './list-shape.js';
import type { PublishedOperation } from './model.js';
import { mergedParameters, templateParameters } from './parameters.js';
import { itemsOf, successSchema, wrapperOf } from './response-shape.js';

export interface NamedDocument {
  readonly specName: string;
  readonly document: unknown;
}

const READS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/** In document order; an operation two documents publish is taken from the first. */
export function publishedOperations(
  documents: readonly NamedDocument[],
  options: IndexOptions = {},
): PublishedOperation[] {
  const byRoute = new Map<string, PublishedOperation>();
  for (const { specName, document } of documents) {
    if (!isJsonObject(document)) continue;
    const items = pathItems(document);
    for (const documented of indexOperations([document], options).documentedEndpoints()) {
      const route = matchKey(documented.method, documented.path);
      if (!byRoute.has(route)) byRoute.set(route, describe(specName, documented, items.get(documented.operation)));
    }
  }
  return [...byRoute.values()];
}

/** The generic layer's operations: those not among the specification's endpoints (its two public ones included). */
export function genericOperations(operations: readonly PublishedOperation[]): PublishedOperation[] {
  const contract = new Set(ENDPOINTS.map((endpoint) => matchKey(endpoint.method, endpoint.path)));
  return operations.filter((operation) => !contract.has(matchKey(operation.method, operation.path)));
}

function describe(
  specName: string,
  documented: DocumentedOperation,
  pathItem: JsonObject | undefined,
): PublishedOperation {
  const { document, operation, method, path } = documented;
  const parameters = mergedParameters(document, pathItem, operation);
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const schema = successSchema(document, operation);
  const items = itemsOf(document, schema);
  const list = listShape(queryParams, items);
  const wrapper = list ? undefined : wrapperOf(document, schema);
  const operationId = operation['operationId'];
  return {
    document: specName,
    id: typeof operationId === 'string' && operationId !== '' ? operationId : `${method} ${path}`,
    method,
    path,
    pathParams: templateParameters(path, parameters),
    queryParams,
    secured: isSecured(documented.security),
    writes: !READS.includes(method),
    ...(items ? { items } : {}),
    ...(list ? { list } : {}),
    ...(wrapper ? { wrapper } : {}),
    statuses: isJsonObject(operation['responses']) ? Object.keys(operation['responses']) : [],
    source: { document, operation },
  };
}

/** Operation object → its path item, to read the parameters a path item gives all its operations. */
function pathItems(document: JsonObject): Map<unknown, JsonObject> {
  const owners = new Map<unknown, JsonObject>();
  const paths = document['paths'];
  for (const raw of isJsonObject(paths) ? Object.values(paths) : []) {
    const item = deref(document, raw);
    if (!isJsonObject(item)) continue;
    for (const value of Object.values(item)) if (isJsonObject(value) && !owners.has(value)) owners.set(value, item);
  }
  return owners;
}

/** A key must be sent: some requirement is listed, and none is the empty `{}` that makes the key optional. */
const isSecured = (security: readonly SecurityRequirement[] | undefined): boolean =>
  security !== undefined && security.length > 0 && !allowsAnonymous(security);

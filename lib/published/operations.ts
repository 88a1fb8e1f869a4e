// The operations the published documents describe, found by contract path: a
// document may carry `/v1` in its paths or in its server URL, and may name path
// parameters its own way (`/v1/agents/{id}` is `/v1/agents/{agent_id}`).

import { ENDPOINTS, type Endpoint } from '../contract/endpoints.js';
import { deref } from './refs.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

/** Scheme name → scopes; all schemes of one requirement apply together. */
export type SecurityRequirement = Readonly<Record<string, unknown>>;

export interface DocumentedOperation {
  /** Upper case. */
  readonly method: string;
  /** The path as served: the server URL's path joined with the document's path. */
  readonly path: string;
  readonly document: JsonObject;
  readonly operation: JsonObject;
  /** The operation's `security`, else the document's; undefined when neither says. */
  readonly security: readonly SecurityRequirement[] | undefined;
}

export interface OperationIndex {
  find(method: string, contractPath: string): DocumentedOperation | undefined;
  /** Every documented operation, contract or not. */
  documentedEndpoints(): readonly DocumentedOperation[];
}

export interface IndexOptions {
  /** The path part of the target's base URL, removed from served paths (a target mounted below `/api`). */
  readonly basePath?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function indexOperations(documents: readonly unknown[], options: IndexOptions = {}): OperationIndex {
  const basePath = withoutTrailingSlash(options.basePath ?? '');
  const byKey = new Map<string, DocumentedOperation>();
  for (const document of documents.filter(isJsonObject)) {
    for (const operation of operationsOf(document, basePath)) {
      const key = matchKey(operation.method, operation.path);
      // When documents overlap, the first to describe an operation is used.
      if (!byKey.has(key)) byKey.set(key, operation);
    }
  }
  const all = [...byKey.values()];
  return {
    find: (method, contractPath) => byKey.get(matchKey(method, contractPath)),
    documentedEndpoints: () => all,
  };
}

/** The contract endpoints no document describes. */
export function coverage(index: OperationIndex, endpoints: readonly Endpoint[] = ENDPOINTS): Endpoint[] {
  return endpoints.filter((endpoint) => !index.find(endpoint.method, endpoint.path));
}

function* operationsOf(document: JsonObject, basePath: string): Generator<DocumentedOperation> {
  const paths = document['paths'];
  if (!isJsonObject(paths)) return;
  for (const [documentPath, rawItem] of Object.entries(paths)) {
    const item = deref(document, rawItem);
    // Keys other than paths are `x-` extensions.
    if (!documentPath.startsWith('/') || !isJsonObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isJsonObject(operation)) continue;
      // Servers may be overridden per path item and per operation.
      const prefixes = serverPaths(document, operation) ??
        serverPaths(document, item) ??
        serverPaths(document, document) ?? [''];
      const security = securityOf(operation) ?? securityOf(document);
      for (const prefix of prefixes) {
        yield {
          method: method.toUpperCase(),
          path: servedPath(prefix + documentPath, basePath),
          document,
          operation,
          security,
        };
      }
    }
  }
}

/** The distinct path parts of an object's `servers`, or undefined when it has none. */
function serverPaths(document: JsonObject, owner: JsonObject): string[] | undefined {
  const servers = owner['servers'];
  if (!Array.isArray(servers) || servers.length === 0) return undefined;
  return [...new Set(servers.map((server) => serverPath(deref(document, server))))];
}

/** `http://host/v1`, `/v1`, `{scheme}://host/{base}` → `/v1` (variables take their defaults). */
function serverPath(server: unknown): string {
  if (!isJsonObject(server) || typeof server['url'] !== 'string') return '';
  const variables = isJsonObject(server['variables']) ? server['variables'] : {};
  const url = server['url'].replace(/\{([^}]*)\}/g, (_, name: string) => {
    const variable = variables[name];
    return isJsonObject(variable) && typeof variable['default'] === 'string' ? variable['default'] : '';
  });
  try {
    return withoutTrailingSlash(new URL(url, 'http://server.invalid/').pathname);
  } catch {
    return '';
  }
}

function servedPath(path: string, basePath: string): string {
  return basePath && path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : path;
}

function securityOf(owner: JsonObject): SecurityRequirement[] | undefined {
  const security = owner['security'];
  return Array.isArray(security) ? security.filter(isJsonObject) : undefined;
}

/** The key two routes share when they are the same: parameter names do not matter, nor does a trailing slash. */
export function matchKey(method: string, path: string): string {
  const template = withoutTrailingSlash(path.replace(/\{[^}]*\}/g, '{}').replace(/\/{2,}/g, '/'));
  return `${method.toUpperCase()} ${template || '/'}`;
}

const withoutTrailingSlash = (path: string): string => path.replace(/\/+$/, '');

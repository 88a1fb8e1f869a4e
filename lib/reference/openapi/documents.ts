// The published specifications: which documents exist (one for the API, or one per
// endpoint group) and how each is assembled from the contract tables, with the operations
// published for the generic layer (Behaviour.publishing.generic) in their group's document.

import { ENDPOINTS, GROUPS, type Endpoint } from '../../contract/endpoints.js';
import { API_KEY_HEADER } from '../../contract/enums.js';
import { DEFINITIONS } from '../../contract/schemas.js';
import type { Behaviour } from '../behaviour.js';
import type { GenericOperation } from '../generic/published.js';
import { toOpenApiSchema } from './convert.js';
import type { SpecEntry } from './listing-styles.js';
import { genericOperation, operation, SECURITY_SCHEME } from './operations.js';
import { requestSchemas } from './request-schemas.js';
import type { JsonObject } from '../../util/json.js';

const WHOLE_API_SPEC = 'agent-evaluation';
const VERSION_PREFIX = '/v1';

interface Catalogued {
  readonly name: string;
  readonly endpoints: readonly Endpoint[];
  readonly generic: readonly GenericOperation[];
}

function catalog(b: Behaviour): Catalogued[] {
  const { generic } = b.publishing;
  if (b.publishing.layout === 'single') return [{ name: WHOLE_API_SPEC, endpoints: ENDPOINTS, generic }];
  return GROUPS.map((group) => ({
    name: group,
    endpoints: ENDPOINTS.filter((e) => e.group === group),
    generic: generic.filter((op) => op.endpoint.group === group),
  }));
}

export function specEntries(b: Behaviour, baseUrl: string): SpecEntry[] {
  return catalog(b).map(({ name }) => ({ spec_name: name, url: `${baseUrl}${VERSION_PREFIX}/openapi/${name}` }));
}

function paths({ endpoints, generic }: Catalogued, b: Behaviour): JsonObject {
  const published: [Endpoint, JsonObject][] = [
    ...endpoints.map((endpoint): [Endpoint, JsonObject] => [endpoint, operation(endpoint, b)]),
    ...generic.map((op): [Endpoint, JsonObject] => [op.endpoint, genericOperation(op, b)]),
  ];
  const out: Record<string, JsonObject> = {};
  for (const [endpoint, described] of published) {
    const path = b.publishing.versionInServerUrl ? endpoint.path.slice(VERSION_PREFIX.length) : endpoint.path;
    out[path] = { ...out[path], [endpoint.method.toLowerCase()]: described };
  }
  return out;
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/** Names of the component schemas `value` refers to, directly or through other schemas. */
function referencedSchemas(value: unknown, schemas: Readonly<Record<string, unknown>>): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    for (const [, name] of JSON.stringify(node).matchAll(SCHEMA_REF)) {
      if (name === undefined || found.has(name)) continue;
      found.add(name);
      visit(schemas[name]);
    }
  };
  visit(value);
  return found;
}

/** The schemas the paths use (each document carries only its own) and the key scheme. */
function components(b: Behaviour, docPaths: JsonObject): JsonObject {
  const version = b.publishing.openapiVersion;
  const generic = Object.fromEntries(b.publishing.generic.flatMap((op) => Object.entries(op.schemas)));
  const all = Object.fromEntries(
    Object.entries({ ...DEFINITIONS, ...requestSchemas(b), ...generic }).map(([name, schema]) => [
      name,
      toOpenApiSchema(schema, version),
    ]),
  );
  const used = referencedSchemas(docPaths, all);
  return {
    schemas: Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name))),
    securitySchemes: { [SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: API_KEY_HEADER } },
  };
}

/** The named document as served to a client that reached `baseUrl`; undefined if there is none. */
export function specDocument(b: Behaviour, name: string, baseUrl: string): JsonObject | undefined {
  const documents = catalog(b);
  const served = b.publishing.documentNamed(
    name,
    documents.map((c) => c.name),
  );
  const entry = documents.find((c) => c.name === served);
  if (!entry) return undefined;
  const docPaths = paths(entry, b);
  return {
    openapi: b.publishing.openapiVersion,
    info: {
      title:
        entry.name === WHOLE_API_SPEC ? 'Agent Evaluation Service API' : `Agent Evaluation Service API: ${entry.name}`,
      version: '1.0.0',
      description: 'Reference implementation published by the conformance suite.',
    },
    servers: [{ url: b.publishing.versionInServerUrl ? `${baseUrl}${VERSION_PREFIX}` : baseUrl }],
    security: [{ [SECURITY_SCHEME]: [] }],
    paths: docPaths,
    components: components(b, docPaths),
  };
}

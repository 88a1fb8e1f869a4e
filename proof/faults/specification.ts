// Faults of the published specification endpoints.

import { fault, finalizeWith, paths, type Fault } from './define.js';
import type { JsonObject } from '../../lib/util/json.js';
import { withKeyAsHeaderParameter } from '../variations.js';

function withoutOperation(doc: JsonObject, method: string, pathSuffix: string): JsonObject {
  const kept = Object.entries(paths(doc)).flatMap(([path, item]): [string, Record<string, JsonObject>][] => {
    if (!path.endsWith(pathSuffix)) return [[path, item]];
    const { [method]: _dropped, ...rest } = item;
    return Object.keys(rest).length > 0 ? [[path, rest]] : [];
  });
  return { ...doc, paths: Object.fromEntries(kept) };
}

function withoutSecurity(doc: JsonObject): JsonObject {
  const { security: _root, ...rest } = doc;
  const unsecured = Object.entries(paths(doc)).map(([path, item]) => [
    path,
    Object.fromEntries(Object.entries(item).map(([method, { security: _op, ...op }]) => [method, op])),
  ]);
  const components = { ...(doc.components as JsonObject), securitySchemes: undefined };
  return JSON.parse(JSON.stringify({ ...rest, paths: Object.fromEntries(unsecured), components })) as JsonObject;
}

/** No security scheme; X-API-Key documented on every operation as a header parameter that is not required. */
function withKeyParameterOptional(doc: JsonObject): JsonObject {
  const unsecured = withoutSecurity(doc);
  const keyParameter = { name: 'X-API-Key', in: 'header', required: false, schema: { type: 'string' } };
  const optional = Object.entries(paths(unsecured)).map(([path, item]) => [
    path,
    Object.fromEntries(
      Object.entries(item).map(([method, op]) => [
        method,
        { ...op, parameters: [...(Array.isArray(op['parameters']) ? op['parameters'] : []), keyParameter] },
      ]),
    ),
  ]);
  return { ...unsecured, paths: Object.fromEntries(optional) };
}

function withAgentDisplayNameInteger(doc: JsonObject): JsonObject {
  const copy = structuredClone(doc);
  const agent = (copy.components as { schemas: Record<string, { properties: Record<string, JsonObject> }> }).schemas
    .Agent;
  if (agent) agent.properties.display_name = { type: 'integer' };
  return copy;
}

/**
 * The YAML form as an author who merges a shared success response (`<<: *response-200`)
 * and forgets to override its content writes it: the second operation with a success
 * body takes the first one's content.
 */
function withSuccessContentMergedUnchanged(doc: JsonObject): JsonObject {
  const copy = structuredClone(doc);
  let first: JsonObject | undefined;
  for (const item of Object.values(paths(copy))) {
    for (const operation of Object.values(item)) {
      const success = Object.entries(operation.responses as Record<string, JsonObject>).find(
        ([status, response]) => status.startsWith('2') && response.content,
      );
      if (!success) continue;
      const [, response] = success;
      if (!first) first = response;
      else if (JSON.stringify(response.content) !== JSON.stringify(first.content)) {
        response.content = structuredClone(first.content);
        return copy;
      }
    }
  }
  return copy;
}

export const SPECIFICATION_FAULTS = [
  fault(
    'spec-unlisted-name-served',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'GET /v1/openapi/{spec_name} serves the first listed document for a spec_name the listing does not give, instead of NOT_FOUND (a document cache keyed without the name).',
    (b) => {
      const named = b.publishing.documentNamed;
      b.publishing.documentNamed = (asked, listed) => named(asked, listed) ?? listed[0];
    },
  ),
  fault('spec-listing-empty', ['SPEC-LISTING'], 'GET /v1/openapi lists no specs.', (b) => {
    const listing = b.publishing.listing;
    b.publishing.listing = { ...listing, render: () => listing.render([]) };
  }),
  fault('spec-yaml-as-json', ['SPEC-YAML-DEFAULT'], 'Specs are served as JSON by default.', (b) => {
    b.publishing.negotiate = () => 'json';
  }),
  fault(
    'spec-no-accept-crash',
    ['SPEC-YAML-DEFAULT'],
    'A spec requested without an Accept header fails with 500: the header is read without a check.',
    (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) => {
        if (accept === undefined) throw new TypeError("Cannot read properties of undefined (reading 'split')");
        return negotiate(accept);
      };
    },
  ),
  fault('spec-json-ignored', ['SPEC-JSON-ON-REQUEST'], 'Accept: application/json still gets YAML.', (b) => {
    b.publishing.negotiate = () => 'yaml';
  }),
  fault('spec-json-differs', ['SPEC-SAME-DOCUMENT'], 'The JSON form lacks one path of the YAML form.', (b) => {
    finalizeWith(b, (doc, form) =>
      form === 'json' ? { ...doc, paths: Object.fromEntries(Object.entries(paths(doc)).slice(1)) } : doc,
    );
  }),
  fault('spec-invalid-openapi', ['SPEC-VALID-OPENAPI'], 'Published documents lack `info`.', (b) => {
    finalizeWith(b, ({ info: _info, ...rest }) => rest);
  }),
  fault(
    'spec-missing-endpoint',
    ['SPEC-COVERS-ENDPOINTS'],
    'DELETE /v1/runs/{run_id} is missing from the published documents.',
    (b) => {
      finalizeWith(b, (doc) => withoutOperation(doc, 'delete', '/runs/{run_id}'));
    },
  ),
  fault('spec-no-security', ['SPEC-SECURITY-API-KEY'], 'No operation is documented as secured.', (b) =>
    finalizeWith(b, withoutSecurity),
  ),
  fault(
    'spec-key-as-parameter-only',
    ['SPEC-SECURITY-SCHEME'],
    "No security scheme: X-API-Key is documented as a required header parameter of each secured operation (variation localized-pointers's choice, short of the convention).",
    (b) => finalizeWith(b, withKeyAsHeaderParameter),
  ),
  fault(
    'spec-key-parameter-optional',
    ['SPEC-SECURITY-API-KEY'],
    'No security scheme: X-API-Key is documented on every operation as a header parameter, but not as required.',
    (b) => finalizeWith(b, withKeyParameterOptional),
  ),
  fault('spec-listed-not-fetchable', ['SPEC-FETCHABLE'], 'The listing names a spec that answers NOT_FOUND.', (b) => {
    const listing = b.publishing.listing;
    b.publishing.listing = {
      ...listing,
      render: (entries) =>
        listing.render(entries.map((e) => ({ spec_name: `${e.spec_name}-latest`, url: `${e.url}-latest` }))),
    };
  }),
  fault(
    'spec-schema-mismatch',
    ['SCHEMA-PUBLISHED'],
    'The published Agent schema types display_name as an integer.',
    (b) => {
      finalizeWith(b, withAgentDisplayNameInteger);
    },
  ),
  fault(
    'spec-any-accept-json',
    ['SPEC-YAML-ANY-ACCEPT'],
    'A spec asked for with Accept: */* is served as JSON; YAML only without an Accept header.',
    (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) => (accept === '*/*' ? 'json' : negotiate(accept));
    },
  ),
  fault('spec-yaml-legacy-media-type', ['SPEC-YAML-MEDIA-TYPE'], 'YAML is labelled application/x-yaml.', (b) => {
    b.contentTypes.yaml = 'application/x-yaml';
  }),
  fault(
    'spec-yaml-merge-drops-override',
    ['SPEC-SAME-DOCUMENT'],
    'The YAML form uses merge keys, and one operation merges the first success response without overriding its content: read with merge keys applied, it differs from the JSON form.',
    (b) => {
      b.publishing.yamlMergeKeys = true;
      finalizeWith(b, (doc, form) => (form === 'yaml' ? withSuccessContentMergedUnchanged(doc) : doc));
    },
  ),
] as const satisfies readonly Fault[];

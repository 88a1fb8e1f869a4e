// Faults of the published specification endpoints.

import { isDeepStrictEqual } from 'node:util';
import { fault, finalizeWith, mapOperations, mapSchemas, paths, type Fault } from './define.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import { withKeyAsHeaderParameter } from '../variations.js';
import { SPEC, jsonSpec } from '../probes/basics.js';
import { parse } from 'yaml';

function withoutOperation(doc: JsonObject, method: string, pathSuffix: string): JsonObject {
  const kept = Object.entries(paths(doc)).flatMap(([path, item]): [string, Record<string, JsonObject>][] => {
    if (!path.endsWith(pathSuffix)) return [[path, item]];
    const { [method]: _dropped, ...rest } = item;
    return Object.keys(rest).length > 0 ? [[path, rest]] : [];
  });
  return { ...doc, paths: Object.fromEntries(kept) };
}

/** Every parameter of the document (of path items and of operations) named `name` in `location`, its schema changed. */
function withParameterSchema(doc: JsonObject, name: string, location: string, schema: JsonObject): JsonObject {
  const change = (list: unknown) =>
    Array.isArray(list)
      ? list.map((p: JsonObject) => (p.name === name && p.in === location ? { ...p, schema } : p))
      : list;
  const items = Object.entries(paths(doc)).map(([path, item]) => [
    path,
    Object.fromEntries(
      Object.entries(item).map(([key, value]) =>
        key === 'parameters'
          ? [key, change(value)]
          : [key, isJsonObject(value) ? { ...value, parameters: change(value.parameters) } : value],
      ),
    ),
  ]);
  return { ...doc, paths: Object.fromEntries(items) };
}

function withoutSecurity(doc: JsonObject): JsonObject {
  const { security: _root, ...rest } = doc;
  const unsecured = mapOperations(doc, ({ security: _op, ...op }) => op);
  const components = { ...(doc.components as JsonObject), securitySchemes: undefined };
  return JSON.parse(JSON.stringify({ ...rest, paths: unsecured, components })) as JsonObject;
}

/** No security scheme; X-API-Key documented on every operation as a header parameter that is not required. */
function withKeyParameterOptional(doc: JsonObject): JsonObject {
  const unsecured = withoutSecurity(doc);
  const keyParameter = { name: 'X-API-Key', in: 'header', required: false, schema: { type: 'string' } };
  const optional = mapOperations(unsecured, (op) => ({
    ...op,
    parameters: [...(Array.isArray(op['parameters']) ? op['parameters'] : []), keyParameter],
  }));
  return { ...unsecured, paths: optional };
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
  fault({
    id: 'spec-unlisted-name-served',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['scope'],
    description:
      'GET /v1/openapi/{spec_name} serves the first listed document for a spec_name the listing does not give, instead of NOT_FOUND (a document cache keyed without the name).',
    behaviour: (b) => {
      const named = b.publishing.documentNamed;
      b.publishing.documentNamed = (asked, listed) => named(asked, listed) ?? listed[0];
    },
    probe: async (call) => (await call('GET', '/v1/openapi/no-such-spec', { key: null })).status,
    shows: 200,
  }),
  fault({
    id: 'spec-listing-empty',
    requirements: ['SPEC-LISTING'],
    slips: ['broken'],
    description: 'GET /v1/openapi lists no specs.',
    behaviour: (b) => {
      const listing = b.publishing.listing;
      b.publishing.listing = { ...listing, render: () => listing.render([]) };
    },
    probe: async (call) => (await call('GET', '/v1/openapi', { key: null })).body,
    shows: { specs: [] },
  }),
  fault({
    id: 'spec-yaml-as-json',
    requirements: ['SPEC-YAML-DEFAULT'],
    slips: ['broken'],
    description: 'Specs are served as JSON by default.',
    behaviour: (b) => {
      b.publishing.negotiate = () => 'json';
    },
    probe: async (call) => (await call('GET', SPEC, { key: null })).contentType,
    shows: 'application/json',
  }),
  fault({
    id: 'spec-no-accept-crash',
    requirements: ['SPEC-YAML-DEFAULT'],
    slips: ['explicit'],
    description: 'A spec requested without an Accept header fails with 500: the header is read without a check.',
    behaviour: (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) => {
        if (accept === undefined) throw new TypeError("Cannot read properties of undefined (reading 'split')");
        return negotiate(accept);
      };
    },
    probe: async (call) => (await call('GET', SPEC, { key: null })).status,
    shows: 500,
  }),
  fault({
    id: 'spec-json-ignored',
    requirements: ['SPEC-JSON-ON-REQUEST'],
    slips: ['broken'],
    description: 'Accept: application/json still gets YAML.',
    behaviour: (b) => {
      b.publishing.negotiate = () => 'yaml';
    },
    probe: async (call) =>
      (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).contentType,
    shows: 'application/yaml',
  }),
  fault({
    id: 'spec-json-differs',
    requirements: ['SPEC-SAME-DOCUMENT'],
    slips: ['broken'],
    description: 'The JSON form lacks one path of the YAML form.',
    behaviour: (b) => {
      finalizeWith(b, (doc, form) =>
        form === 'json' ? { ...doc, paths: Object.fromEntries(Object.entries(paths(doc)).slice(1)) } : doc,
      );
    },
    probe: async (call) =>
      Object.keys((await jsonSpec(call)).paths).length ===
      Object.keys(parse((await call('GET', SPEC, { key: null })).text).paths).length,
    shows: false,
  }),
  fault({
    id: 'spec-invalid-openapi',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description: 'Published documents lack `info`.',
    behaviour: (b) => {
      finalizeWith(b, ({ info: _info, ...rest }) => rest);
    },
    probe: async (call) => 'info' in (await jsonSpec(call)),
    shows: false,
  }),
  fault({
    id: 'spec-missing-endpoint',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description: 'DELETE /v1/runs/{run_id} is missing from the published documents.',
    behaviour: (b) => {
      finalizeWith(b, (doc) => withoutOperation(doc, 'delete', '/runs/{run_id}'));
    },
    probe: async (call) => [
      (await jsonSpec(call)).paths['/v1/runs/{run_id}']?.delete !== undefined,
      parse((await call('GET', SPEC, { key: null })).text).paths['/v1/runs/{run_id}']?.delete !== undefined,
    ],
    shows: [false, false],
  }),
  fault({
    id: 'spec-no-security',
    requirements: ['SPEC-SECURITY-API-KEY'],
    slips: ['broken'],
    description: 'No operation is documented as secured.',
    behaviour: (b) => finalizeWith(b, withoutSecurity),
    probe: async (call) => (await jsonSpec(call)).paths['/v1/runs'].get.security,
    shows: undefined,
  }),
  fault({
    id: 'spec-key-as-parameter-only',
    requirements: ['SPEC-SECURITY-SCHEME'],
    slips: ['broken'],
    description:
      "No security scheme: X-API-Key is documented as a required header parameter of each secured operation (variation localized-pointers's choice, short of the convention).",
    behaviour: (b) => finalizeWith(b, withKeyAsHeaderParameter),
    probe: async (call) => (await jsonSpec(call)).paths['/v1/runs'].get.security,
    shows: undefined,
  }),
  fault({
    id: 'spec-key-parameter-optional',
    requirements: ['SPEC-SECURITY-API-KEY'],
    slips: ['broken'],
    description:
      'No security scheme: X-API-Key is documented on every operation as a header parameter, but not as required.',
    behaviour: (b) => finalizeWith(b, withKeyParameterOptional),
    probe: async (call) => {
      const get = (await jsonSpec(call)).paths['/v1/runs'].get;
      return [get.security, get.parameters.filter((p: { in: string }) => p.in === 'header')];
    },
    shows: [undefined, [{ name: 'X-API-Key', in: 'header', required: false, schema: { type: 'string' } }]],
  }),
  fault({
    id: 'spec-listed-not-fetchable',
    requirements: ['SPEC-FETCHABLE'],
    slips: ['broken'],
    description: 'The listing names a spec that answers NOT_FOUND.',
    behaviour: (b) => {
      const listing = b.publishing.listing;
      b.publishing.listing = {
        ...listing,
        render: (entries) =>
          listing.render(entries.map((e) => ({ spec_name: `${e.spec_name}-latest`, url: `${e.url}-latest` }))),
      };
    },
    probe: async (call) => {
      const url = new URL((await call('GET', '/v1/openapi', { key: null })).body.specs[0].url);
      return (await call('GET', url.pathname, { key: null })).status;
    },
    shows: 404,
  }),
  fault({
    id: 'spec-schema-mismatch',
    requirements: ['SCHEMA-PUBLISHED'],
    slips: ['type'],
    description: 'The published Agent schema types display_name as an integer.',
    behaviour: (b) => {
      finalizeWith(b, withAgentDisplayNameInteger);
    },
    probe: async (call) => (await jsonSpec(call)).components.schemas.Agent.properties.display_name.type,
    shows: 'integer',
  }),
  fault({
    id: 'spec-any-accept-json',
    requirements: ['SPEC-YAML-ANY-ACCEPT'],
    slips: ['broken'],
    description: 'A spec asked for with Accept: */* is served as JSON; YAML only without an Accept header.',
    behaviour: (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) => (accept === '*/*' ? 'json' : negotiate(accept));
    },
    probe: async (call) => (await call('GET', SPEC, { key: null, headers: { Accept: '*/*' } })).contentType,
    shows: 'application/json',
  }),
  fault({
    id: 'spec-wildcard-forms-json',
    requirements: ['SPEC-YAML-ANY-ACCEPT'],
    slips: ['scope'],
    description:
      'The document endpoint special-cases the literal `Accept: */*` as no preference (YAML); any other range that takes either form (`application/*`, `*/*;q=0.8`) goes to a negotiation library that picks the first form it offers, JSON.',
    behaviour: (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) =>
        accept !== undefined && accept !== '*/*' && accept.includes('*') ? 'json' : negotiate(accept);
    },
    probe: async (call) => (await call('GET', SPEC, { key: null, headers: { Accept: 'application/*' } })).contentType,
    shows: 'application/json',
  }),
  fault({
    id: 'spec-yaml-legacy-media-type',
    requirements: ['SPEC-YAML-MEDIA-TYPE'],
    slips: ['broken'],
    description: 'YAML is labelled application/x-yaml.',
    behaviour: (b) => {
      b.contentTypes.yaml = 'application/x-yaml';
    },
    probe: async (call) => (await call('GET', SPEC, { key: null })).contentType,
    shows: 'application/x-yaml',
  }),
  fault({
    id: 'spec-yaml-merge-drops-override',
    requirements: ['SPEC-SAME-DOCUMENT'],
    slips: ['broken'],
    description:
      'The YAML form uses merge keys, and one operation merges the first success response without overriding its content: read with merge keys applied, it differs from the JSON form.',
    behaviour: (b) => {
      b.publishing.yamlMergeKeys = true;
      finalizeWith(b, (doc, form) => (form === 'yaml' ? withSuccessContentMergedUnchanged(doc) : doc));
    },
    probe: async (call) =>
      isDeepStrictEqual(parse((await call('GET', SPEC, { key: null })).text, { merge: true }), await jsonSpec(call)),
    shows: false,
  }),
  fault({
    id: 'spec-group-document-not-fetchable',
    requirements: ['SPEC-FETCHABLE'],
    slips: ['scope'],
    description:
      'With one document per endpoint group, the dashboards document is listed as `dashboard` (and at that URL), which answers NOT_FOUND; every other listed document is served.',
    behaviour: (b) => {
      b.publishing = { ...b.publishing, layout: 'per-group' };
      const listing = b.publishing.listing;
      b.publishing.listing = {
        ...listing,
        render: (entries) =>
          listing.render(
            entries.map((e) =>
              e.spec_name === 'dashboards'
                ? { spec_name: 'dashboard', url: e.url.replace(/dashboards$/, 'dashboard') }
                : e,
            ),
          ),
      };
    },
    probe: async (call) => {
      const listed = (await call('GET', '/v1/openapi', { key: null })).body.specs as { url: string }[];
      return Promise.all(
        listed.map(async (spec) => (await call('GET', new URL(spec.url).pathname, { key: null })).status),
      );
    },
    shows: [200, 200, 200, 200, 200, 200, 200, 200, 404, 200],
  }),
  fault({
    id: 'spec-one-operation-unsecured',
    requirements: ['SPEC-SECURITY-API-KEY'],
    slips: ['scope'],
    description:
      'GET /v1/personas/phone-numbers is published with `security: []` (no key), like the specification endpoints; every other operation declares X-API-Key.',
    behaviour: (b) => {
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        for (const [path, item] of Object.entries(paths(copy))) {
          if (path.endsWith('/personas/phone-numbers') && item['get']) item['get'] = { ...item['get'], security: [] };
        }
        return copy;
      });
    },
    probe: async (call) =>
      parse((await call('GET', '/v1/openapi/agent-evaluation', { key: null })).text).paths['/v1/personas/phone-numbers']
        .get.security,
    shows: [],
  }),
  fault({
    id: 'spec-input-type-enum-lacks-script',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published documents give the test case input_type an enum without `SCRIPT` (request body and response), while the service accepts and returns it.',
    behaviour: (b) => {
      finalizeWith(b, (doc) =>
        mapSchemas(doc, (schema) => {
          const props = schema.properties as Record<string, JsonObject> | undefined;
          const inputType = props?.input_type;
          if (!props || !Array.isArray(inputType?.enum)) return schema;
          const values = (inputType.enum as unknown[]).filter((value) => value !== 'SCRIPT');
          return { ...schema, properties: { ...props, input_type: { ...inputType, enum: values } } };
        }),
      );
    },
    probe: async (call) =>
      ((await jsonSpec(call)).components.schemas.CreateTestCaseRequest.properties.input_type.enum as string[]).includes(
        'SCRIPT',
      ),
    shows: false,
  }),
  fault({
    id: 'spec-model-type-enum-admits-unlisted',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published Agent (the response's resource) gives model_type an enum with a sixth value, `MODEL_TYPE_UNSPECIFIED` (a proto enum's zero value), which the service never returns and refuses.",
    behaviour: (b) => {
      finalizeWith(b, (doc) =>
        mapSchemas(doc, (schema) => {
          const props = schema.properties as Record<string, JsonObject> | undefined;
          const modelType = props?.model_type;
          if (!props?.knowledge_base_ids || !Array.isArray(modelType?.enum)) return schema;
          const values = ['MODEL_TYPE_UNSPECIFIED', ...(modelType.enum as unknown[])];
          return { ...schema, properties: { ...props, model_type: { ...modelType, enum: values } } };
        }),
      );
    },
    probe: async (call) => (await jsonSpec(call)).components.schemas.Agent.properties.model_type.enum[0],
    shows: 'MODEL_TYPE_UNSPECIFIED',
  }),
  fault({
    id: 'spec-runs-page-size-maximum-100',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published runs list gives page_size a maximum of 100 (the personas list's), while the service serves up to 1000.",
    behaviour: (b) => {
      finalizeWith(b, (doc) => ({
        ...doc,
        paths: mapOperations(doc, (op) =>
          (op as JsonObject).summary === 'GET /v1/runs'
            ? {
                ...(op as JsonObject),
                parameters: ((op as JsonObject).parameters as JsonObject[]).map((p) =>
                  p.name === 'page_size' ? { ...p, schema: { ...(p.schema as JsonObject), maximum: 100 } } : p,
                ),
              }
            : op,
        ),
      }));
    },
    probe: async (call) => {
      const parameters = (await jsonSpec(call)).paths['/v1/runs'].get.parameters as JsonObject[];
      return (parameters.find((p) => p.name === 'page_size')?.schema as JsonObject).maximum;
    },
    shows: 100,
  }),
  fault({
    id: 'spec-mutation-id-format-uuid',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published Mutation (the response's resource) gives its id `format: uuid` (a generator's guess for an `id`), while the service serves 26-character ULIDs: every mutation ID it returns is invalid by the document.",
    behaviour: (b) => {
      finalizeWith(b, (doc) =>
        mapSchemas(doc, (schema) => {
          const props = schema.properties as Record<string, JsonObject> | undefined;
          if (!props?.config_overrides || !props.id) return schema;
          return { ...schema, properties: { ...props, id: { ...props.id, format: 'uuid' } } };
        }),
      );
    },
    probe: async (call) => (await jsonSpec(call)).components.schemas.Mutation.properties.id.format,
    shows: 'uuid',
  }),
  fault({
    id: 'spec-agent-metric-ids-lowercase-pattern',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published agent create body gives each of metric_ids the pattern `^[a-z0-9]{22}$` (a slug's), while the specification's metric IDs are 22 alphanumeric characters of either case and the service takes them: every metric ID with a capital letter is invalid by the document.",
    behaviour: (b) => {
      finalizeWith(b, (doc) =>
        mapSchemas(doc, (schema) => {
          const props = schema.properties as Record<string, JsonObject> | undefined;
          const metricIds = props?.metric_ids;
          if (!metricIds || props.id || !isJsonObject(metricIds.items)) return schema;
          const items = { ...metricIds.items, pattern: '^[a-z0-9]{22}$' };
          return { ...schema, properties: { ...props, metric_ids: { ...metricIds, items } } };
        }),
      );
    },
    probe: async (call) =>
      (await jsonSpec(call)).components.schemas.CreateAgentRequest.properties.metric_ids.items.pattern,
    shows: '^[a-z0-9]{22}$',
  }),
  fault({
    id: 'spec-mutation-path-parameters-swapped',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published mutation path names its parameters in the wrong order (`/v1/agents/{mutation_id}/mutations/{agent_id}`, a route declared with its arguments swapped), each parameter's schema kept in its place: the document stays valid, but a client filling the template by name puts the mutation ID where the agent ID goes.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const swap = (name: unknown) =>
          name === 'agent_id' ? 'mutation_id' : name === 'mutation_id' ? 'agent_id' : name;
        const swapped = Object.entries(paths(doc)).map(([path, item]): [string, Record<string, JsonObject>] => {
          if (!path.endsWith('/mutations/{mutation_id}')) return [path, item];
          const operations = Object.entries(item).map(([method, op]) => [
            method,
            {
              ...op,
              parameters: ((op.parameters ?? []) as JsonObject[]).map((p) =>
                p.in === 'path' ? { ...p, name: swap(p.name) } : p,
              ),
            },
          ]);
          return [
            path.replace(/\{(\w+)\}/g, (_, name: string) => `{${String(swap(name))}}`),
            Object.fromEntries(operations),
          ];
        });
        return { ...doc, paths: Object.fromEntries(swapped) };
      }),
    probe: async (call) => Object.keys((await jsonSpec(call)).paths).filter((p: string) => p.includes('/mutations/')),
    shows: ['/v1/agents/{mutation_id}/mutations/{agent_id}'],
  }),
  fault({
    id: 'spec-test-case-input-type-required',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published test case create body lists input_type among its required fields (a generator that requires every field with a default), while the specification makes it optional (`input_type` defaults to `SCENARIO`) and the service takes a body without it.',
    behaviour: (b) =>
      finalizeWith(b, (doc) =>
        mapSchemas(doc, (schema) => {
          const properties = schema.properties as JsonObject | undefined;
          if (!properties || 'id' in properties || !('input_str' in properties) || !('input_type' in properties))
            return schema;
          return { ...schema, required: [...((schema.required ?? []) as string[]), 'input_type'] };
        }),
      ),
    probe: async (call) => (await jsonSpec(call)).components.schemas.CreateTestCaseRequest.required,
    shows: ['input_str', 'test_set_id', 'input_type'],
  }),
  fault({
    id: 'spec-accept-json-weight-zero-served-json',
    requirements: ['SPEC-YAML-ON-REQUEST'],
    slips: ['broken'],
    description:
      'The JSON form is served whenever the Accept header mentions application/json (`accept.includes("application/json")`), whatever its weight: `text/html, application/yaml, application/json;q=0`, which asks for YAML and refuses JSON (q=0 is "not acceptable", RFC 9110 12.4.2), is answered with the JSON form.',
    behaviour: (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) => (accept?.includes('application/json') ? 'json' : negotiate(accept));
    },
    probe: async (call) =>
      (
        await call('GET', SPEC, {
          key: null,
          headers: { Accept: 'text/html, application/yaml, application/json;q=0' },
        })
      ).contentType,
    shows: 'application/json',
  }),
  fault({
    id: 'spec-accept-yaml-letter-case-served-json',
    requirements: ['SPEC-YAML-ON-REQUEST'],
    slips: ['broken'],
    description:
      'The YAML form is served only without an Accept header or when it holds `application/yaml` as written there (`accept.includes("application/yaml")`), JSON otherwise: `Application/YAML`, the same media type in other letters (RFC 9110 8.3.1), is answered with the JSON form.',
    behaviour: (b) => {
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) =>
        accept === undefined || accept.includes('application/yaml') ? negotiate(accept) : 'json';
    },
    probe: async (call) =>
      (await call('GET', SPEC, { key: null, headers: { Accept: 'Application/YAML' } })).contentType,
    shows: 'application/json',
  }),
  fault({
    id: 'spec-yaml-only-status-keys-unquoted',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The document is served in YAML alone, whatever Accept asks, and writes the response status codes as plain keys (`200:`), integers to a YAML reader, where OpenAPI limits YAML keys to strings: with no JSON form to compare, only the YAML form read shows it.',
    behaviour: (b) => {
      b.publishing.negotiate = () => 'yaml';
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const out = written(text, form, name);
        return form === 'yaml' ? out.replace(/^(\s+)["']([1-5](?:\d\d|XX))["']:/gm, '$1$2:') : out;
      };
    },
    probe: async (call) => {
      const yaml = await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } });
      return { contentType: yaml.contentType, plain: /^\s+200:/m.test(yaml.text) };
    },
    shows: { contentType: 'application/yaml', plain: true },
  }),
  fault({
    id: 'spec-array-items-tuple-form',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['type'],
    description:
      "The component schemas' array properties are written by a generator for an older JSON Schema, `items` in the draft-04 tuple form (`items: [<schema>]`), in documents declaring `openapi: 3.1.0`, whose JSON Schema 2020-12 takes `items` as one schema (a tuple is `prefixItems`): the documents are not valid OpenAPI 3.1, which the OpenAPI meta-schema, leaving a 3.1 schema's contents unchecked, does not show; the service is unchanged.",
    behaviour: (b) =>
      finalizeWith(b, (doc) =>
        mapSchemas(doc, (schema) =>
          isJsonObject(schema.properties)
            ? {
                ...schema,
                properties: Object.fromEntries(
                  Object.entries(schema.properties).map(([name, property]) => [
                    name,
                    isJsonObject(property) && isJsonObject(property.items)
                      ? { ...property, items: [property.items] }
                      : property,
                  ]),
                ),
              }
            : schema,
        ),
      ),
    probe: async (call) => {
      const doc = (await jsonSpec(call)) as JsonObject;
      const schemas = Object.values(((doc.components as JsonObject).schemas ?? {}) as Record<string, JsonObject>);
      const items = schemas
        .flatMap((schema) => Object.values((schema.properties ?? {}) as Record<string, JsonObject>))
        .map((property) => property.items)
        .filter((value) => value !== undefined);
      return { openapi: doc.openapi, tuples: items.length > 0 && items.every(Array.isArray) };
    },
    shows: { openapi: '3.1.0', tuples: true },
  }),
  fault({
    id: 'spec-page-token-pattern-digits',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published lists give page_token `pattern: ^[0-9]+$` (the offset an earlier version sent), while the service's next_page_token is an opaque string of letters and digits: a client that validates its requests by the document cannot send the token the service gave it.",
    behaviour: (b) =>
      finalizeWith(b, (doc) =>
        withParameterSchema(doc, 'page_token', 'query', { type: 'string', pattern: '^[0-9]+$' }),
      ),
    probe: async (call) => {
      const parameters = (await jsonSpec(call)).paths['/v1/personas'].get.parameters as JsonObject[];
      const pattern = (parameters.find((p) => p.name === 'page_token')?.schema as JsonObject).pattern as string;
      const page = await call('GET', '/v1/personas?page_size=1');
      return { pattern, admitsServedToken: new RegExp(pattern).test(String(page.body.next_page_token)) };
    },
    shows: { pattern: '^[0-9]+$', admitsServedToken: false },
  }),
  fault({
    id: 'spec-run-id-parameter-format-uuid',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published GET and DELETE /v1/runs/{run_id} give their run_id path parameter `format: uuid` (the type of the key in the service's own table), while the runs list serves other run IDs: a client that validates its requests by the document cannot read or delete a run the list gave it.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => withParameterSchema(doc, 'run_id', 'path', { type: 'string', format: 'uuid' })),
    probe: async (call) => {
      const parameters = (await jsonSpec(call)).paths['/v1/runs/{run_id}'].get.parameters as JsonObject[];
      const format = (parameters.find((p) => p.name === 'run_id')?.schema as JsonObject).format as string;
      const page = await call('GET', '/v1/runs?page_size=1');
      const id = String((page.body.runs as JsonObject[])[0]?.run_id);
      return { format, servedIsUuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) };
    },
    shows: { format: 'uuid', servedIsUuid: false },
  }),
  fault({
    id: 'spec-persona-get-body-required',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published GET /v1/personas/{persona_id} carries a required JSON request body (the options object of the handler the generator read), while the read takes its path persona_id alone: a client generated from the document cannot read a persona without sending a body with a GET.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const item = paths(doc)['/v1/personas/{persona_id}'];
        if (!item?.get) return doc;
        const requestBody = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
        return {
          ...doc,
          paths: { ...paths(doc), '/v1/personas/{persona_id}': { ...item, get: { ...item.get, requestBody } } },
        };
      }),
    probe: async (call) =>
      ((await jsonSpec(call)).paths['/v1/personas/{persona_id}'].get.requestBody as JsonObject | undefined)?.required,
    shows: true,
  }),
  fault({
    id: 'spec-dashboard-patch-body-missing',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published PATCH /v1/dashboards/{dashboard_id} documents no request body (the generator read the update from a handler that takes the body untyped), while the update is a body with display_name: a client generated from the document cannot rename a dashboard.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const item = paths(doc)['/v1/dashboards/{dashboard_id}'];
        if (!item?.patch) return doc;
        const { requestBody: _dropped, ...patch } = item.patch;
        return { ...doc, paths: { ...paths(doc), '/v1/dashboards/{dashboard_id}': { ...item, patch } } };
      }),
    probe: async (call) =>
      'requestBody' in ((await jsonSpec(call)).paths['/v1/dashboards/{dashboard_id}'].patch as JsonObject),
    shows: false,
  }),
] as const satisfies readonly Fault[];

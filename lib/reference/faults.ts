// Faults: small named overrides of the Behaviour, each breaking the requirements it
// names, so that every suite check can be shown to fail against a broken server.

import type { RequirementId } from '../contract/requirements/index.js';
import type { Behaviour, ResourceKind } from './behaviour.js';
import type { JsonObject } from './http/body.js';
import { ApiError, internal } from './http/errors.js';
import type { SpecForm } from './openapi/negotiate.js';

export interface Fault {
  readonly id: string;
  readonly requirements: readonly RequirementId[];
  readonly description: string;
  apply(b: Behaviour): void;
}

const fault = (id: string, requirements: readonly RequirementId[], description: string, apply: (b: Behaviour) => void): Fault =>
  ({ id, requirements, description, apply });

/** Adds a last touch to every published document. */
function finalizeWith(b: Behaviour, touch: (doc: JsonObject, form: SpecForm) => JsonObject): void {
  const finalize = b.publishing.finalize;
  b.publishing.finalize = (doc, form) => touch(finalize(doc, form), form);
}

/** Reshapes one kind of resource as it is returned. */
function presentWith(b: Behaviour, kind: ResourceKind, touch: (view: JsonObject, record: object) => JsonObject): void {
  const present = b.present;
  b.present = (k, view, record) => {
    const shaped = present(k, view, record);
    return k === kind ? touch(shaped, record) : shaped;
  };
}

function refineFailure(b: Behaviour, refine: (error: ApiError, presented: string | undefined) => ApiError): void {
  const failure = b.auth.failure;
  b.auth.failure = (presented) => refine(failure(presented), presented);
}

const paths = (doc: JsonObject) => (doc.paths ?? {}) as Record<string, Record<string, JsonObject>>;

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

function withAgentDisplayNameInteger(doc: JsonObject): JsonObject {
  const copy = structuredClone(doc);
  const agent = (copy.components as { schemas: Record<string, { properties: Record<string, JsonObject> }> }).schemas.Agent;
  if (agent) agent.properties.display_name = { type: 'integer' };
  return copy;
}

const setDisplayNameMax = (max: number) => (b: Behaviour) => {
  b.limits['agent.display_name'] = { ...b.limits['agent.display_name'], max };
};

export const FAULTS: readonly Fault[] = [
  fault('auth-missing-key-accepted-on-get-agent', ['AUTH-MISSING-KEY'], 'GET /v1/agents/{agent_id} is served without a key.', (b) => {
    const accepts = b.auth.accepts;
    b.auth.accepts = (endpoint, key) => (key === undefined && endpoint.key === 'GET /v1/agents/{agent_id}') || accepts(endpoint, key);
  }),
  fault('auth-wrong-key-accepted', ['AUTH-INVALID-KEY'], 'Any non-empty key is accepted.', (b) => {
    b.auth.accepts = (_endpoint, key) => key !== undefined && key !== '';
  }),
  fault('auth-details-missing', ['AUTH-DETAILS-HEADER'], 'UNAUTHENTICATED errors have empty details.', (b) => {
    refineFailure(b, (error) => new ApiError(error.code, error.message, []));
  }),
  fault('auth-wrong-code', ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'], 'A missing key gives code PERMISSION_DENIED.', (b) => {
    refineFailure(b, (error, key) => (key === undefined ? new ApiError('PERMISSION_DENIED', error.message, error.details) : error));
  }),
  fault('auth-spec-requires-key', ['AUTH-SPEC-PUBLIC'], 'The /v1/openapi endpoints need the key too.', (b) => {
    b.auth.required = () => true;
  }),
  fault('spec-listing-empty', ['SPEC-LISTING'], 'GET /v1/openapi lists no specs.', (b) => {
    const listing = b.publishing.listing;
    b.publishing.listing = { ...listing, render: () => listing.render([]) };
  }),
  fault('spec-yaml-as-json', ['SPEC-YAML-DEFAULT'], 'Specs are served as JSON by default.', (b) => {
    b.publishing.negotiate = () => 'json';
  }),
  fault('spec-json-ignored', ['SPEC-JSON-ON-REQUEST'], 'Accept: application/json still gets YAML.', (b) => {
    b.publishing.negotiate = () => 'yaml';
  }),
  fault('spec-json-differs', ['SPEC-SAME-DOCUMENT'], 'The JSON form lacks one path of the YAML form.', (b) => {
    finalizeWith(b, (doc, form) => (form === 'json' ? { ...doc, paths: Object.fromEntries(Object.entries(paths(doc)).slice(1)) } : doc));
  }),
  fault('spec-invalid-openapi', ['SPEC-VALID-OPENAPI'], 'Published documents lack `info`.', (b) => {
    finalizeWith(b, ({ info: _info, ...rest }) => rest);
  }),
  fault('spec-missing-endpoint', ['SPEC-COVERS-ENDPOINTS'], 'DELETE /v1/runs/{run_id} is missing from the published documents.', (b) => {
    finalizeWith(b, (doc) => withoutOperation(doc, 'delete', '/runs/{run_id}'));
  }),
  fault('spec-no-security', ['SPEC-SECURITY-API-KEY'], 'No operation is documented as secured.', (b) => finalizeWith(b, withoutSecurity)),
  fault('spec-listed-not-fetchable', ['SPEC-FETCHABLE'], 'The listing names a spec that answers NOT_FOUND.', (b) => {
    const listing = b.publishing.listing;
    b.publishing.listing = {
      ...listing,
      render: (entries) => listing.render(entries.map((e) => ({ spec_name: `${e.spec_name}-latest`, url: `${e.url}-latest` }))),
    };
  }),
  fault('spec-schema-mismatch', ['SCHEMA-PUBLISHED'], 'The published Agent schema types display_name as an integer.', (b) => {
    finalizeWith(b, withAgentDisplayNameInteger);
  }),
  fault('agent-missing-wrapper', ['ENVELOPE-WRAPPED'], 'Agents are returned without the `agent` wrapper.', (b) => {
    const respond = b.respond;
    b.respond = (endpoint, body) => {
      const shaped = respond(endpoint, body);
      return endpoint.wrapper === 'agent' ? (shaped as JsonObject).agent : shaped;
    };
  }),
  fault('error-no-details', ['ERROR-DETAILS-FIELD'], 'INVALID_ARGUMENT errors have empty details.', (b) => {
    const details = b.errors.details;
    b.errors.details = (error) => (error.code === 'INVALID_ARGUMENT' ? [] : details(error));
  }),
  fault('agent-display-name-max-199', ['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'], 'Agent display_name of 200 characters is rejected.', setDisplayNameMax(199)),
  fault('agent-display-name-max-201', ['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'], 'Agent display_name of 201 characters is accepted.', setDisplayNameMax(201)),
  fault('agent-soft-delete-flag-leaked', ['AGENT-NO-SOFT-DELETE-FLAG'], 'Agents are returned with their `deleted` flag.', (b) => {
    presentWith(b, 'agent', (view, record) => ({ ...view, deleted: (record as { deleted: boolean }).deleted }));
  }),
  fault('mutation-delete-not-idempotent', ['MUTATION-DELETE-IDEMPOTENT'], 'Deleting a deleted mutation answers NOT_FOUND.', (b) => {
    b.mutationDeleteIdempotent = false;
  }),
  fault('malformed-json-500', ['REQUEST-MALFORMED-JSON'], 'A malformed JSON body gives a 500 INTERNAL error.', (b) => {
    b.errors.malformedJson = (reason) => internal(`could not handle the body: ${reason}`);
  }),
  fault('timestamps-not-utc', ['TIMESTAMP-ISO-UTC'], 'Timestamps are written with a +02:00 offset.', (b) => {
    b.formatTime = (ms) => `${new Date(ms + 2 * 3600_000).toISOString().slice(0, -1)}+02:00`;
  }),
  fault('persona-update-before-create', ['TIMESTAMP-ORDER'], 'Personas report an update_time a day before their create_time.', (b) => {
    presentWith(b, 'persona', (view, record) => ({ ...view, update_time: b.formatTime((record as { create_time: number }).create_time - 86_400_000) }));
  }),
  fault('persona-resource-name-wrong', ['NAME-MATCHES-ID'], 'Persona resource_name does not carry the persona id.', (b) => {
    presentWith(b, 'persona', (view) => ({ ...view, resource_name: 'personas/unknown' }));
  }),
  fault('run-metrics-inconsistent', ['RUN-METRICS-CONSISTENT'], 'Run result metrics report min and max swapped.', (b) => {
    presentWith(b, 'run', (view) => {
      const results = view.results as { metrics: Record<string, { min: number; max: number; mean: number }> };
      const metrics = Object.fromEntries(Object.entries(results.metrics).map(([name, m]) => [name, { ...m, min: m.max + 1, max: m.min - 1 }]));
      return { ...view, results: { ...results, metrics } };
    });
  }),
  fault('agent-knowledge-base-ids-missing', ['AGENT-KNOWLEDGE-BASE-IDS'], 'Agents are returned without knowledge_base_ids.', (b) => {
    presentWith(b, 'agent', ({ knowledge_base_ids: _ids, ...rest }) => rest);
  }),
  fault('mutation-update-time-set', ['MUTATION-UPDATE-TIME-NULL'], 'New mutations report an update_time.', (b) => {
    presentWith(b, 'mutation', (view) => ({ ...view, update_time: view.create_time }));
  }),
  fault('spec-yaml-legacy-media-type', ['SPEC-YAML-MEDIA-TYPE'], 'YAML is labelled application/x-yaml.', (b) => {
    b.contentTypes.yaml = 'application/x-yaml';
  }),
  fault('json-content-type-text', ['RESPONSE-CONTENT-TYPE-JSON'], 'JSON bodies are labelled text/plain.', (b) => {
    b.contentTypes.json = 'text/plain; charset=utf-8';
  }),
];

function faultById(id: string): Fault {
  const found = FAULTS.find((f) => f.id === id);
  if (!found) throw new Error(`unknown fault "${id}"; known faults: ${FAULTS.map((f) => f.id).join(', ')}`);
  return found;
}

/** Applies the named faults in order; an unknown id throws before anything is changed. */
export function applyFaults(ids: Iterable<string>, b: Behaviour): void {
  const faults = [...ids].map(faultById);
  for (const f of faults) f.apply(b);
}

/** Parses a FAULTS environment value: ids separated by commas or spaces. */
export const parseFaultList = (text: string | undefined): string[] => (text ?? '').split(/[\s,]+/).filter(Boolean);

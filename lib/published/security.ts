// Whether the documents declare the authentication the spec states: an `X-API-Key`
// header key on every non-specification operation, no key on the two specification
// endpoints.

import { ENDPOINTS, type Endpoint } from '../contract/endpoints.js';
import { API_KEY_HEADER } from '../contract/enums.js';
import type { DocumentedOperation, OperationIndex, SecurityRequirement } from './operations.js';
import { deref } from './refs.js';
import { type JsonObject, isJsonObject } from '../util/json.js';

/** One message per documented contract endpoint whose security disagrees with the spec. */
export function securityProblems(index: OperationIndex, endpoints: readonly Endpoint[] = ENDPOINTS): string[] {
  return endpoints.flatMap((endpoint) => {
    const operation = index.find(endpoint.method, endpoint.path);
    const problem = operation && (endpoint.public ? publicProblem(operation) : protectedProblem(operation));
    return problem ? [`${endpoint.key}: ${problem}`] : [];
  });
}

function protectedProblem(operation: DocumentedOperation): string | undefined {
  const requirements = operation.security ?? [];
  if (requirements.length === 0) return `documented without security; the spec requires the ${API_KEY_HEADER} header`;
  if (!requirements.some((requirement) => Object.keys(requirement).some((name) => isApiKeyHeader(operation, name)))) {
    return `documented security (${describe(requirements)}) has no apiKey scheme in the ${API_KEY_HEADER} header`;
  }
  if (allowsAnonymous(requirements))
    return `documented security (${describe(requirements)}) also allows calls without a key`;
  return undefined;
}

function publicProblem(operation: DocumentedOperation): string | undefined {
  const requirements = operation.security ?? [];
  if (requirements.length === 0 || allowsAnonymous(requirements)) return undefined;
  return `documented as requiring authentication (${describe(requirements)}), but the specification endpoints need no key`;
}

/** An empty requirement `{}` among the alternatives makes authentication optional. */
export const allowsAnonymous = (requirements: readonly SecurityRequirement[]): boolean =>
  requirements.some((requirement) => Object.keys(requirement).length === 0);

function isApiKeyHeader(operation: DocumentedOperation, schemeName: string): boolean {
  const scheme = securityScheme(operation.document, schemeName);
  // Header names are case-insensitive.
  return (
    isJsonObject(scheme) &&
    scheme['type'] === 'apiKey' &&
    scheme['in'] === 'header' &&
    typeof scheme['name'] === 'string' &&
    scheme['name'].toLowerCase() === API_KEY_HEADER.toLowerCase()
  );
}

function securityScheme(document: JsonObject, name: string): unknown {
  const components = document['components'];
  const schemes = isJsonObject(components) ? components['securitySchemes'] : undefined;
  return deref(document, isJsonObject(schemes) ? schemes[name] : undefined);
}

const describe = (requirements: readonly SecurityRequirement[]): string =>
  requirements.map((requirement) => Object.keys(requirement).join(' + ') || '{}').join(' or ');

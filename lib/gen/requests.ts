// A well-formed request for any contract endpoint, for checks that sweep every
// endpoint (authentication) and need the request to be valid in all but one respect.

import { type Endpoint } from '../contract/endpoints.js';
import { ID_RULES } from '../contract/ids.js';
import { agentBody, dashboardBody, mutationBody, reviewProjectBody, testCaseBody } from './bodies.js';
import { alnum, wellFormedId } from './ids.js';
import type { JsonObject } from '../util/json.js';

export interface SampleRequest {
  readonly params: Record<string, string>;
  readonly json?: JsonObject;
}

/** Path parameters with well-formed IDs that name nothing (`salt` varies them). */
export function sampleParams(endpoint: Endpoint, salt = 7): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, kind] of Object.entries(endpoint.pathParams)) {
    params[name] = kind ? wellFormedId(ID_RULES[kind], salt) : alnum(22, salt);
  }
  return params;
}

export function sampleBody(endpoint: Endpoint, label: string): JsonObject | undefined {
  switch (`${endpoint.method} ${endpoint.path}`) {
    case 'POST /v1/agents':
      return agentBody(label);
    case 'POST /v1/agents/{agent_id}/mutations':
      return mutationBody(label);
    case 'POST /v1/test-cases':
      return testCaseBody(label);
    case 'POST /v1/review-projects':
      return reviewProjectBody(label, alnum(22, 1), alnum(22, 2));
    case 'PATCH /v1/dashboards/{dashboard_id}':
      return dashboardBody(label);
    default:
      return undefined;
  }
}

export function sampleRequest(endpoint: Endpoint, label: string, salt?: number): SampleRequest {
  const json = sampleBody(endpoint, label);
  return json === undefined ? { params: sampleParams(endpoint, salt) } : { params: sampleParams(endpoint, salt), json };
}

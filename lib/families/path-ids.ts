// Path IDs: every near miss of a parameter's ID rule is rejected with INVALID_ARGUMENT
// naming the parameter; a well-formed ID that names nothing gets NOT_FOUND (strict).

import { ENDPOINTS, type EndpointKey } from '../contract/endpoints.js';
import { CONVENTIONAL_ERRORS } from '../contract/enums.js';
import { ID_RULES } from '../contract/ids.js';
import { nearMissIds, offAlphabetIds } from '../gen/ids.js';
import { sampleParams } from '../gen/requests.js';
import type { CheckContext } from '../harness/index.js';

function endpointOf(key: EndpointKey) {
  const endpoint = ENDPOINTS.find((e) => e.key === key);
  if (!endpoint) throw new Error(`no endpoint "${key}" in the contract`);
  return endpoint;
}

/**
 * Sends each near miss of `param`'s rule (a character outside the alphabet too: an underscore, a
 * hyphen, a letter beyond ASCII), the other path parameters well-formed (`params` overrides them,
 * e.g. with a real parent id).
 */
export async function expectNearMissesRejected(t: CheckContext, endpointKey: EndpointKey, param: string, params: Readonly<Record<string, string>> = {}): Promise<void> {
  const endpoint = endpointOf(endpointKey);
  const kind = endpoint.pathParams[param];
  if (!kind) throw new Error(`${endpointKey} has no ID rule for ${param}`);
  const base = { ...sampleParams(endpoint), ...params };
  for (const miss of [...nearMissIds(ID_RULES[kind]), ...offAlphabetIds(ID_RULES[kind])]) {
    const call = await t.call(endpointKey, { params: { ...base, [param]: miss.value } });
    t.expectInvalidArgument(call, ['PATH-ID-FORMAT'], param, `${endpointKey} with ${param} of ${miss.why}`);
  }
}

/**
 * One near miss of `param` while another path parameter names nothing (`params`): the format is
 * judged on the request, so it is rejected with INVALID_ARGUMENT naming `param`, not answered
 * as a missing resource.
 */
export async function expectFormatBeforeLookup(t: CheckContext, endpointKey: EndpointKey, param: string, params: Readonly<Record<string, string>>): Promise<void> {
  const endpoint = endpointOf(endpointKey);
  const kind = endpoint.pathParams[param];
  if (!kind) throw new Error(`${endpointKey} has no ID rule for ${param}`);
  const [miss] = nearMissIds(ID_RULES[kind]);
  if (!miss) throw new Error(`no near miss of the ${kind} ID rule`);
  const call = await t.call(endpointKey, { params: { ...sampleParams(endpoint), ...params, [param]: miss.value } });
  t.expectInvalidArgument(call, ['PATH-ID-FORMAT-FIRST'], param, `${endpointKey} with ${param} of ${miss.why} under ${JSON.stringify(params)}, which names nothing`);
}

/** A well-formed ID that names nothing: NOT_FOUND with HTTP 404, the common convention. */
export async function expectMissingNotFound(t: CheckContext, endpointKey: EndpointKey, params: Readonly<Record<string, string>>): Promise<void> {
  const call = await t.call(endpointKey, { params });
  const what = `${endpointKey} with a well-formed ID that names nothing`;
  t.expectRejection(call, ['MISSING-RESOURCE-NOT-FOUND'], CONVENTIONAL_ERRORS.notFound, what);
}

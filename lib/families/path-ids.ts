// Path IDs: every near miss of a parameter's ID rule is rejected with INVALID_ARGUMENT
// naming the parameter (an alphabet Limits does not state may be looked up instead); a
// well-formed ID that names nothing gets NOT_FOUND (strict).

import { ENDPOINTS, type EndpointKey, type Group } from '../contract/endpoints.js';
import { CONVENTIONAL_ERRORS } from '../contract/enums.js';
import { ID_RULES, type IdKind, type IdRule } from '../contract/ids.js';
import { refusedAsInvalid } from '../assert/error-details.js';
import { isSuccess, refusedInFront } from '../assert/responses.js';
import { alnum, extremeIds, MALFORMED_ESCAPES, nearMissIds, offAlphabetIds } from '../gen/ids.js';
import { sampleBody, sampleParams } from '../gen/requests.js';
import { check, type Call, type CallSpec, type CheckContext } from '../harness/index.js';
import { checkIdOf } from '../result/check-id.js';

/**
 * IDs whose alphabet only the resource table names ("26-character ULID") while Limits states a
 * length alone ("metric output ID: 26 characters"): a server may check the alphabet or look such
 * an ID up, so one of the right length outside it may be refused or answered as naming nothing.
 */
const ALPHABET_NOT_IN_LIMITS: ReadonlySet<IdKind> = new Set(['metricOutput']);

/** A near miss of the rule's length that breaks only its alphabet. */
const breaksOnlyAlphabet = (rule: IdRule, value: string): boolean => {
  const length = [...value].length;
  return length >= rule.minLength && length <= rule.maxLength;
};

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
export async function expectNearMissesRejected(
  t: CheckContext,
  endpointKey: EndpointKey,
  param: string,
  params: Readonly<Record<string, string>> = {},
): Promise<void> {
  const endpoint = endpointOf(endpointKey);
  const kind = endpoint.pathParams[param];
  if (!kind) throw new Error(`${endpointKey} has no ID rule for ${param}`);
  const base = { ...sampleParams(endpoint), ...params };
  const rule = ID_RULES[kind];
  for (const miss of [...nearMissIds(rule), ...offAlphabetIds(rule)]) {
    const call = await t.call(endpointKey, { params: { ...base, [param]: miss.value } });
    expectMalformedRefused(t, call, param, miss.value, `${endpointKey} with ${param} of ${miss.why}`);
  }
}

/** The judgement of one value of `param` that breaks its ID rule, sent in `call`. */
export function expectMalformedRefused(t: CheckContext, call: Call, param: string, value: string, what: string): void {
  const kind = call.endpoint.pathParams[param];
  if (!kind) throw new Error(`${call.endpoint.key} has no ID rule for ${param}`);
  if (ALPHABET_NOT_IN_LIMITS.has(kind) && breaksOnlyAlphabet(ID_RULES[kind], value))
    expectRefusedOrLookedUp(t, call, param, what);
  else t.expectInvalidArgument(call, ['PATH-ID-FORMAT'], param, what);
}

/** INVALID_ARGUMENT naming `param`, or another 4xx error (looked up, found nothing); never a success or a 5xx. */
function expectRefusedOrLookedUp(t: CheckContext, call: Call, param: string, what: string): void {
  const { status } = call.response;
  if (status >= 400 && status < 500 && !refusedAsInvalid(call))
    t.expectRejection(call, ['PATH-ID-FORMAT'], {}, `${what} (looked up)`);
  else
    t.expectInvalidArgument(
      call,
      ['PATH-ID-FORMAT'],
      param,
      `${what}, which may also be looked up and answered with another 4xx error`,
    );
}

/**
 * One near miss of `param` while another path parameter names nothing (`params`): the format is
 * judged on the request, so it is rejected with INVALID_ARGUMENT naming `param`, not answered
 * as a missing resource.
 */
export async function expectFormatBeforeLookup(
  t: CheckContext,
  endpointKey: EndpointKey,
  param: string,
  params: Readonly<Record<string, string>>,
): Promise<void> {
  const endpoint = endpointOf(endpointKey);
  const kind = endpoint.pathParams[param];
  if (!kind) throw new Error(`${endpointKey} has no ID rule for ${param}`);
  const [miss] = nearMissIds(ID_RULES[kind]);
  if (!miss) throw new Error(`no near miss of the ${kind} ID rule`);
  const call = await t.call(endpointKey, { params: { ...sampleParams(endpoint), ...params, [param]: miss.value } });
  t.expectInvalidArgument(
    call,
    ['PATH-ID-FORMAT-FIRST'],
    param,
    `${endpointKey} with ${param} of ${miss.why} under ${JSON.stringify(params)}, which names nothing`,
  );
}

/** A well-formed ID that names nothing: NOT_FOUND with HTTP 404, the common convention. */
export async function expectMissingNotFound(
  t: CheckContext,
  endpointKey: EndpointKey,
  params: Readonly<Record<string, string>>,
  spec: Omit<CallSpec, 'params'> = {},
): Promise<void> {
  const call = await t.call(endpointKey, { ...spec, params });
  const what = `${endpointKey} with a well-formed ID that names nothing`;
  t.expectRejection(call, ['MISSING-RESOURCE-NOT-FOUND'], CONVENTIONAL_ERRORS.notFound, what);
}

/**
 * A value of `param` no resource can have, the other path parameters well-formed and naming nothing: where the
 * parameter has an ID rule (and is the only one), refused as malformed; else it names nothing, so any 4xx error
 * answers it (a DELETE may also succeed: deletion succeeds for what is not there). A 5xx is the server failing on
 * a value it should have refused or looked up, never an answer.
 */
function expectExtremeAnswered(t: CheckContext, call: Call, param: string, value: string, what: string): void {
  const { status } = call.response;
  t.assert(status < 500, ['PATH-ID-EXACT'], `${what} answered ${status}, a server error: it names nothing`, call);
  const kind = call.endpoint.pathParams[param];
  if (kind && Object.keys(call.endpoint.pathParams).length === 1) expectMalformedRefused(t, call, param, value, what);
  else if (!(call.endpoint.method === 'DELETE' && isSuccess(call)))
    t.expectRejection(call, ['PATH-ID-EXACT'], {}, `${what}, which names nothing`);
}

/**
 * A path parameter holding a malformed percent escape (`asWritten`, sent as it is) names nothing: any 4xx answers it,
 * the API's error or one from the HTTP layer in front of it (a framework or a firewall refusing the URL before the API
 * reads it); a DELETE may also succeed. A 5xx is the server failing to decode its own path.
 */
function expectEscapeAnswered(t: CheckContext, call: Call, what: string): void {
  const { status } = call.response;
  t.assert(status < 500, ['PATH-ID-EXACT'], `${what} answered ${status}, a server error: it names nothing`, call);
  if (call.endpoint.method === 'DELETE' && isSuccess(call)) return;
  if (refusedInFront(call)) t.note(`${what}: refused in front of the API (${status} without an error object)`);
  else t.expectRejection(call, ['PATH-ID-EXACT'], {}, `${what}, which names nothing`);
}

/** Every path parameter of every endpoint, in the contract's order: each takes the malformed escape of its place. */
const PATH_PARAMS = ENDPOINTS.flatMap((e) => Object.keys(e.pathParams).map((param) => `${e.key} ${param}`));

/**
 * Declares, for every endpoint of `group` with a path parameter, one check sending its last path parameter (the
 * resource the request acts on) far too long and far too short: a server that fails on an ID its store cannot
 * hold (a key column's width) answers a 5xx where it should refuse or find nothing. Every path parameter of the
 * endpoint is also sent holding a malformed percent escape (one kind per parameter, the kinds taken in turn over the
 * contract's parameters, so each kind is sent on several endpoints): a server decoding its path unguarded fails there.
 */
export function declareExtremeIdChecks(group: Group): void {
  for (const endpoint of ENDPOINTS.filter((e) => e.group === group)) {
    const params = Object.keys(endpoint.pathParams);
    const param = params.at(-1);
    if (param === undefined) continue;
    const kind = endpoint.pathParams[param];
    const escapes = params.map((name) => {
      const index = PATH_PARAMS.indexOf(`${endpoint.key} ${name}`);
      return { name, escape: MALFORMED_ESCAPES[index % MALFORMED_ESCAPES.length]!, base: alnum(12, index) };
    });
    check(
      checkIdOf(`${group}.path-id-extremes`, endpoint.method, param),
      kind && params.length === 1 ? ['PATH-ID-FORMAT', 'PATH-ID-EXACT'] : ['PATH-ID-EXACT'],
      `${endpoint.key} with ${param} far too long or far too short, or with ${escapes.map((e) => `${e.name} holding ${e.escape.why}`).join(', ')}, names nothing: refused, never a server error`,
      async (t) => {
        const json = sampleBody(endpoint, t.name('under an ID no resource can have'));
        for (const miss of extremeIds(kind ? ID_RULES[kind] : null)) {
          const call = await t.call(endpoint.key, {
            params: { ...sampleParams(endpoint), [param]: miss.value },
            ...(json ? { json } : {}),
          });
          expectExtremeAnswered(t, call, param, miss.value, `${endpoint.key} with ${param} of ${miss.why}`);
        }
        for (const { name, escape, base } of escapes) {
          const written = escape.of(base);
          const call = await t.call(endpoint.key, {
            params: sampleParams(endpoint),
            paramsAsWritten: { [name]: written },
            mayBeRefusedInFront: true,
            ...(json ? { json } : {}),
          });
          expectEscapeAnswered(t, call, `${endpoint.key} with ${name} ${written}, holding ${escape.why}`);
        }
      },
      { writes: endpoint.writes },
    );
  }
}

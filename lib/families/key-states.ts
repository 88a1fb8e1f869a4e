// The key in every state of a resource: a deleted resource's endpoints need X-API-Key as a live
// one's do (a repeat answered from a record of deletions kept before authentication needs none),
// and a URL just answered to the key needs it again (an answer cache ahead of the key check needs none).
// The refusal itself is the auth suite's: UNAUTHENTICATED naming X-API-Key.

import type { EndpointKey } from '../contract/endpoints.js';
import { API_KEY_HEADER, ERROR_CODES } from '../contract/enums.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { check, type CallSpec, type CheckContext, type CheckOptions } from '../harness/index.js';
import { LIST_ENDPOINTS } from '../contract/list-endpoints.js';
import { isSuccess } from '../assert/responses.js';
import { metricOutputs, personas } from '../harness/discovery.js';
import { isJsonObject } from '../util/json.js';
import { expectGone } from './deletion.js';
import { collectionOf } from './lists/collection.js';

/** A key no server issued. */
export const WRONG_KEY = 'cft-not-a-valid-key-0000000000000000';

/** What a request without the key or with a wrong one gets. */
export const KEY_REFUSED = { code: ERROR_CODES.unauthenticated, field: API_KEY_HEADER, conventionalStatus: 401 };

/** The two ways a request comes without a valid key, each with the rule it breaks. */
export const KEY_CASES = [
  { requirement: 'AUTH-MISSING-KEY', auth: 'none', how: `without ${API_KEY_HEADER}` },
  { requirement: 'AUTH-INVALID-KEY', auth: { key: WRONG_KEY }, how: `with a wrong ${API_KEY_HEADER}` },
] as const satisfies readonly { requirement: RequirementId; auth: CallSpec['auth']; how: string }[];

/** A deleted resource as a check reaches it: its path parameters, or why there is none. */
export type Deleted = { readonly params: Readonly<Record<string, string>> } | { readonly skip: string };

/**
 * `id`: the GET (when shown) and the DELETE of a resource already deleted, each without the key and with a wrong
 * one, are refused as UNAUTHENTICATED naming X-API-Key; after them, the resource is still gone from its GET.
 */
export function declareKeyOnDeletedCheck(
  id: string,
  what: string,
  endpoints: { readonly get?: EndpointKey; readonly delete: EndpointKey },
  deleted: (t: CheckContext) => Promise<Deleted>,
  options: CheckOptions,
): void {
  const sent = [endpoints.get, endpoints.delete].filter((key): key is EndpointKey => key !== undefined);
  check(
    id,
    ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY', 'AUTH-DETAILS-HEADER'],
    `${sent.join(' and ')} of ${what} already deleted, without ${API_KEY_HEADER} or with a wrong one, are rejected with UNAUTHENTICATED: a deleted resource's endpoints need the key too`,
    async (t) => {
      const found = await deleted(t);
      if ('skip' in found) return t.skip(found.skip);
      const { params } = found;
      for (const endpoint of sent)
        for (const { requirement, auth, how } of KEY_CASES) {
          const call = await t.call(endpoint, { params, auth });
          t.expectRejection(call, [requirement], KEY_REFUSED, `${endpoint} of ${what} already deleted, ${how}`);
        }
      if (endpoints.get)
        expectGone(
          t,
          await t.call(endpoints.get, { params }),
          ['AUTH-MISSING-KEY'],
          `getting ${what} after requests without a valid key`,
        );
    },
    options,
  );
}

/** A GET the key must answer, as a check reaches it (its path parameters resolved before the quiet section). */
type Keyed = { readonly endpoint: EndpointKey; readonly params: Readonly<Record<string, string>> };

/** The resource a successful create answered with, under its wrapper. */
const createdId = (call: Awaited<ReturnType<CheckContext['call']>>, wrapper: string): string | undefined => {
  const body = call.response.json;
  const resource = isSuccess(call) && isJsonObject(body) ? body[wrapper] : undefined;
  return isJsonObject(resource) && typeof resource['id'] === 'string' ? resource['id'] : undefined;
};

/**
 * The reads of one resource (an item's GET, the hot path a response cache is put on): a listed persona, an output of
 * the busiest simulation's metrics and, where the check may write, an agent and a mutation made for it.
 */
async function itemGets(t: CheckContext, metrics: Readonly<Record<string, string>>): Promise<Keyed[]> {
  const gets: Keyed[] = [];
  const persona = (await personas(t)).find(
    (p) => typeof p['id'] === 'string' && p['id'] !== t.config.deletablePersonaId,
  );
  if (persona) gets.push({ endpoint: 'GET /v1/personas/{persona_id}', params: { persona_id: String(persona['id']) } });
  const simulation_id = metrics['simulation_id'];
  const [output] = simulation_id === undefined ? [] : await metricOutputs(t, simulation_id);
  if (simulation_id !== undefined && typeof output?.['metric_output_id'] === 'string')
    gets.push({
      endpoint: 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}',
      params: { simulation_id, metric_output_id: output['metric_output_id'] },
    });
  if (t.config.readOnly) return gets;
  const agent_id = createdId(await t.agents.send({ display_name: t.name('key after answer') }), 'agent');
  if (agent_id === undefined) return gets;
  gets.push({ endpoint: 'GET /v1/agents/{agent_id}', params: { agent_id } });
  const mutation_id = createdId(await t.mutations.send(agent_id), 'mutation');
  if (mutation_id !== undefined)
    gets.push({ endpoint: 'GET /v1/agents/{agent_id}/mutations/{mutation_id}', params: { agent_id, mutation_id } });
  return gets;
}

/** GETs a valid key gets a success from: every list, every item's GET, the phone numbers, the scheduled run the settings name. */
async function answeredGets(t: CheckContext): Promise<Keyed[]> {
  const lists = await Promise.all(
    LIST_ENDPOINTS.map(async (list) => ({
      endpoint: `GET ${list.path}` as EndpointKey,
      params: (await collectionOf(t, list.id)).params,
    })),
  );
  const metrics = lists.find((list) => list.endpoint === 'GET /v1/simulations/{simulation_id}/metrics')?.params ?? {};
  const scheduled = t.config.scheduledRunId;
  return [
    ...lists,
    ...(await itemGets(t, metrics)),
    { endpoint: 'GET /v1/personas/phone-numbers', params: {} },
    ...(scheduled === undefined
      ? []
      : [{ endpoint: 'GET /v1/scheduled-runs/{scheduled_run_id}' as const, params: { scheduled_run_id: scheduled } }]),
  ];
}

/**
 * Each GET a valid key gets a success from, asked again at once without the key and with a wrong one, then with the
 * key again, nothing of the run between (a quiet section): the refusals are UNAUTHENTICATED, and the key's answers
 * successes, whatever was answered to the same URL just before.
 */
export function declareKeyAfterAnswerCheck(id: string): void {
  check(
    id,
    ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY', 'AUTH-DETAILS-HEADER'],
    `every list, a persona, a metric output, an agent and a mutation, the phone numbers and the scheduled run, just answered to ${API_KEY_HEADER}, are refused without it and with a wrong one, then answered to it again`,
    async (t) => {
      const gets = await answeredGets(t);
      // One section for all: each is a quiet section's wait the run holds still for.
      const asked = await t.alone(async () => {
        const calls = [];
        for (const { endpoint, params } of gets) {
          const first = await t.call(endpoint, { params });
          const refused = [];
          for (const { auth } of KEY_CASES) refused.push(await t.call(endpoint, { params, auth }));
          calls.push({ endpoint, first, refused, again: await t.call(endpoint, { params }) });
        }
        return calls;
      });
      for (const { endpoint, first, refused, again } of asked) {
        if (!isSuccess(first)) continue; // what the key gets is the checks of the endpoint's concern
        KEY_CASES.forEach(({ requirement, how }, i) =>
          t.expectRejection(refused[i]!, [requirement], KEY_REFUSED, `${endpoint} just answered, then ${how}`),
        );
        t.assert(
          isSuccess(again),
          ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
          `${endpoint} with ${API_KEY_HEADER}, right after refusals of the same URL, answered ${again.response.status}`,
          again,
        );
      }
    },
    { writes: false },
  );
}

/**
 * HEAD is GET without the body (RFC 9110 9.3.2): a server that routes HEAD as the GET of its path must guard it as
 * the GET is guarded. Each GET a valid key gets a success from, asked with HEAD without the key and with a wrong one:
 * never a 2xx (a 401, or HEAD refused, 404, 405 or 501, are all answers that give nothing away).
 */
export function declareHeadWithoutKeyCheck(id: string): void {
  check(
    id,
    ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    `HEAD (GET without the body) of every list, a persona, a metric output, an agent and a mutation, the phone numbers and the scheduled run, without ${API_KEY_HEADER} and with a wrong one, is never answered with a success`,
    async (t) => {
      for (const { endpoint, params } of await answeredGets(t))
        for (const { requirement, auth, how } of KEY_CASES) {
          const head = await t.send({ method: 'HEAD', path: endpoint.slice('GET '.length) }, { params, auth });
          const status = head.response.status;
          t.assert(
            status < 200 || status >= 300,
            [requirement],
            `HEAD ${endpoint.slice('GET '.length)} ${how} answered ${status}: HEAD is GET without the body, and the GET needs the key`,
            head,
          );
        }
    },
    { writes: false },
  );
}

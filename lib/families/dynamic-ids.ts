// Invalid dynamic objects (RESTler): a path parameter given a value derived from a resource the run
// really has (the real ID altered, another kind of resource's ID, a child's ID under another parent)
// names nothing. It is refused, never answered as the real resource, a write under it creates no parent,
// and a DELETE of it leaves the real one intact. Values that break the parameter's ID rule are judged as
// path-ids.ts judges near misses.

import { ENDPOINTS, type EndpointKey, type Group } from '../contract/endpoints.js';
import { ID_RULES, matchesIdRule, type IdKind } from '../contract/ids.js';
import type { RequirementId } from '../contract/requirements/index.js';
import { isSuccess, refusedInFront } from '../assert/responses.js';
import { dashboardBody, mutationBody } from '../gen/bodies.js';
import { alteredIds, paddedId, type NearMiss } from '../gen/ids.js';
import { metricOutputs, personas, runs, simulationIds } from '../harness/discovery.js';
import { check, type Call, type CheckContext } from '../harness/index.js';
import type { JsonObject } from '../util/json.js';
import { listedNow } from './listed-items.js';
import { expectMalformedRefused } from './path-ids.js';

/** An endpoint with every path parameter naming a real resource, and what a request to it carries. */
export interface RealTarget {
  readonly endpoint: EndpointKey;
  readonly params: Readonly<Record<string, string>>;
  /** The body of a POST or PATCH. */
  readonly json?: JsonObject;
  /** Whether a success for the value `asked` is one a correct server may give (none by default). */
  readonly successAllowed?: (call: Call, asked: string) => boolean;
  /**
   * Reads what a write to the value `asked` would have created (the agent a mutation was sent under; a PATCH is the
   * one read of a dashboard): a write to what names nothing creates nothing, so the read is refused too.
   */
  readonly created?: (asked: string) => Promise<Call>;
  /** Reads the real resource back under its own ID after `what`, failing the check unless it is intact (DELETEs). */
  readonly intact?: (what: string) => Promise<void>;
}

const EXACT: readonly RequirementId[] = ['PATH-ID-EXACT'];

/**
 * Sends `target` with `param` set to each of `values` in turn (one request each): a value that breaks
 * the parameter's ID rule is refused as malformed; one within it is refused with any error, unless
 * the target allows the success it got; a DELETE may answer anything, and the real resource is then
 * read back. Where the target can read what the value would name, that read is refused too.
 */
export async function expectNamesNothing(
  t: CheckContext,
  target: RealTarget,
  param: string,
  values: readonly NearMiss[],
): Promise<void> {
  const kind = kindOf(target, param);
  for (const { value, why, intermediaryMayRefuse } of values) {
    const call = await t.call(target.endpoint, {
      params: { ...target.params, [param]: value },
      ...(target.json ? { json: target.json } : {}),
      ...(intermediaryMayRefuse ? { mayBeRefusedInFront: true } : {}),
    });
    const what = `${target.endpoint} with ${param} of ${why}`;
    // A 4xx without the API's error object came from in front of the API: the request never reached it.
    if (intermediaryMayRefuse && refusedInFront(call))
      t.note(`${what}: refused in front of the API (${call.response.status} without an error object)`);
    else if (kind && !matchesIdRule(ID_RULES[kind], value)) expectMalformedRefused(t, call, param, value, what);
    else if (call.endpoint.method !== 'DELETE' && !(isSuccess(call) && target.successAllowed?.(call, value)))
      t.expectRejection(call, EXACT, {}, `${what}, which names nothing`);
    if (target.created)
      t.expectRejection(await target.created(value), EXACT, {}, `reading ${param} ${value} back after ${what}`);
    await target.intact?.(what);
  }
}

/** Every path parameter of every endpoint, in the contract's order: each takes the padding of its place. */
const PATH_PARAMS = ENDPOINTS.flatMap((e) => Object.keys(e.pathParams).map((param) => `${e.key} ${param}`));

/**
 * The real ID in `param` altered: a character appended, the last one cut, the case of its letters swapped, and
 * blanks or a control character around it (one way per parameter, the ways spread over the endpoints).
 */
export const expectAlteredRefused = (t: CheckContext, target: RealTarget, param: string): Promise<void> => {
  const real = realParam(target, param);
  const padded = paddedId(real, PATH_PARAMS.indexOf(`${target.endpoint} ${param}`));
  return expectNamesNothing(t, target, param, [...alteredIds(real), padded]);
};

/**
 * Real IDs of other kinds of resource in `param`, those whose form fits its ID rule (an agent's where
 * a persona's is asked for: both are 22 alphanumeric characters).
 */
export function expectOtherKindsRefused(
  t: CheckContext,
  target: RealTarget,
  param: string,
  others: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const kind = kindOf(target, param);
  const seen = new Set<string>([realParam(target, param)]);
  const fitting = Object.entries(others).flatMap(([other, id]): NearMiss[] => {
    if (id === undefined || seen.has(id) || (kind && !matchesIdRule(ID_RULES[kind], id))) return [];
    seen.add(id);
    return [{ value: id, why: `the ID of ${other} ${id}` }];
  });
  return expectNamesNothing(t, target, param, fitting);
}

function realParam(target: RealTarget, param: string): string {
  const real = target.params[param];
  if (real === undefined) throw new Error(`${target.endpoint} has no parameter ${param} among the real ones`);
  return real;
}

/** The ID rule of `param` on the target's endpoint (null where the specification gives none). */
function kindOf(target: RealTarget, param: string): IdKind | null {
  const pathParams: Readonly<Record<string, IdKind | null>> | undefined = ENDPOINTS.find(
    (e) => e.key === target.endpoint,
  )?.pathParams;
  const kind = pathParams?.[param];
  if (kind === undefined) throw new Error(`${target.endpoint} has no path parameter ${param}`);
  return kind;
}

/**
 * The `intact` of a target whose real resource is read back with `read` (its GET, the real path
 * parameters): it must be served, with `idField` the real ID.
 */
export const servedUnder =
  (t: CheckContext, read: EndpointKey, params: Readonly<Record<string, string>>, idField: string, id: string) =>
  async (what: string): Promise<void> => {
    const call = await t.call(read, { params });
    const resource = t.expectResource(call, EXACT, `reading the real resource back after ${what}`);
    t.assert(
      resource[idField] === id,
      EXACT,
      `after ${what}, reading ${id} back under its own ID returned ${idField} ${JSON.stringify(resource[idField] ?? null)}`,
      call,
    );
  };

/**
 * The `successAllowed` of a GET whose answer, wrapped in `key`, is the resource of the ID asked (`idField`): another
 * kind of resource's ID that is also one of this kind's is found rightly, never the resource it was taken from.
 */
export const answersAsked =
  (key: string, idField: string) =>
  (call: Call, asked: string): boolean =>
    (call.response.json as Record<string, JsonObject | undefined> | undefined)?.[key]?.[idField] === asked;

/**
 * The IDs `resource` holds in `fields` (its parent, the run it was made from), named for the message: sent as the
 * resource's own ID they name another resource, or none, never the one that holds them.
 */
export function heldIds(
  resource: JsonObject,
  what: string,
  fields: readonly string[],
): Record<string, string | undefined> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = resource[field];
      return [`${field} of ${what}`, typeof value === 'string' && value !== '' ? value : undefined];
    }),
  );
}

/**
 * A body field that names a real resource, given that resource's ID altered (`send` sends the value as
 * the field): whether a reference must name something is not shown, so the request may be refused, but
 * what is accepted comes back as sent, never as the real resource's ID (a server that resolves
 * references by prefix or without case, and stores what it found).
 */
export async function expectReferenceKept(
  t: CheckContext,
  field: string,
  real: string,
  send: (value: string) => Promise<Call>,
): Promise<void> {
  for (const { value, why } of alteredIds(real)) {
    const call = await send(value);
    if (!isSuccess(call)) {
      t.expectRejection(call, READ_BACK, {}, `${field} of ${why}`);
      continue;
    }
    const resource = t.expectResource(call, READ_BACK, `${field} of ${why}`);
    t.assert(
      JSON.stringify(resource[field]) === JSON.stringify([value]),
      READ_BACK,
      `${field} of ${why} was accepted, and comes back as ${JSON.stringify(resource[field] ?? null)}`,
      call,
    );
  }
}

const READ_BACK: readonly RequirementId[] = ['READ-BACK-UNCHANGED'];

const GET_AGENT = 'GET /v1/agents/{agent_id}' satisfies EndpointKey;
const CREATE_MUTATION = 'POST /v1/agents/{agent_id}/mutations' satisfies EndpointKey;
const GET_MUTATION = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;
const DELETE_MUTATION = 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;
const GET_PERSONA = 'GET /v1/personas/{persona_id}' satisfies EndpointKey;
const DELETE_PERSONA = 'DELETE /v1/personas/{persona_id}' satisfies EndpointKey;
const LIST_METRICS = 'GET /v1/simulations/{simulation_id}/metrics' satisfies EndpointKey;
const GET_METRIC = 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}' satisfies EndpointKey;
const GET_SCHEDULED_RUN = 'GET /v1/scheduled-runs/{scheduled_run_id}' satisfies EndpointKey;
const DELETE_SCHEDULED_RUN = 'DELETE /v1/scheduled-runs/{scheduled_run_id}' satisfies EndpointKey;
const PATCH_DASHBOARD = 'PATCH /v1/dashboards/{dashboard_id}' satisfies EndpointKey;
const DELETE_RUN = 'DELETE /v1/runs/{run_id}' satisfies EndpointKey;
/** The one finished status the specification shows: a run in it keeps its status while the check runs. */
const FINISHED = 'COMPLETED';

const WRITES = { writes: true } as const;

/** A listed persona the run does not delete (DELETABLE_PERSONA_ID is the personas group's). */
async function listedPersona(t: CheckContext): Promise<string | undefined> {
  const id = (await personas(t))
    .map((p) => p['id'])
    .find((p) => typeof p === 'string' && p !== t.config.deletablePersonaId);
  return typeof id === 'string' ? id : undefined;
}

async function persona(t: CheckContext): Promise<string> {
  return (await listedPersona(t)) ?? t.skip('needs a listed persona, and GET /v1/personas lists none');
}

/** A mutation the check creates, under its own new agent. */
async function mutation(t: CheckContext): Promise<{ agent_id: string; mutation_id: string }> {
  const agentId = await t.mutations.parent();
  const { mutation: created } = await t.mutations.create(agentId);
  return { agent_id: agentId, mutation_id: String(created['id']) };
}

/** A simulation of the listed runs with metric outputs: their ids, and the metric_id of each. */
interface Simulation {
  readonly id: string;
  readonly outputs: readonly string[];
  readonly metricIds: readonly string[];
}

/**
 * The first `count` listed simulations that have metric outputs (fewer when there are not so many),
 * those whose ID is strictly inside its rule's lengths first: one appended or cut stays within it.
 */
async function simulations(t: CheckContext, count: number): Promise<Simulation[]> {
  const found: Simulation[] = [];
  const { minLength, maxLength } = ID_RULES.simulation;
  const inside = (id: string) => (id.length > minLength && id.length < maxLength ? 0 : 1);
  for (const id of [...(await simulationIds(t))].sort((a, b) => inside(a) - inside(b))) {
    if (found.length === count) break;
    const listed = await metricOutputs(t, id);
    const outputs = listed.map((m) => String(m['metric_output_id']));
    const metricIds = listed.map((m) => m['metric_id']).filter((m): m is string => typeof m === 'string' && m !== '');
    if (outputs.length) found.push({ id, outputs, metricIds });
  }
  return found;
}

/** As `simulations`, skipping the check when there is none. */
async function someSimulations(t: CheckContext, count: number): Promise<[Simulation, ...Simulation[]]> {
  const found = await simulations(t, count);
  return found.length
    ? (found as [Simulation, ...Simulation[]])
    : t.skip('needs a simulation with metric outputs, and the listed runs have none');
}

const metricIdsIn = (call: Call): unknown[] => {
  const items = (call.response.json as JsonObject | undefined)?.['metrics'];
  return Array.isArray(items) ? items.map((m: JsonObject) => m['metric_output_id']) : [];
};

const DECLARED = {
  agents: () => {
    check(
      'agents.dynamic-ids.get',
      ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
      'GET /v1/agents/{agent_id} with a real agent ID altered, or a persona or dashboard ID, names nothing',
      async (t) => {
        const target: RealTarget = { endpoint: GET_AGENT, params: { agent_id: await t.mutations.parent() } };
        await expectAlteredRefused(t, target, 'agent_id');
        await expectOtherKindsRefused(t, target, 'agent_id', {
          persona: await listedPersona(t),
          dashboard: t.config.dashboardId,
        });
      },
      WRITES,
    );
    check(
      'agents.dynamic-ids.metric-ids',
      ['READ-BACK-UNCHANGED'],
      'metric_ids naming a listed metric_id, altered, are refused or kept as sent',
      async (t) => {
        const [real] = await someSimulations(t, 1);
        const metricId = real.metricIds[0] ?? t.skip('needs a metric output with a metric_id, and none has one');
        await expectReferenceKept(t, 'metric_ids', metricId, (value) => t.agents.send({ metric_ids: [value] }));
      },
      WRITES,
    );
  },
  mutations: () => {
    check(
      'mutations.dynamic-ids.create',
      ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
      'POST /v1/agents/{agent_id}/mutations under a real agent ID altered, or a persona ID, creates nothing (no agent of that ID either)',
      async (t) => {
        const target: RealTarget = {
          endpoint: CREATE_MUTATION,
          params: { agent_id: await t.mutations.parent() },
          json: mutationBody(t.name('mutation under an altered agent')),
          created: (asked) => t.call(GET_AGENT, { params: { agent_id: asked } }),
        };
        await expectAlteredRefused(t, target, 'agent_id');
        await expectOtherKindsRefused(t, target, 'agent_id', { persona: await listedPersona(t) });
      },
      WRITES,
    );

    for (const [id, endpoint] of [
      ['mutations.dynamic-ids.get', GET_MUTATION],
      ['mutations.dynamic-ids.delete', DELETE_MUTATION],
    ] as const) {
      check(
        id,
        ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
        `${endpoint} with a real agent or mutation ID altered, or a metric output ID as mutation_id, names nothing${endpoint === DELETE_MUTATION ? ' and leaves the mutation intact' : ''}`,
        async (t) => {
          const params = await mutation(t);
          const target: RealTarget = {
            endpoint,
            params,
            intact: servedUnder(t, GET_MUTATION, params, 'id', params.mutation_id),
          };
          await expectAlteredRefused(t, target, 'agent_id');
          await expectAlteredRefused(t, target, 'mutation_id');
          const [simulation] = await simulations(t, 1);
          // The mutation's own agent_id is not sent: 22 characters, it never fits a mutation ID's 26.
          await expectOtherKindsRefused(t, target, 'mutation_id', { 'metric output': simulation?.outputs[0] });
        },
        WRITES,
      );
    }
  },
  personas: () => {
    check(
      'personas.dynamic-ids.get',
      ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
      'GET /v1/personas/{persona_id} with a listed persona ID altered, or a dashboard or agent ID, names nothing',
      async (t) => {
        const target: RealTarget = { endpoint: GET_PERSONA, params: { persona_id: await persona(t) } };
        await expectAlteredRefused(t, target, 'persona_id');
        await expectOtherKindsRefused(t, target, 'persona_id', {
          dashboard: t.config.dashboardId,
          // An agent of the check's own, unless READ_ONLY forbids making one.
          agent: t.config.readOnly ? undefined : await t.mutations.parent(),
        });
      },
    );

    check(
      'personas.dynamic-ids.delete',
      ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
      'DELETE /v1/personas/{persona_id} with a listed persona ID altered leaves the persona intact',
      async (t) => {
        const params = { persona_id: await persona(t) };
        const target: RealTarget = {
          endpoint: DELETE_PERSONA,
          params,
          intact: servedUnder(t, GET_PERSONA, params, 'id', params.persona_id),
        };
        await expectAlteredRefused(t, target, 'persona_id');
      },
      WRITES,
    );
  },
  metrics: () => {
    check(
      'metrics.dynamic-ids.list',
      ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
      `${LIST_METRICS} with a listed simulation ID altered, or a persona ID, lists none of its outputs`,
      async (t) => {
        const [real] = await someSimulations(t, 1);
        const target: RealTarget = {
          endpoint: LIST_METRICS,
          params: { simulation_id: real.id },
          // An empty list is one answer for a simulation that has no outputs.
          successAllowed: (call) => !metricIdsIn(call).some((id) => real.outputs.includes(String(id))),
        };
        await expectAlteredRefused(t, target, 'simulation_id');
        await expectOtherKindsRefused(t, target, 'simulation_id', { persona: await listedPersona(t) });
      },
    );

    check(
      'metrics.dynamic-ids.get',
      ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
      `${GET_METRIC} with a listed simulation or metric output ID altered, the output under another simulation, or an ID the output holds (metric_id, its simulation's, where 26 characters fit) as metric_output_id, names nothing`,
      async (t) => {
        const [real, other] = await someSimulations(t, 2);
        const target: RealTarget = {
          endpoint: GET_METRIC,
          params: { simulation_id: real.id, metric_output_id: real.outputs[0]! },
          successAllowed: answersAsked('metric', 'metric_output_id'),
        };
        await expectAlteredRefused(t, target, 'simulation_id');
        await expectAlteredRefused(t, target, 'metric_output_id');
        // The IDs the output holds, where their form fits: its metric's, and its simulation's.
        await expectOtherKindsRefused(t, target, 'metric_output_id', {
          [`metric_id of output ${real.outputs[0]!}`]: real.metricIds[0],
          'its simulation': real.id,
        });
        if (!other) return;
        // A child under another parent: the output under the other simulation, the other's output under this one.
        await expectNamesNothing(t, target, 'simulation_id', [
          { value: other.id, why: `simulation ${other.id}, which does not hold it` },
        ]);
        const foreign = other.outputs.find((id) => !real.outputs.includes(id));
        if (foreign)
          await expectNamesNothing(t, target, 'metric_output_id', [
            { value: foreign, why: `output ${foreign} of simulation ${other.id}` },
          ]);
      },
    );
  },
  'scheduled-runs': () => {
    check(
      'scheduled-runs.dynamic-ids.get',
      ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
      'GET /v1/scheduled-runs/{scheduled_run_id} with SCHEDULED_RUN_ID altered, a persona or dashboard ID, or the IDs the scheduled run holds (run_template_id, last_run_id), names nothing: never that scheduled run',
      async (t) => {
        const params = { scheduled_run_id: t.config.scheduledRunId as string };
        const target: RealTarget = {
          endpoint: GET_SCHEDULED_RUN,
          params,
          successAllowed: answersAsked('scheduled_run', 'id'),
        };
        const read = await t.call(GET_SCHEDULED_RUN, { params });
        const held = t.expectResource(read, EXACT, 'fetching SCHEDULED_RUN_ID');
        await expectAlteredRefused(t, target, 'scheduled_run_id');
        await expectOtherKindsRefused(t, target, 'scheduled_run_id', {
          persona: await listedPersona(t),
          dashboard: t.config.dashboardId,
          ...heldIds(held, 'SCHEDULED_RUN_ID', ['run_template_id', 'last_run_id']),
        });
      },
      { needs: ['scheduledRunId'] },
    );

    check(
      'scheduled-runs.dynamic-ids.delete',
      ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
      'DELETE /v1/scheduled-runs/{scheduled_run_id} with SCHEDULED_RUN_ID altered leaves it intact',
      async (t) => {
        const params = { scheduled_run_id: t.config.scheduledRunId as string };
        const target: RealTarget = {
          endpoint: DELETE_SCHEDULED_RUN,
          params,
          intact: servedUnder(t, GET_SCHEDULED_RUN, params, 'id', params.scheduled_run_id),
        };
        await expectAlteredRefused(t, target, 'scheduled_run_id');
      },
      { writes: true, needs: ['scheduledRunId'] },
    );
  },
  runs: () => {
    check(
      'runs.dynamic-ids.delete',
      ['PATH-ID-EXACT'],
      'DELETE /v1/runs/{run_id} with a listed finished run ID altered, or a persona ID, leaves the run listed as it was',
      async (t) => {
        const { deletableRunId, cancellableRunIds = [] } = t.config;
        const run =
          (await runs(t)).find(
            (r) =>
              r['status'] === FINISHED &&
              typeof r['run_id'] === 'string' &&
              r['run_id'] !== deletableRunId &&
              !cancellableRunIds.includes(r['run_id']),
          ) ?? t.skip(`needs a listed ${FINISHED} run besides DELETABLE_RUN_ID, and none is listed`);
        const run_id = String(run['run_id']);
        const target: RealTarget = {
          endpoint: DELETE_RUN,
          params: { run_id },
          // No GET of a run is listed: the list reads it back.
          intact: async (what) => {
            const now = (await listedNow(t, 'runs')).find((r) => r['run_id'] === run_id);
            t.assert(
              now?.['status'] === FINISHED,
              EXACT,
              `after ${what}, run ${run_id} (${FINISHED}) is ${now ? `listed ${JSON.stringify(now['status'])}` : 'no longer listed'}`,
            );
          },
        };
        await expectAlteredRefused(t, target, 'run_id');
        await expectOtherKindsRefused(t, target, 'run_id', { persona: await listedPersona(t) });
      },
      WRITES,
    );
  },
  'review-projects': () => {
    check(
      'review-projects.dynamic-ids.links',
      ['READ-BACK-UNCHANGED'],
      'linked_simulation_ids and linked_metric_ids naming a real simulation and metric, altered, are refused or kept as sent',
      async (t) => {
        const [real] = await someSimulations(t, 1);
        const metricId =
          real.metricIds[0] ?? t.skip('needs a metric output with a metric_id, and the simulation has none');
        const send = (fields: JsonObject) => t.reviewProjects.send({ simulationId: real.id, metricId }, fields);
        await expectReferenceKept(t, 'linked_simulation_ids', real.id, (value) =>
          send({ linked_simulation_ids: [value] }),
        );
        await expectReferenceKept(t, 'linked_metric_ids', metricId, (value) => send({ linked_metric_ids: [value] }));
      },
      WRITES,
    );
  },
  dashboards: () => {
    check(
      'dashboards.dynamic-ids.patch',
      ['PATH-ID-EXACT', 'PATH-ID-FORMAT'],
      'PATCH /v1/dashboards/{dashboard_id} with DASHBOARD_ID altered, or a persona ID, renames nothing',
      async (t) => {
        const target: RealTarget = {
          endpoint: PATCH_DASHBOARD,
          params: { dashboard_id: t.config.dashboardId as string },
          json: dashboardBody(t.name('dashboard under an altered ID')),
          // A server may create what a PATCH names and does not find (creating dashboards is not shown, nor is an
          // update's answer for a missing one): then it describes exactly that dashboard.
          successAllowed: (call, asked) =>
            (call.response.json as { dashboard?: JsonObject } | undefined)?.dashboard?.['name'] ===
            `dashboards/${asked}`,
        };
        await expectAlteredRefused(t, target, 'dashboard_id');
        await expectOtherKindsRefused(t, target, 'dashboard_id', { persona: await listedPersona(t) });
      },
      { writes: true, needs: ['dashboardId'] },
    );
  },
} satisfies Partial<Record<Group, () => void>>;

/** Declares, inside its describeGroup, the invalid dynamic objects of the endpoints of `group`. */
export function declareDynamicIdChecks(group: keyof typeof DECLARED): void {
  DECLARED[group]();
}

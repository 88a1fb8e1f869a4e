// Every endpoint the spec lists, once. Suites, the auth sweep, the published-spec
// coverage check and the reference service's router all read this table.

import type { IdKind } from './ids.js';

export type Group =
  | 'specification'
  | 'agents'
  | 'mutations'
  | 'test-cases'
  | 'personas'
  | 'runs'
  | 'metrics'
  | 'scheduled-runs'
  | 'dashboards'
  | 'review-projects';

export const GROUPS: readonly Group[] = [
  'specification',
  'agents',
  'mutations',
  'test-cases',
  'personas',
  'runs',
  'metrics',
  'scheduled-runs',
  'dashboards',
  'review-projects',
];

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Endpoint {
  /** Stable operation key, used in messages and reports ("POST /v1/agents"). */
  readonly key: string;
  readonly method: Method;
  /** Path template exactly as the spec writes it. */
  readonly path: string;
  readonly group: Group;
  readonly public: boolean;
  /** The single key the resource is wrapped under on success, when the spec names one. */
  readonly wrapper?: string;
  /** The canonical schema of a success body (see schemas.ts). */
  readonly responseSchema?: string;
  /** Path parameters and the ID rule each must satisfy, where the spec gives one. */
  readonly pathParams: Readonly<Record<string, IdKind | null>>;
  /** Whether a call changes server state (skipped in read-only mode). */
  readonly writes: boolean;
}

/** The key is spelt from the method and path, so `EndpointKey` lists exactly the table's operations. */
const endpoint = <const M extends Method, const P extends string>(
  e: Omit<Endpoint, 'key'> & { readonly method: M; readonly path: P },
) => ({ key: `${e.method} ${e.path}` as `${M} ${P}`, ...e }) satisfies Endpoint;

export const ENDPOINTS = [
  endpoint({ method: 'GET', path: '/v1/openapi', group: 'specification', public: true, pathParams: {}, writes: false }),
  endpoint({
    method: 'GET',
    path: '/v1/openapi/{spec_name}',
    group: 'specification',
    public: true,
    pathParams: { spec_name: null },
    writes: false,
  }),
  endpoint({
    method: 'POST',
    path: '/v1/agents',
    group: 'agents',
    public: false,
    wrapper: 'agent',
    responseSchema: 'AgentResponse',
    pathParams: {},
    writes: true,
  }),
  endpoint({
    method: 'GET',
    path: '/v1/agents/{agent_id}',
    group: 'agents',
    public: false,
    wrapper: 'agent',
    responseSchema: 'AgentResponse',
    pathParams: { agent_id: 'agent' },
    writes: false,
  }),
  endpoint({
    method: 'POST',
    path: '/v1/agents/{agent_id}/mutations',
    group: 'mutations',
    public: false,
    wrapper: 'mutation',
    responseSchema: 'MutationResponse',
    pathParams: { agent_id: 'agent' },
    writes: true,
  }),
  endpoint({
    method: 'GET',
    path: '/v1/agents/{agent_id}/mutations/{mutation_id}',
    group: 'mutations',
    public: false,
    wrapper: 'mutation',
    responseSchema: 'MutationResponse',
    pathParams: { agent_id: 'agent', mutation_id: 'mutation' },
    writes: false,
  }),
  endpoint({
    method: 'DELETE',
    path: '/v1/agents/{agent_id}/mutations/{mutation_id}',
    group: 'mutations',
    public: false,
    pathParams: { agent_id: 'agent', mutation_id: 'mutation' },
    writes: true,
  }),
  endpoint({
    method: 'POST',
    path: '/v1/test-cases',
    group: 'test-cases',
    public: false,
    wrapper: 'test_case',
    responseSchema: 'TestCaseResponse',
    pathParams: {},
    writes: true,
  }),
  endpoint({
    method: 'GET',
    path: '/v1/personas',
    group: 'personas',
    public: false,
    responseSchema: 'PersonaList',
    pathParams: {},
    writes: false,
  }),
  endpoint({
    method: 'GET',
    path: '/v1/personas/{persona_id}',
    group: 'personas',
    public: false,
    wrapper: 'persona',
    responseSchema: 'PersonaResponse',
    pathParams: { persona_id: 'persona' },
    writes: false,
  }),
  endpoint({
    method: 'DELETE',
    path: '/v1/personas/{persona_id}',
    group: 'personas',
    public: false,
    responseSchema: 'EmptyObject',
    pathParams: { persona_id: 'persona' },
    writes: true,
  }),
  endpoint({
    method: 'GET',
    path: '/v1/personas/phone-numbers',
    group: 'personas',
    public: false,
    wrapper: 'phone_numbers',
    responseSchema: 'PhoneNumbersResponse',
    pathParams: {},
    writes: false,
  }),
  endpoint({
    method: 'GET',
    path: '/v1/runs',
    group: 'runs',
    public: false,
    responseSchema: 'RunList',
    pathParams: {},
    writes: false,
  }),
  endpoint({
    method: 'DELETE',
    path: '/v1/runs/{run_id}',
    group: 'runs',
    public: false,
    responseSchema: 'EmptyObject',
    pathParams: { run_id: null },
    writes: true,
  }),
  endpoint({
    method: 'GET',
    path: '/v1/simulations/{simulation_id}/metrics',
    group: 'metrics',
    public: false,
    responseSchema: 'MetricList',
    pathParams: { simulation_id: 'simulation' },
    writes: false,
  }),
  endpoint({
    method: 'GET',
    path: '/v1/simulations/{simulation_id}/metrics/{metric_output_id}',
    group: 'metrics',
    public: false,
    wrapper: 'metric',
    responseSchema: 'MetricResponse',
    pathParams: { simulation_id: 'simulation', metric_output_id: 'metricOutput' },
    writes: false,
  }),
  endpoint({
    method: 'GET',
    path: '/v1/scheduled-runs/{scheduled_run_id}',
    group: 'scheduled-runs',
    public: false,
    wrapper: 'scheduled_run',
    responseSchema: 'ScheduledRunResponse',
    pathParams: { scheduled_run_id: 'scheduledRun' },
    writes: false,
  }),
  endpoint({
    method: 'DELETE',
    path: '/v1/scheduled-runs/{scheduled_run_id}',
    group: 'scheduled-runs',
    public: false,
    pathParams: { scheduled_run_id: 'scheduledRun' },
    writes: true,
  }),
  endpoint({
    method: 'PATCH',
    path: '/v1/dashboards/{dashboard_id}',
    group: 'dashboards',
    public: false,
    wrapper: 'dashboard',
    responseSchema: 'DashboardResponse',
    pathParams: { dashboard_id: 'dashboard' },
    writes: true,
  }),
  endpoint({
    method: 'POST',
    path: '/v1/review-projects',
    group: 'review-projects',
    public: false,
    wrapper: 'review_project',
    responseSchema: 'ReviewProjectResponse',
    pathParams: {},
    writes: true,
  }),
] as const satisfies readonly Endpoint[];

/** An operation of the contract ("POST /v1/agents"): a misspelt key fails the type check. */
export type EndpointKey = (typeof ENDPOINTS)[number]['key'];

/** The path of an operation of the contract with that method. */
export type EndpointPath<M extends Method = Method> = Extract<
  (typeof ENDPOINTS)[number],
  { readonly method: M }
>['path'];

export function findEndpoint(method: string, path: string): Endpoint {
  const found = ENDPOINTS.find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`no endpoint ${method} ${path} in the contract`);
  return found;
}

/**
 * Fills a path template: fillPath('/v1/agents/{agent_id}', {agent_id: 'x'}). Values are URL-encoded, but those of
 * `asWritten`, which go into the path as they are (a malformed percent escape).
 */
export function fillPath(
  template: string,
  params: Readonly<Record<string, string>>,
  asWritten: Readonly<Record<string, string>> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const written = asWritten[name];
    if (written !== undefined) return written;
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against a template; returns the parameters or null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    params[name] = decodeURIComponent(match[i + 1] ?? '');
  });
  return params;
}

// Independent faults, round 27: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Area: runs, scheduled runs, metrics, personas, keys, the published documents and the list grammar. 11 written (the
// writer's ideas past them repeated the catalog). Review (coordinator): none dropped. Against the suite at 20505c6, as
// written: 8 of 11 detected, 3 missed (27 %).

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { Call } from '../probes/call.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import { fault, type Fault, finalizeWith, lastRequest, mapOperations, paths, presentWith } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** Every schema under a property named `name`, at any depth of a published document. */
function propertySchemas(value: unknown, name: string, found: JsonObject[] = []): JsonObject[] {
  if (Array.isArray(value)) for (const item of value) propertySchemas(item, name, found);
  else if (isJsonObject(value)) {
    const properties = value.properties;
    if (isJsonObject(properties) && isJsonObject(properties[name])) found.push(properties[name]);
    for (const member of Object.values(value)) propertySchemas(member, name, found);
  }
  return found;
}

/** The value at every depth with each schema of a `next_page_token` property typed a plain string. */
function tokensNotNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tokensNotNullable);
  if (!isJsonObject(value)) return value;
  const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tokensNotNullable(v)]));
  const properties = out.properties;
  if (isJsonObject(properties) && isJsonObject(properties.next_page_token)) {
    const { nullable: _nullable, ...token } = properties.next_page_token;
    out.properties = { ...properties, next_page_token: { ...token, type: 'string' } };
  }
  return out;
}

const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** Every item of a list walked at page_size 100, by its items key. */
async function walk(call: Call, path: string, key: string): Promise<JsonObject[]> {
  const items: JsonObject[] = [];
  let token: unknown = '';
  for (let i = 0; i < 20; i++) {
    const page = await call(
      'GET',
      `${path}&page_size=100${token ? `&page_token=${encodeURIComponent(String(token))}` : ''}`,
    );
    items.push(...(page.body[key] as JsonObject[]));
    token = page.body.next_page_token;
    if (!token) break;
  }
  return items;
}

/** The first published document in its JSON form. */
async function publishedJson(call: Call): Promise<JsonObject> {
  const listing = await call('GET', '/v1/openapi');
  const path = new URL(String((listing.body.specs as JsonObject[])[0]?.url)).pathname;
  return (await call('GET', path, { headers: { Accept: 'application/json' } })).body as JsonObject;
}

/** The simulation with the most metric outputs (the one lists are walked in). */
const BIG_SIMULATION =
  [...seedStore(ALPHANUMERIC).store.simulations.entries()].sort((a, b) => b[1].size - a[1].size)[0]?.[0] ?? '';

/** Each metric's ID by its name, as the embedded service's metric outputs carry them. */
const METRIC_IDS: ReadonlyMap<string, string> = new Map(
  [...seedStore(ALPHANUMERIC).store.simulations.values()].flatMap((outputs) =>
    [...outputs.values()].map((o): [string, string] => [o.metric_name, o.metric_id]),
  ),
);

const FAULTS_27 = [
  fault({
    id: 'ind27-runs-filter-kept-from-last-request',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['state'],
    description:
      'The runs list keeps the filter it parsed in a variable of the list handler (meant to spare parsing the same filter again on the pages after a token) and reuses it whenever a request carries no filter: once a client listed `status = FAILED`, every later GET /v1/runs without a filter lists the failed runs alone, not the whole collection.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      let last: ReturnType<typeof filter> = null;
      b.lists.filter = (raw, list) => {
        if (list.id !== 'runs') return filter(raw, list);
        if (!raw) return last;
        last = filter(raw, list);
        return last;
      };
    },
    probe: async (call) => {
      const before = await call('GET', '/v1/runs?page_size=1000');
      await call('GET', `/v1/runs?page_size=1000&filter=${encodeURIComponent('status = FAILED')}`);
      const after = await call('GET', '/v1/runs?page_size=1000');
      return { before: (before.body.runs as JsonObject[]).length, after: (after.body.runs as JsonObject[]).length };
    },
    shows: { before: 140, after: 21 },
  }),

  fault({
    id: 'ind27-auth-exemption-matched-in-query',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description:
      'The key middleware exempts the public specification endpoints with `req.url.includes("/v1/openapi")`, a test of the request target, query included, where its path was meant: a request to any endpoint whose query holds `/v1/openapi` (a `ref=/v1/openapi` a client passes along, a filter value naming the path) is served without X-API-Key.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const required = b.auth.required;
      b.auth.required = (endpoint) => required(endpoint) && !String(request()?.url ?? '').includes('/v1/openapi');
    },
    probe: async (call) => {
      const plain = await call('GET', '/v1/runs?page_size=1', { key: null });
      const referred = await call('GET', '/v1/runs?page_size=1&ref=/v1/openapi', { key: null });
      return { plain: plain.status, referred: referred.status };
    },
    shows: { plain: 401, referred: 200 },
  }),

  fault({
    id: 'ind27-spec-page-token-not-nullable',
    requirements: ['SCHEMA-PUBLISHED'],
    slips: ['type'],
    seenThrough: ['LIST-LAST-PAGE'],
    description:
      'The published list answers type next_page_token as a plain string (the generator maps the proto `string` field and drops the optional marker), while the personas list ends with `next_page_token: null`, as the specification\'s "string or null" allows: the last page of every personas walk is invalid by the published document.',
    behaviour: (b) => finalizeWith(b, (doc) => tokensNotNullable(doc) as JsonObject),
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const url = new URL(String((listing.body.specs as JsonObject[])[0]?.url));
      const doc = await call('GET', url.pathname, { headers: { Accept: 'application/json' } });
      const types = [...new Set(propertySchemas(doc.body, 'next_page_token').map((s) => JSON.stringify(s.type)))];
      let page = await call('GET', '/v1/personas?page_size=100');
      for (let i = 0; i < 20 && page.body.next_page_token; i++)
        page = await call(
          'GET',
          `/v1/personas?page_size=100&page_token=${encodeURIComponent(String(page.body.next_page_token))}`,
        );
      return { published: types, lastPage: page.body.next_page_token };
    },
    shows: { published: ['"string"'], lastPage: null },
  }),
  fault({
    id: 'ind27-run-metrics-keyed-by-metric-id',
    requirements: ['RUN-METRICS-CONSISTENT'],
    slips: ['broken'],
    description:
      'A run\'s results.metrics is built by grouping its outputs\' scores by metric_id, the column the scores table is keyed by, and the join that names each metric is left out: the map runs from metric ID to {mean, min, max} (`{"<22-character id>": {...}}`), not from metric name as the specification describes.',
    behaviour: (b) =>
      presentWith(b, 'run', (view) => {
        const results = view.results as JsonObject;
        const metrics = results.metrics as JsonObject;
        const keyed = Object.fromEntries(Object.entries(metrics).map(([name, s]) => [METRIC_IDS.get(name) ?? name, s]));
        return { ...view, results: { ...results, metrics: keyed } };
      }),
    probe: async (call) => {
      const list = await call('GET', '/v1/runs?page_size=1000');
      const run = (list.body.runs as JsonObject[]).find(
        (r) => Object.keys((r.results as JsonObject).metrics as JsonObject).length,
      );
      const keys = Object.keys(((run?.results as JsonObject).metrics as JsonObject) ?? {});
      return {
        names: keys.filter((k) => METRIC_IDS.has(k)).length,
        ids: keys.filter((k) => /^[A-Za-z0-9]{22}$/.test(k)).length,
      };
    },
    shows: { names: 0, ids: 3 },
  }),
  fault({
    id: 'ind27-personas-deleted-listed-by-name-order',
    requirements: ['PERSONA-DELETE'],
    slips: ['scope'],
    description:
      'The personas list ordered by name (`order_by=name`, `-name` or `name desc`) is read from a name index that persona creation and update maintain but deletion does not (the soft delete only sets a flag on the row): a deleted persona is left out of the list in its default and time orders, and GET of it answers NOT_FOUND, but it is still listed in name order.',
    behaviour: (b) => {
      let byName = false;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const order = new URL(String(req.url), 'http://reference.invalid').searchParams.get('order_by') ?? '';
        byName = /^-?name\b/.test(order.trim());
        return presented(req);
      };
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => !(endpoint.key === 'GET /v1/personas' && byName) && hides(endpoint);
    },
    probe: async (call) => {
      const id = FIXTURES.deletablePersonaId;
      await call('DELETE', `/v1/personas/${id}`);
      const listed = async (order: string) =>
        (await walk(call, `/v1/personas?order_by=${encodeURIComponent(order)}`, 'personas')).some((p) => p.id === id);
      return {
        createTime: await listed('create_time'),
        name: await listed('name'),
        nameDesc: await listed('name desc'),
      };
    },
    shows: { createTime: false, name: true, nameDesc: true },
  }),
  fault({
    id: 'ind27-metrics-filter-dropped-with-order',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description:
      "The simulation metrics list with an order_by is served by the sorting path (a query template written for the dashboard's sortable table, with ORDER BY and LIMIT but no WHERE), which checks the filter and then leaves it out: `filter=status = COMPLETED` lists only completed outputs in the default order, and every output, those IN PROGRESS included, with `order_by=value`.",
    behaviour: (b) => {
      let ordered = false;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        ordered = Boolean(new URL(String(req.url), 'http://reference.invalid').searchParams.get('order_by')?.trim());
        return presented(req);
      };
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const read = filter(raw, list);
        return list.id === 'metrics' && ordered ? null : read;
      };
    },
    probe: async (call) => {
      const filter = encodeURIComponent('status = COMPLETED');
      const inProgress = async (order: string) => {
        const page = await call(
          'GET',
          `/v1/simulations/${BIG_SIMULATION}/metrics?page_size=1000&filter=${filter}${order}`,
        );
        return (page.body.metrics as JsonObject[]).filter((m) => m.status !== 'COMPLETED').length > 0;
      };
      return { defaultOrder: await inProgress(''), byValue: await inProgress('&order_by=value') };
    },
    shows: { defaultOrder: false, byValue: true },
  }),
  fault({
    id: 'ind27-filter-unterminated-quote-closed-at-end',
    requirements: ['LIST-FILTER-MALFORMED'],
    slips: ['broken'],
    description:
      'The filter lexer reads a double-quoted value up to its closing quote or the end of the text, whichever comes first (the loop stops at either and never asks which): a filter whose last quote is never closed, `name = "Alice Smith`, is read as `name = "Alice Smith"` and served, where a malformed filter is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const text = raw ?? '';
        return filter((text.match(/"/g) ?? []).length % 2 === 1 ? `${text}"` : raw, list);
      };
    },
    probe: async (call) => {
      const closed = await call('GET', `/v1/personas?page_size=100&filter=${encodeURIComponent('name != "nobody"')}`);
      const open = await call('GET', `/v1/personas?page_size=100&filter=${encodeURIComponent('name != "nobody')}`);
      return { closed: closed.status, open: open.status, code: open.body.error?.code ?? null };
    },
    shows: { closed: 200, open: 200, code: null },
  }),

  fault({
    id: 'ind27-auth-metrics-suffix-exempt',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description:
      "The key middleware exempts paths ending in `/metrics` (`url.pathname.endsWith('/metrics')`, an exemption meant for the Prometheus scrape endpoint every service exposes there): GET /v1/simulations/{simulation_id}/metrics, the simulation metrics list, is served without X-API-Key; the GET of one metric output, whose path goes on, still asks for the key.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const required = b.auth.required;
      b.auth.required = (endpoint) =>
        required(endpoint) &&
        !new URL(String(request()?.url ?? '/'), 'http://reference.invalid').pathname.endsWith('/metrics');
    },
    probe: async (call) => {
      const listed = await call('GET', `/v1/simulations/${BIG_SIMULATION}/metrics?page_size=1`);
      const output = String((listed.body.metrics as JsonObject[])[0]?.metric_output_id);
      const list = await call('GET', `/v1/simulations/${BIG_SIMULATION}/metrics?page_size=1`, { key: null });
      const one = await call('GET', `/v1/simulations/${BIG_SIMULATION}/metrics/${output}`, { key: null });
      return { list: list.status, one: one.status };
    },
    shows: { list: 200, one: 401 },
  }),
  fault({
    id: 'ind27-spec-delete-responses-without-description',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      "The published documents write each response's description from its handler's documentation comment, and the DELETE handlers (persona, run, mutation, scheduled run) have none: their responses are written with content alone, where OpenAPI requires every Response Object to carry a description.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => ({
        ...doc,
        paths: Object.fromEntries(
          Object.entries(paths(doc)).map(([path, item]) => [
            path,
            Object.fromEntries(
              Object.entries(item).map(([method, op]) => {
                if (method !== 'delete' || !isJsonObject(op.responses)) return [method, op];
                const responses = Object.fromEntries(
                  Object.entries(op.responses).map(([status, r]) => {
                    if (!isJsonObject(r)) return [status, r];
                    const { description: _description, ...rest } = r;
                    return [status, rest];
                  }),
                );
                return [method, { ...op, responses }];
              }),
            ),
          ]),
        ),
      })),
    probe: async (call) => {
      const doc = await publishedJson(call);
      const without = (method: string) =>
        Object.values(paths(doc)).flatMap((item) =>
          isJsonObject(item[method]) && isJsonObject(item[method].responses)
            ? Object.values(item[method].responses).filter((r) => isJsonObject(r) && !('description' in r))
            : [],
        ).length;
      return { get: without('get'), delete: without('delete') > 0 };
    },
    shows: { get: 0, delete: true },
  }),

  fault({
    id: 'ind27-spec-list-parameters-duplicated',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published list operations get their page_size and page_token parameters twice: once from the route, once from the pagination mixin the generator adds to every list operation, without merging by name and location, where OpenAPI forbids an operation to list one parameter twice.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => ({
        ...doc,
        paths: mapOperations(doc, (op) => {
          const params = Array.isArray(op.parameters) ? (op.parameters as JsonObject[]) : [];
          const paging = params.filter((p) => p.in === 'query' && (p.name === 'page_size' || p.name === 'page_token'));
          return paging.length ? { ...op, parameters: [...params, ...paging.map((p) => ({ ...p }))] } : op;
        }),
      })),
    probe: async (call) => {
      const doc = await publishedJson(call);
      const op = paths(doc)['/v1/runs']?.get as JsonObject | undefined;
      const names = ((op?.parameters ?? []) as JsonObject[]).map((p) => `${String(p.in)}:${String(p.name)}`);
      return names.filter((n, i) => names.indexOf(n) !== i).sort();
    },
    shows: ['query:page_size', 'query:page_token'],
  }),
  fault({
    id: 'ind27-spec-page-size-type-int',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['type'],
    description:
      "The published page_size parameters of the lists are typed `type: int`, the scalar's name in the handler's language, passed through by the generator's type map where it has no entry: `int` is none of JSON Schema's types (`integer` is), so the document is no valid OpenAPI and a validator refuses it.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => ({
        ...doc,
        paths: mapOperations(doc, (op) =>
          Array.isArray(op.parameters)
            ? {
                ...op,
                parameters: (op.parameters as JsonObject[]).map((p) =>
                  p.name === 'page_size' && isJsonObject(p.schema) ? { ...p, schema: { ...p.schema, type: 'int' } } : p,
                ),
              }
            : op,
        ),
      })),
    probe: async (call) => {
      const doc = await publishedJson(call);
      const op = paths(doc)['/v1/personas']?.get as JsonObject | undefined;
      const param = ((op?.parameters ?? []) as JsonObject[]).find((p) => p.name === 'page_size');
      return (param?.schema as JsonObject | undefined)?.type;
    },
    shows: 'int',
  }),
] as const;

export const INDEPENDENT_27_FAULTS: readonly Fault<(typeof FAULTS_27)[number]['id']>[] = FAULTS_27;

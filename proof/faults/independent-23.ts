// Independent faults, round 23: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4). Area: runs, scheduled runs, metrics and simulations,
// personas and phone numbers, authentication, the published documents and their listing, and the list
// grammar over those lists.

//
// Reviewed by the coordinator (the whole suite against each fault, `npx tsx proof/detect.ts 'ind23-*'`): 29 written,
// 3 dropped, 16 of 26 detected as written (10 missed, 38 %). Dropped: ind23-run-metric-keys-snake-cased (a repeat of
// ind3-run-metric-names-snake-cased: a run's metric names are tied to nothing a client sends or reads elsewhere);
// ind23-run-delete-refused-while-scheduled (a sibling of ind13-run-delete-refused-when-scheduled: the same restricting
// foreign key on another column); ind23-page-token-holds-page-number (a reading: what a token names under another
// page_size is not stated, and a page number served at each request's page_size is a common design).
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LIST_ENDPOINTS } from '../../lib/contract/list-endpoints.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { evaluatedFields, readFilter } from '../../lib/reference/listing/filter.js';
import { readFilterText, type FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import { itemMatches } from '../../lib/reference/listing/filter-match.js';
import { listTable, type ServedList } from '../../lib/reference/listing/tables.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import {
  type Fault,
  fault,
  finalizeWith,
  lastRequest,
  mapOperations,
  notModifiedWhen,
  paths,
  presentWith,
  respondWith,
} from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** The query of the request being served. */
const queryOf = (req: IncomingMessage | undefined): URLSearchParams =>
  new URL(String(req?.url ?? '/'), 'http://reference.invalid').searchParams;

/** The ids of the simulations the runs name, and the one with the most metric outputs. */
async function biggestSimulation(call: Call): Promise<string> {
  const runs = await call('GET', '/v1/runs?page_size=1000');
  const ids = [
    ...new Set((runs.body.runs as JsonObject[]).flatMap((r) => (r.results as JsonObject).output_ids as string[])),
  ];
  let best = { id: '', count: -1 };
  for (const id of ids) {
    const page = await call('GET', `/v1/simulations/${id}/metrics?page_size=1000`);
    const count = (page.body.metrics as unknown[] | undefined)?.length ?? 0;
    if (count > best.count) best = { id, count };
  }
  return best.id;
}

/** The JSON form of the one published document. */
async function publishedJson(call: Call): Promise<JsonObject> {
  const listing = await call('GET', '/v1/openapi');
  const name = String((listing.body.specs as JsonObject[])[0]?.spec_name);
  const doc = await call('GET', `/v1/openapi/${name}`, { headers: { Accept: 'application/json' } });
  return doc.body as JsonObject;
}

/** The entity tag a document is served with: of its name alone, whatever its form. */
const documentTag = (name: string): string => `"${createHash('sha1').update(name).digest('hex').slice(0, 16)}"`;

const FAULTS_23 = [
  fault({
    id: 'ind23-head-served-without-key',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description:
      "HEAD requests are routed as the GET of their path (as web frameworks do, the body left off), but the key check is registered on the API's methods (GET, POST, PATCH, DELETE) and never runs for HEAD: `HEAD /v1/personas/{persona_id}` without a key answers 200 for a persona that exists and 404 for one that does not, telling any caller which personas exist, where every request but the specification endpoints' needs the key.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const routed = b.routedMethod;
      b.routedMethod = (req) => (req.method === 'HEAD' ? 'GET' : routed(req));
      const required = b.auth.required;
      b.auth.required = (endpoint) => (request()?.method === 'HEAD' ? false : required(endpoint));
    },
    probe: async (call) => {
      const list = await call('GET', '/v1/personas?page_size=1');
      const id = String((list.body.personas as JsonObject[])[0]?.id);
      const real = await call('HEAD', `/v1/personas/${id}`, { key: null });
      const missing = await call('HEAD', `/v1/personas/${'Z'.repeat(22)}`, { key: null });
      return { real: real.status, missing: missing.status };
    },
    shows: { real: 200, missing: 404 },
  }),

  fault({
    id: 'ind23-metric-subvalue-end-offset-as-length',
    requirements: ['METRIC-SEGMENT-OFFSETS', 'SCHEMA-CANONICAL'],
    slips: ['broken'],
    description:
      "A metric output's time segments are read from a table that keeps each segment's start and its length, and the serializer writes the length as end_offset: a segment from 12 to 30 seconds is served `{start_offset: 12, end_offset: 18}`, an end before its start, on the list and on GET alike, where end_offset is the segment's end offset.",
    behaviour: (b) =>
      presentWith(b, 'metric', (view) => ({
        ...view,
        subvalues_by_timestamp: (view.subvalues_by_timestamp as JsonObject[]).map((s) => ({
          ...s,
          end_offset: Number(s.end_offset) - Number(s.start_offset),
        })),
      })),
    probe: async (call) => {
      const simulation = await biggestSimulation(call);
      const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`);
      const segments = (page.body.metrics as JsonObject[]).flatMap(
        (m) => (m.subvalues_by_timestamp as JsonObject[] | undefined) ?? [],
      );
      return {
        segments: segments.length,
        endingBeforeStart: segments.filter((s) => Number(s.end_offset) < Number(s.start_offset)).length,
      };
    },
    shows: { segments: 73, endingBeforeStart: 24 },
  }),

  fault({
    id: 'ind23-spec-name-enum-stale',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      'The published GET /v1/openapi/{spec_name} gives its spec_name parameter an enum written from the build settings, `[openapi]` (the file the generator writes, openapi.yaml), while the listing names the document `agent-evaluation` and the service serves it there: a client that validates its requests by the document refuses the only spec_name the listing gives.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const item = paths(doc)['/v1/openapi/{spec_name}'];
        if (!item?.get) return doc;
        const parameters = (item.get.parameters as JsonObject[]).map((p) =>
          p.name === 'spec_name' ? { ...p, schema: { type: 'string', enum: ['openapi'] } } : p,
        );
        return {
          ...doc,
          paths: { ...paths(doc), '/v1/openapi/{spec_name}': { ...item, get: { ...item.get, parameters } } },
        };
      }),
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const listed = (listing.body.specs as JsonObject[]).map((s) => s.spec_name);
      const doc = await publishedJson(call);
      const parameter = (paths(doc)['/v1/openapi/{spec_name}']?.get?.parameters as JsonObject[] | undefined)?.find(
        (p) => p.name === 'spec_name',
      );
      return { listed, documented: ((parameter?.schema as JsonObject | undefined)?.enum as unknown) ?? null };
    },
    shows: { listed: ['agent-evaluation'], documented: ['openapi'] },
  }),

  fault({
    id: 'ind23-spec-metrics-list-key-renamed',
    requirements: ['SCHEMA-PUBLISHED'],
    seenThrough: ['METRIC-GET'],
    slips: ['broken'],
    description:
      'The published MetricList schema (the answer of GET /v1/simulations/{simulation_id}/metrics) names its array `metric_outputs`, after the resource type Metric output, and requires it, while the service answers the outputs under `metrics` as the endpoint table gives: every answer of the list lacks the array its published schema requires.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const components = doc.components as JsonObject;
        const schemas = components.schemas as Record<string, JsonObject>;
        const list = schemas.MetricList;
        if (!list) return doc;
        const { metrics, ...others } = list.properties as JsonObject;
        const required = ((list.required as string[] | undefined) ?? []).filter((r) => r !== 'metrics');
        const renamed = {
          ...list,
          properties: { metric_outputs: metrics, ...others },
          required: ['metric_outputs', ...required],
        };
        return { ...doc, components: { ...components, schemas: { ...schemas, MetricList: renamed } } };
      }),
    probe: async (call) => {
      const doc = await publishedJson(call);
      const list = ((doc.components as JsonObject).schemas as Record<string, JsonObject>).MetricList;
      const simulation = await biggestSimulation(call);
      const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1`);
      return { required: list?.required ?? null, answered: Object.keys(page.body as JsonObject).sort() };
    },
    shows: { required: ['metric_outputs'], answered: ['metrics', 'next_page_token'] },
  }),

  fault({
    id: 'ind23-runs-filter-after-page-cut',
    requirements: ['LIST-PAGINATION-COMPLETE', 'LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'The runs list reads a page of page_size runs in the order asked, then applies the filter to that page in memory (the filter was added to a handler that paged in the query), and issues next_page_token only when the filtered page is still full: a filtered walk ends at the first page the filter thins, so `status = FAILED` walked at page_size 10 lists the failed runs among the first ten runs and stops, where a walk lists every run the filter selects.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const runs = listTable('runs');
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        typeof item === 'object' && item !== null && 'run_id' in item ? true : matches(expr, item, fields);
      respondWith(b, 'GET /v1/runs', (body) => {
        const query = queryOf(request());
        const filter = readFilter(query.get('filter'), runs);
        if (!filter) return body;
        const size = Number(query.get('page_size') ?? runs.pageSize.default);
        const page = (body.runs as JsonObject[]).filter((run) => itemMatches(filter, run, evaluatedFields(runs)));
        return { ...body, runs: page, next_page_token: page.length < size ? '' : body.next_page_token };
      });
    },
    probe: async (call) => {
      const filter = encodeURIComponent('status = FAILED');
      const all = await call('GET', `/v1/runs?page_size=1000&filter=${filter}`);
      let walked = 0;
      let token = '';
      for (let pages = 0; pages < 50; pages += 1) {
        const page = await call(
          'GET',
          `/v1/runs?page_size=10&filter=${filter}${token ? `&page_token=${encodeURIComponent(token)}` : ''}`,
        );
        walked += (page.body.runs as unknown[]).length;
        token = String(page.body.next_page_token ?? '');
        if (!token) break;
      }
      return { selected: (all.body.runs as unknown[]).length, walked };
    },
    shows: { selected: 21, walked: 0 },
  }),

  fault({
    id: 'ind23-spec-etag-shared-by-forms',
    requirements: ['SPEC-JSON-ON-REQUEST'],
    slips: ['scope'],
    description:
      'GET /v1/openapi/{spec_name} sends an ETag computed from the name of the document, the same for the YAML and the JSON form, and answers a matching If-None-Match with 304 Not Modified: a client that fetched the YAML form and revalidates while asking for JSON (`Accept: application/json`, `If-None-Match` of the tag it holds) is told its YAML is current and never gets the JSON form, where an entity tag must tell representations apart (RFC 9110 8.8.3).',
    behaviour: (b) => {
      const request = lastRequest(b);
      const named = (url: string | undefined): string | undefined =>
        /^\/v1\/openapi\/([^/?#]+)/.exec(String(url ?? ''))?.[1];
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        const name = named(req.url);
        return name === undefined ? coded : { ...coded, headers: { ...coded.headers, ETag: documentTag(name) } };
      };
      notModifiedWhen(b, (endpoint) => {
        const req = request();
        const name = named(req?.url);
        return (
          endpoint.key === 'GET /v1/openapi/{spec_name}' &&
          name !== undefined &&
          req?.headers['if-none-match'] === documentTag(name)
        );
      });
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const name = String((listing.body.specs as JsonObject[])[0]?.spec_name);
      const yaml = await call('GET', `/v1/openapi/${name}`);
      const tag = String(yaml.headers.etag ?? '"none"');
      const json = await call('GET', `/v1/openapi/${name}`, {
        headers: { Accept: 'application/json', 'If-None-Match': tag },
      });
      return { status: json.status, json: typeof json.body === 'object' };
    },
    shows: { status: 304, json: false },
  }),

  fault({
    id: 'ind23-spec-persona-paths-equivalent',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published documents take each operation\'s path from its route, and the persona DELETE route names its parameter `id` (`/v1/personas/{id}`) where the GET names it persona_id: the document holds two path items, `/v1/personas/{persona_id}` and `/v1/personas/{id}`, templated paths of the same hierarchy that OpenAPI forbids ("MUST NOT exist as they are identical"), so the document is not valid.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const all = paths(doc);
        const item = all['/v1/personas/{persona_id}'];
        if (!item?.delete) return doc;
        const { delete: removal, ...kept } = item;
        const parameters = (removal.parameters as JsonObject[]).map((p) =>
          p.name === 'persona_id' ? { ...p, name: 'id' } : p,
        );
        const entries = Object.entries(all).flatMap(([path, value]) =>
          path === '/v1/personas/{persona_id}'
            ? [
                [path, kept],
                ['/v1/personas/{id}', { delete: { ...removal, parameters } }],
              ]
            : [[path, value]],
        );
        return { ...doc, paths: Object.fromEntries(entries) };
      }),
    probe: async (call) => {
      const doc = await publishedJson(call);
      const templates = Object.keys(paths(doc));
      const shape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
      return templates.filter((path) => templates.some((other) => other !== path && shape(other) === shape(path)));
    },
    shows: ['/v1/personas/{persona_id}', '/v1/personas/{id}'],
  }),

  fault({
    id: 'ind23-token-only-with-page-size',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['scope'],
    description:
      'The lists build next_page_token inside the branch that reads page_size (`if (query.page_size) { ... next = ... }`): a request without page_size is served the default 50 items and no next_page_token, so a client that leaves page_size to its default walks 50 runs of 140 and stops.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const ends: Record<string, string | null> = {
        'GET /v1/runs': '',
        'GET /v1/personas': null,
        'GET /v1/simulations/{simulation_id}/metrics': '',
      };
      for (const [key, end] of Object.entries(ends))
        respondWith(b, key, (body) => (queryOf(request()).has('page_size') ? body : { ...body, next_page_token: end }));
    },
    probe: async (call) => {
      const page = await call('GET', '/v1/runs');
      return { runs: (page.body.runs as unknown[]).length, token: Boolean(page.body.next_page_token) };
    },
    shows: { runs: 50, token: false },
  }),

  fault({
    id: 'ind23-auth-verdict-cached-by-key-id',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      "Keys have the form `<key id>-<secret>` and the key check keeps the keys it accepted in a cache keyed by the key id (the part before the last `-`, which the key table is indexed by), comparing the secret only on a miss: once the valid key was used, any key with the same id and another secret (`ref-test-key-9999`) is accepted, where a key that is not the organization's is refused with UNAUTHENTICATED.",
    behaviour: (b) => {
      const verdicts = new Map<string, boolean>();
      const keyId = (key: string): string => key.slice(0, Math.max(0, key.lastIndexOf('-')));
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, presented) => {
        if (presented === undefined) return accepts(endpoint, presented);
        if (verdicts.get(keyId(presented))) return true;
        const verdict = accepts(endpoint, presented);
        if (verdict) verdicts.set(keyId(presented), verdict);
        return verdict;
      };
    },
    probe: async (call) => {
      const before = await call('GET', '/v1/personas?page_size=1', { key: 'ref-test-key-9999' });
      await call('GET', '/v1/personas?page_size=1');
      const after = await call('GET', '/v1/personas?page_size=1', { key: 'ref-test-key-9999' });
      return { before: before.status, after: after.status };
    },
    shows: { before: 401, after: 200 },
  }),

  fault({
    id: 'ind23-spec-listing-urls-from-request-target',
    requirements: ['SPEC-FETCHABLE', 'SPEC-LISTING'],
    slips: ['broken'],
    description:
      "GET /v1/openapi builds each document's URL by appending its name to the request target as received (`${origin}${req.originalUrl}/${name}`, meant to follow a mount point): asked for without a query the URLs are right, but a listing fetched with any query string (a cache buster, `?v=2`) lists `…/v1/openapi?v=2/agent-evaluation`, which names the listing itself again and serves no document.",
    behaviour: (b) => {
      const request = lastRequest(b);
      respondWith(b, 'GET /v1/openapi', (body) => {
        const target = String(request()?.url ?? '/v1/openapi');
        const specs = body.specs as JsonObject[] | undefined;
        if (!specs) return body;
        return {
          ...body,
          specs: specs.map((spec) => ({
            ...spec,
            url: `${new URL(String(spec.url)).origin}${target}/${String(spec.spec_name)}`,
          })),
        };
      });
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi?v=2');
      const url = new URL(String((listing.body.specs as JsonObject[])[0]?.url));
      const fetched = await call('GET', `${url.pathname}${url.search}`);
      return { path: `${url.pathname}${url.search}`, document: typeof fetched.body === 'string' };
    },
    shows: { path: '/v1/openapi?v=2/agent-evaluation', document: false },
  }),

  fault({
    id: 'ind23-page-size-zero-unlimited',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['bound'],
    description:
      'The lists hand page_size to the store as its row limit with `limit: pageSize || undefined`, meant to drop an absent value: page_size=0, below the minimum of 1, is neither refused nor brought into range but read as no limit, so the personas list answers every persona (135) in one page, over its maximum of 100.',
    behaviour: (b) => {
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, token, orderBy) =>
        raw?.trim() === '0' ? Number.POSITIVE_INFINITY : pageSize(raw, list, token, orderBy);
    },
    probe: async (call) => {
      const page = await call('GET', '/v1/personas?page_size=0');
      return { status: page.status, personas: (page.body?.personas as unknown[] | undefined)?.length ?? null };
    },
    shows: { status: 200, personas: 135 },
  }),

  fault({
    id: 'ind23-filter-times-cut-to-seconds',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['unit'],
    description:
      'A time in a filter is bound to the query as a DATETIME without fractional seconds, so its milliseconds are cut before the comparison: `create_time = "2026-01-10T17:17:00.900Z"` selects the runs created at 17:17:00.000, 900 ms before the instant asked for, and `create_time < "…:00.900Z"` leaves them out; on every list and timestamp field.',
    behaviour: (b) => {
      const cut = (expr: FilterExpr, list: ServedList): FilterExpr => {
        if (expr.kind !== 'cmp') return { ...expr, terms: expr.terms.map((term) => cut(term, list)) };
        const ms = list.filterFields[expr.field]?.kind === 'timestamp' ? Date.parse(expr.value) : Number.NaN;
        return Number.isNaN(ms) ? expr : { ...expr, value: new Date(ms - (ms % 1000)).toISOString() };
      };
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        return expr && cut(expr, list);
      };
    },
    probe: async (call) => {
      const first = await call('GET', '/v1/runs?page_size=1');
      const created = String((first.body.runs as JsonObject[])[0]?.create_time);
      const later = new Date(Date.parse(created) + 900).toISOString();
      const filter = encodeURIComponent(`create_time = "${later}"`);
      const page = await call('GET', `/v1/runs?page_size=1000&filter=${filter}`);
      return (page.body.runs as JsonObject[]).map((r) => r.create_time === created);
    },
    shows: [true],
  }),

  fault({
    id: 'ind23-runs-tags-shown-slugged',
    requirements: ['LIST-FILTER-FIELDS', 'LIST-FILTER-QUOTING'],
    slips: ['scope'],
    description:
      "The runs list writes each run's tags through the label formatter of the web dashboard, which joins the words of a tag with underscores (`release candidate` is shown `release_candidate`), while the filter matches the tags as stored: `tag = release_candidate`, a tag the list shows, selects no run, where `tag = x` holds for the runs whose tags hold x.",
    behaviour: (b) =>
      respondWith(b, 'GET /v1/runs', (body) => ({
        ...body,
        runs: (body.runs as JsonObject[]).map((run) => ({
          ...run,
          tags: (run.tags as string[]).map((tag) => tag.trim().replace(/\s+/g, '_')),
        })),
      })),
    probe: async (call) => {
      const all = await call('GET', '/v1/runs?page_size=1000');
      const shown = (all.body.runs as JsonObject[]).flatMap((r) => r.tags as string[]).find((tag) => /[\s_]/.test(tag));
      if (shown === undefined) return 'no tag of two words';
      const filter = encodeURIComponent(`tag = "${shown}"`);
      const page = await call('GET', `/v1/runs?page_size=1000&filter=${filter}`);
      return { shown, selected: (page.body.runs as unknown[]).length > 0 };
    },
    shows: { shown: 'release_candidate', selected: false },
  }),

  fault({
    id: 'ind23-scheduled-cron-zone-prefixed',
    requirements: ['SCHEDULED-RUN-EXPRESSION-FORM', 'SCHEDULED-RUN-GET'],
    slips: ['broken'],
    description:
      "A cron schedule is kept as the scheduler library's spec, which carries a zone other than UTC as a `CRON_TZ=` prefix, and schedule_expression is served from it: the scheduled run on `cron(0 12 * * ? *)` in Europe/Paris answers `CRON_TZ=Europe/Paris cron(0 12 * * ? *)`, no longer in `cron(...)` form (its zone is schedule_timezone's); rate schedules and cron ones in UTC are served as they are.",
    behaviour: (b) =>
      presentWith(b, 'scheduledRun', (view) =>
        String(view.schedule_expression).startsWith('cron(') && view.schedule_timezone !== 'UTC'
          ? {
              ...view,
              schedule_expression: `CRON_TZ=${String(view.schedule_timezone)} ${String(view.schedule_expression)}`,
            }
          : view,
      ),
    probe: async (call) => {
      const answer = await call('GET', `/v1/scheduled-runs/${FIXTURES.deletableScheduledRunId}`);
      return answer.body?.scheduled_run?.schedule_expression ?? null;
    },
    shows: 'CRON_TZ=Europe/Paris cron(0 12 * * ? *)',
  }),

  fault({
    id: 'ind23-filter-epoch-instant-unread',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['bound'],
    description:
      'A time in a filter is read with `Date.parse(value) || null` (to turn an unreadable time into no time), which also takes the epoch, a valid instant that parses to 0, for no time: `create_time > "1970-01-01T00:00:00Z"` never holds and lists no run, where it holds for every one; any other instant is read.',
    behaviour: (b) => {
      const unread = (expr: FilterExpr, list: ServedList): FilterExpr => {
        if (expr.kind !== 'cmp') return { ...expr, terms: expr.terms.map((term) => unread(term, list)) };
        return list.filterFields[expr.field]?.kind === 'timestamp' && Date.parse(expr.value) === 0
          ? { ...expr, value: '' }
          : expr;
      };
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = filter(raw, list);
        return expr && unread(expr, list);
      };
    },
    probe: async (call) => {
      const filter = encodeURIComponent('create_time > "1970-01-01T00:00:00Z"');
      const page = await call('GET', `/v1/runs?page_size=1000&filter=${filter}`);
      return { status: page.status, listed: ((page.body?.runs as unknown[] | undefined)?.length ?? 0) > 0 };
    },
    shows: { status: 200, listed: false },
  }),

  fault({
    id: 'ind23-phone-numbers-keyed-by-index',
    requirements: ['PERSONA-PHONE-NUMBERS'],
    slips: ['type'],
    description:
      'GET /v1/personas/phone-numbers builds each direction with a comprehension keyed by index (`{n.index: n.phone_number for n in inbound}`, the lookup the dialler wanted): inbound and outbound are objects from index to number, `{"0": "+14155550123", ...}`, where each is an array of `{index, phone_number}`.',
    behaviour: (b) =>
      respondWith(b, 'GET /v1/personas/phone-numbers', (body) => {
        const numbers = body.phone_numbers as Record<string, JsonObject[]>;
        const keyed = (list: JsonObject[]) => Object.fromEntries(list.map((n) => [String(n.index), n.phone_number]));
        return {
          ...body,
          phone_numbers: { inbound: keyed(numbers.inbound ?? []), outbound: keyed(numbers.outbound ?? []) },
        };
      }),
    probe: async (call) => {
      const answer = await call('GET', '/v1/personas/phone-numbers');
      return answer.body.phone_numbers.outbound;
    },
    shows: { '0': '+14155550199', '1': '+34911234567' },
  }),

  fault({
    id: 'ind23-auth-key-substring-of-configured',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      "The configured API keys are read from the environment as one string (`API_KEYS`, meant to be split at commas) and a presented key is checked with `keys.includes(presented)`, a substring test where list membership was meant: any piece of the valid key (`ref-test`, `key-0001`) is accepted, where a key that is not the organization's is refused with UNAUTHENTICATED.",
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, presented) =>
        (presented !== undefined && presented !== '' && b.apiKey.includes(presented)) || accepts(endpoint, presented);
    },
    probe: async (call) => {
      const piece = await call('GET', '/v1/personas?page_size=1', { key: 'ref-test' });
      const other = await call('GET', '/v1/personas?page_size=1', { key: 'wrong-key' });
      return { piece: piece.status, other: other.status };
    },
    shows: { piece: 200, other: 401 },
  }),

  fault({
    id: 'ind23-filter-fields-of-any-list',
    requirements: ['LIST-FILTER-UNKNOWN-FIELD'],
    slips: ['scope'],
    description:
      "A filter's fields are checked against one registry of the filter fields of every list (runs', personas' and metrics' together), not the list's own: `status = COMPLETED` on the personas list, a field personas do not have, is accepted and its comparison never holds (an empty list), where a filter on a field the list does not have is refused with INVALID_ARGUMENT.",
    behaviour: (b) => {
      const known = new Set(LIST_ENDPOINTS.flatMap((list) => Object.keys(list.filterFields)));
      const compared = (expr: FilterExpr): string[] =>
        expr.kind === 'cmp' ? [expr.field] : expr.terms.flatMap(compared);
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        try {
          return filter(raw, list);
        } catch (error) {
          const parsed = readFilterText(String(raw).trim());
          if (parsed.ok && compared(parsed.expr).every((field) => known.has(field))) return parsed.expr;
          throw error;
        }
      };
    },
    probe: async (call) => {
      const filter = encodeURIComponent('status = COMPLETED');
      const answer = await call('GET', `/v1/personas?filter=${filter}`);
      return { status: answer.status, personas: (answer.body?.personas as unknown[] | undefined)?.length ?? null };
    },
    shows: { status: 200, personas: 0 },
  }),

  fault({
    id: 'ind23-spec-metric-output-closed',
    requirements: ['SCHEMA-PUBLISHED'],
    seenThrough: ['METRIC-GET'],
    slips: ['scope'],
    description:
      "The published MetricOutput schema is generated from the proto message of the Metric output table and closed (`additionalProperties: false`, the generator's strict mode for proto messages), while the service answers each output with the fields its filter and order_by name as well, metric_name, create_time, start_time and end_time: every output the metrics list or GET answers is refused by its published schema.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const components = doc.components as JsonObject;
        const schemas = components.schemas as Record<string, JsonObject>;
        const output = schemas.MetricOutput;
        if (!output) return doc;
        const closed = { ...output, additionalProperties: false };
        return { ...doc, components: { ...components, schemas: { ...schemas, MetricOutput: closed } } };
      }),
    probe: async (call) => {
      const doc = await publishedJson(call);
      const schema = ((doc.components as JsonObject).schemas as Record<string, JsonObject>).MetricOutput ?? {};
      const simulation = await biggestSimulation(call);
      const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1`);
      const output = (page.body.metrics as JsonObject[])[0] ?? {};
      const declared = Object.keys((schema.properties as JsonObject | undefined) ?? {});
      return {
        additionalProperties: schema.additionalProperties ?? null,
        undeclared: Object.keys(output)
          .filter((key) => !declared.includes(key))
          .sort(),
      };
    },
    shows: {
      additionalProperties: false,
      undeclared: ['create_time', 'end_time', 'metric_name', 'start_time'],
    },
  }),

  fault({
    id: 'ind23-metrics-in-progress-value-nulls-order',
    requirements: ['LIST-ORDER-BY'],
    slips: ['order'],
    description:
      'A metric output still IN PROGRESS has a NULL score column, served as 0 (`COALESCE(value, 0)`), while `order_by=value` sorts the column itself, where PostgreSQL puts NULLs last ascending and first descending: `order_by=-value` lists the outputs shown with value 0 before those scored 1, and `order_by=value` after them, where a descending order has the greatest value first.',
    behaviour: (b) => {
      const sortItems = b.lists.sortItems;
      b.lists.sortItems = (items, compare, list, query) => {
        const sorted = sortItems(items, compare, list, query);
        if (list.id !== 'metrics' || query.order.field !== 'value') return sorted;
        const scoring = (item: (typeof sorted)[number]) =>
          (item as unknown as { view?: JsonObject }).view?.status === 'IN PROGRESS';
        const scored = sorted.filter((item) => !scoring(item));
        const nulls = sorted.filter(scoring);
        return query.order.descending ? [...nulls, ...scored] : [...scored, ...nulls];
      };
    },
    probe: async (call) => {
      const simulation = await biggestSimulation(call);
      const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=3&order_by=-value`);
      return (page.body.metrics as JsonObject[]).map((m) => ({ value: m.value, status: m.status }));
    },
    shows: [
      { value: 0, status: 'IN PROGRESS' },
      { value: 0, status: 'IN PROGRESS' },
      { value: 0, status: 'IN PROGRESS' },
    ],
  }),

  fault({
    id: 'ind23-personas-time-order-newest-first',
    requirements: ['LIST-ORDER-BY'],
    slips: ['broken'],
    description:
      "The personas list sorts its time fields newest first unless the order says `asc` (the dashboard's convention for dates), so `order_by=create_time` and `order_by=update_time` come newest first, as their dashed and `desc` forms do; `order_by=name` is ascending. The specification has the personas list ascending without a dash or a trailing desc.",
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const read = order(raw, list);
        return list.id === 'personas' && raw !== null && read.spec.kind === 'timestamp' && !/\sasc$/i.test(raw)
          ? { ...read, descending: true }
          : read;
      };
    },
    probe: async (call) => {
      const page = await call('GET', '/v1/personas?order_by=create_time&page_size=5');
      const times = (page.body.personas as JsonObject[]).map((p) => Date.parse(String(p.create_time)));
      return { ascending: times.every((t, i) => i === 0 || (times[i - 1] ?? t) <= t) };
    },
    shows: { ascending: false },
  }),

  fault({
    id: 'ind23-run-delete-statement-kept',
    requirements: ['RUN-DELETE'],
    slips: ['state'],
    description:
      "DELETE /v1/runs/{run_id} prepares its lookup once and keeps it (`statement ??= db.prepare(`... WHERE run_id = '${runId}'`)`), the run_id of the first request interpolated where a placeholder was meant: every later DELETE acts on that first run again, so after one run was deleted, DELETE of another run in progress is answered NOT_FOUND and the run is neither cancelled nor deleted.",
    behaviour: (b) => {
      let first: string | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key !== 'DELETE /v1/runs/{run_id}') return named(endpoint, params, store);
        first ??= params.run_id;
        return named(endpoint, { ...params, run_id: first ?? '' }, store);
      };
    },
    probe: async (call) => {
      await call('DELETE', `/v1/runs/${FIXTURES.deletableRunId}`);
      const answer = await call('DELETE', `/v1/runs/${FIXTURES.cancellableRunId}`);
      const all = await call('GET', '/v1/runs?page_size=1000');
      const run = (all.body.runs as JsonObject[]).find((r) => r.run_id === FIXTURES.cancellableRunId);
      return { status: answer.status, listed: run?.status ?? null };
    },
    shows: { status: 404, listed: 'RUNNING' },
  }),

  fault({
    id: 'ind23-spec-security-type-lowercase',
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-SECURITY-SCHEME'],
    slips: ['broken'],
    description:
      "The published security scheme is written from the service's settings, where its type is spelt `apikey`: OpenAPI's types are case-sensitive (`apiKey`, `http`, `mutualTLS`, `oauth2`, `openIdConnect`), so the document is no valid OpenAPI and a client generated from it knows no way to send X-API-Key.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const components = doc.components as JsonObject;
        const schemes = components.securitySchemes as Record<string, JsonObject> | undefined;
        if (!schemes) return doc;
        const lowered = Object.fromEntries(
          Object.entries(schemes).map(([name, scheme]) => [
            name,
            scheme.type === 'apiKey' ? { ...scheme, type: 'apikey' } : scheme,
          ]),
        );
        return { ...doc, components: { ...components, securitySchemes: lowered } };
      }),
    probe: async (call) => {
      const doc = await publishedJson(call);
      const schemes = (doc.components as JsonObject).securitySchemes as Record<string, JsonObject>;
      return Object.values(schemes).map((scheme) => scheme.type);
    },
    shows: ['apikey'],
  }),

  fault({
    id: 'ind23-spec-license-identifier-and-url',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published documents give info a license with both an SPDX identifier and a URL (`{name: "MIT", identifier: "MIT", url: "https://opensource.org/licenses/MIT"}`, the two ways the generator\'s settings offer, both filled), which OpenAPI 3.1 makes mutually exclusive: the document is no valid OpenAPI 3.1.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => ({
        ...doc,
        info: {
          ...(doc.info as JsonObject),
          license: { name: 'MIT', identifier: 'MIT', url: 'https://opensource.org/licenses/MIT' },
        },
      })),
    probe: async (call) => {
      const doc = await publishedJson(call);
      return ((doc.info as JsonObject).license as unknown) ?? null;
    },
    shows: { name: 'MIT', identifier: 'MIT', url: 'https://opensource.org/licenses/MIT' },
  }),

  fault({
    id: 'ind23-spec-filter-parameter-schema-and-content',
    requirements: ['SPEC-VALID-OPENAPI'],
    slips: ['broken'],
    description:
      'The published list operations describe their filter parameter twice over: the `schema` every query parameter gets, and a `content` of `text/plain` the generator adds for parameters it takes for structured (an expression), where OpenAPI lets a parameter have one or the other: the documents are not valid OpenAPI.',
    behaviour: (b) =>
      finalizeWith(b, (doc) => ({
        ...doc,
        paths: mapOperations(doc, (op) =>
          Array.isArray(op.parameters)
            ? {
                ...op,
                parameters: (op.parameters as JsonObject[]).map((p) =>
                  p.name === 'filter' && p.in === 'query'
                    ? { ...p, content: { 'text/plain': { schema: { type: 'string' } } } }
                    : p,
                ),
              }
            : op,
        ),
      })),
    probe: async (call) => {
      const doc = await publishedJson(call);
      const parameter = (paths(doc)['/v1/runs']?.get?.parameters as JsonObject[]).find((p) => p.name === 'filter');
      return { schema: parameter?.schema !== undefined, content: parameter?.content !== undefined };
    },
    shows: { schema: true, content: true },
  }),

  fault({
    id: 'ind23-spec-run-delete-body-required',
    requirements: ['SPEC-COVERS-ENDPOINTS'],
    slips: ['broken'],
    description:
      "The published DELETE /v1/runs/{run_id} carries a required JSON request body (`{reason}`, the cancellation request of the service's internal API the generator read the route from), while the endpoint takes its path run_id alone and the service reads no body: a client generated from the document cannot delete a run without inventing one.",
    behaviour: (b) =>
      finalizeWith(b, (doc) => {
        const item = paths(doc)['/v1/runs/{run_id}'];
        if (!item?.delete) return doc;
        const requestBody = {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['reason'],
                properties: { reason: { type: 'string' } },
              },
            },
          },
        };
        return {
          ...doc,
          paths: { ...paths(doc), '/v1/runs/{run_id}': { ...item, delete: { ...item.delete, requestBody } } },
        };
      }),
    probe: async (call) => {
      const doc = await publishedJson(call);
      const body = paths(doc)['/v1/runs/{run_id}']?.delete?.requestBody as JsonObject | undefined;
      return body?.required ?? null;
    },
    shows: true,
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_23_FAULTS: readonly Fault<(typeof FAULTS_23)[number]['id']>[] = FAULTS_23;

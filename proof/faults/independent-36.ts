// Independent faults, round 36: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4). Area: runs, scheduled runs, metrics and simulations,
// personas and phone numbers, authentication, the published documents, and the list grammar.
//
// Review (coordinator): 18 written, 1 dropped: `ind36-scheduled-run-delete-removes-template-run` (the run a scheduled
// run was made from deleted with it: the template may be the schedule's own, and the writers' not-faults list keeps
// cascades between scheduled runs and their runs a careful implementer's choice).
// Against the suite at c4add5e, as written: 12 of 17 detected, 5 missed; at d3f6d4d (every class of the session), the same.

import { setTimeout as delay } from 'node:timers/promises';
import { parseDocument } from 'yaml';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { ScheduledRunRecord } from '../../lib/reference/store/records.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Answer } from '../probes/call.js';
import { fault, type Fault, lastRequest, respondWith } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {
  'ind36-personas-list-internal-on-concurrent-delete':
    'A list read at the same moment as the deletion of one of its items is never a 5xx: the personas list beside the persona DELETE, the runs list beside the run DELETE and the cancel (inside the shared deletion steps).',
  'ind36-phone-numbers-internal-after-persona-delete':
    'After each deletion, every read endpoint is read again and never answers a 5xx: the after-change family over every GET (the phone numbers after the persona deletion).',
  'ind36-runs-token-pages-keep-status-before-cancel':
    "After a change, every page shows it: the walk with page tokens after the cancel and the deletion reads the changed run's new state on whichever page it lands, within the time a write is given to show.",
  'ind36-spec-listed-urls-pin-yaml':
    'Each listed URL negotiates as its endpoint does: fetched with Accept: application/json, it answers JSON.',
};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** How long a key lookup of the faulty service takes (ind36-auth-lookup-joined-by-route). */
const LOOKUP_MS = 40;

/** How long the faulty personas list takes between reading a page's ids and loading their rows. */
const ROW_LOAD_MS = 60;

const runsOf = (body: unknown): JsonObject[] =>
  ((body as JsonObject | undefined)?.runs as JsonObject[] | undefined) ?? [];

const FAULTS_36 = [
  fault({
    id: 'ind36-auth-lookup-joined-by-route',
    requirements: ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      "Key lookups are coalesced (a single-flight cache) under the route instead of the key: a request that arrives while an accepted key's lookup for the same endpoint is still under way (it lasts until that request's handler runs, 40 ms) takes that lookup's verdict, so a request without a key, or with a wrong one, sent at the same moment as a keyed request to the same endpoint is served. One request at a time is refused as it should be.",
    behaviour: (b) => {
      const underWay = new Map<string, Promise<void>>();
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, presented) => {
        if (underWay.has(endpoint.key)) return true;
        const accepted = accepts(endpoint, presented);
        if (accepted) {
          underWay.set(
            endpoint.key,
            delay(LOOKUP_MS).then(() => {
              underWay.delete(endpoint.key);
            }),
          );
        }
        return accepted;
      };
      const before = b.beforeHandler;
      b.beforeHandler = (endpoint) => {
        const lookup = underWay.get(endpoint.key);
        const own = before(endpoint);
        if (!lookup) return own;
        return own ? Promise.all([lookup, own]).then(() => undefined) : lookup;
      };
    },
    probe: async (call) => {
      // A first request opens the client's connection, so the two below reach the service in the order sent; the pair is sent
      // up to 8 times, as a busy machine may hold the second back past the first's lookup.
      await call('GET', '/v1/personas/phone-numbers');
      let together = 0;
      for (let attempt = 0; attempt < 8 && together !== 200; attempt += 1) {
        const keyed = call('GET', '/v1/runs?page_size=1');
        await delay(5);
        together = (await call('GET', '/v1/runs?page_size=1', { key: null })).status;
        await keyed;
      }
      const alone = await call('GET', '/v1/runs?page_size=1', { key: null });
      return { together, alone: alone.status };
    },
    shows: { together: 200, alone: 401 },
  }),

  fault({
    id: 'ind36-auth-yaml-accept-skips-key',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description:
      'The key middleware exempts the requests that ask for YAML, meant as those of the published documents (the only YAML answers): a request without a key carrying `Accept: application/yaml` is served on every endpoint (as JSON), GET /v1/runs and DELETE /v1/personas/{persona_id} included.',
    behaviour: (b) => {
      const last = lastRequest(b);
      const required = b.auth.required;
      b.auth.required = (endpoint) =>
        required(endpoint) && !/application\/yaml/i.test(String(last()?.headers.accept ?? ''));
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/runs?page_size=1', { key: null, headers: { Accept: 'application/yaml' } });
      return { status: answer.status, runs: runsOf(answer.body).length };
    },
    shows: { status: 200, runs: 1 },
  }),

  fault({
    id: 'ind36-personas-list-internal-on-concurrent-delete',
    requirements: ['PERSONA-DELETE', 'LIST-PAGINATION-COMPLETE'],
    slips: ['state'],
    description:
      "GET /v1/personas reads a page's ids, then loads each persona's row (60 ms later): a persona deleted between the two has no row, which the list does not expect, and the list answers INTERNAL (500). A list and a persona DELETE sent at the same moment; one at a time, both succeed.",
    behaviour: (b) => {
      let deletions = 0;
      let startedAt: number | undefined;
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => {
        if (kind === 'persona') deletions += 1;
        return answer(kind, deleted);
      };
      const before = b.beforeHandler;
      b.beforeHandler = (endpoint) => {
        if (endpoint.key !== 'GET /v1/personas') return before(endpoint);
        const ids = deletions;
        return delay(ROW_LOAD_MS).then(async () => {
          await before(endpoint);
          startedAt = ids;
        });
      };
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const at = startedAt;
        startedAt = undefined;
        // A row looked up by an id read before the deletion: no row, and the loop reads its fields.
        if (list.id === 'personas' && at !== undefined && deletions > at)
          throw new TypeError("Cannot read properties of undefined (reading 'name')");
        return filter(raw, list);
      };
    },
    probe: async (call) => {
      await call('GET', '/v1/personas/phone-numbers');
      // Lists sent a few milliseconds apart before the DELETE, so that one is between its two reads on a busy machine too.
      const listings: Promise<Answer>[] = [];
      for (let i = 0; i < 4; i += 1) {
        listings.push(call('GET', '/v1/personas?page_size=100'));
        await delay(5);
      }
      const deleted = await call('DELETE', `/v1/personas/${FIXTURES.deletablePersonaId}`);
      const listed = await Promise.all(listings);
      const failed = listed.find((answer) => answer.status !== 200);
      const after = await call('GET', '/v1/personas?page_size=100');
      return {
        deleted: deleted.status,
        listed: failed?.status ?? 200,
        code: (failed?.body as { error?: { code?: string } } | undefined)?.error?.code ?? null,
        after: after.status,
      };
    },
    shows: { deleted: 200, listed: 500, code: 'INTERNAL', after: 200 },
  }),

  fault({
    id: 'ind36-phone-numbers-internal-after-persona-delete',
    requirements: ['PERSONA-PHONE-NUMBERS'],
    slips: ['state'],
    description:
      'GET /v1/personas/phone-numbers builds the mapping through the personas table, joined without the soft-delete condition: once any persona is deleted, the join meets a deleted row it cannot read and the endpoint answers INTERNAL (500) from then on; before any deletion it answers the mapping.',
    behaviour: (b) => {
      let personaDeleted = false;
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => {
        if (kind === 'persona') personaDeleted = true;
        return answer(kind, deleted);
      };
      respondWith(b, 'GET /v1/personas/phone-numbers', (body) => {
        if (personaDeleted) throw new TypeError("Cannot read properties of null (reading 'phone_number')");
        return body;
      });
    },
    probe: async (call) => {
      const before = await call('GET', '/v1/personas/phone-numbers');
      const deleted = await call('DELETE', `/v1/personas/${FIXTURES.deletablePersonaId}`);
      const after = await call('GET', '/v1/personas/phone-numbers');
      return { before: before.status, deleted: deleted.status, after: after.status };
    },
    shows: { before: 200, deleted: 200, after: 500 },
  }),

  fault({
    id: 'ind36-runs-list-hides-pending-unless-filtered',
    requirements: ['LIST-PAGINATION-COMPLETE', 'LIST-FILTER-FIELDS'],
    slips: ['state'],
    description:
      "GET /v1/runs without a filter lists only runs that have started (the query behind it is the dashboard's, with `status != PENDING` built in): PENDING runs are missing from every walk of the list, though `filter=status = PENDING` lists them.",
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) =>
        list.id === 'runs' && (raw ?? '').trim() === '' ? filter('status != PENDING', list) : filter(raw, list);
    },
    probe: async (call) => {
      const all = await call('GET', '/v1/runs?page_size=1000');
      const pending = await call('GET', `/v1/runs?page_size=1000&filter=${encodeURIComponent('status = PENDING')}`);
      return {
        listed: runsOf(all.body).filter((run) => run.status === 'PENDING').length,
        filtered: runsOf(pending.body).length > 0,
      };
    },
    shows: { listed: 0, filtered: true },
  }),
  fault({
    id: 'ind36-runs-token-pages-keep-status-before-cancel',
    requirements: ['RUN-DELETE'],
    slips: ['state'],
    description:
      "The runs list's pages after a page_token are read from a row cache (by run_id) that every runs list fills and no DELETE clears, while the first page reads the store: once a run has been listed and then cancelled by DELETE /v1/runs/{run_id}, a walk shows it CANCELLED on a first page and with its old status (RUNNING) on any page reached through a token.",
    behaviour: (b) => {
      const last = lastRequest(b);
      const rows = new Map<string, JsonObject>();
      respondWith(b, 'GET /v1/runs', (body) => {
        const continued = new URL(String(last()?.url), 'http://reference.invalid').searchParams.has('page_token');
        const runs = runsOf(body).map((run) => {
          const id = String(run.run_id);
          const cached = rows.get(id);
          if (!cached) rows.set(id, run);
          return continued && cached ? cached : run;
        });
        return { ...body, runs };
      });
    },
    probe: async (call) => {
      const id = FIXTURES.cancellableRunId;
      await call('GET', '/v1/runs?page_size=1000');
      await call('DELETE', `/v1/runs/${id}`);
      const statusIn = (runs: JsonObject[]) => runs.find((run) => run.run_id === id)?.status;
      const whole = statusIn(runsOf((await call('GET', '/v1/runs?page_size=1000')).body));
      let token = '';
      let walked: unknown;
      do {
        const page = await call(
          'GET',
          `/v1/runs?page_size=7${token ? `&page_token=${encodeURIComponent(token)}` : ''}`,
        );
        walked ??= statusIn(runsOf(page.body)) && { status: statusIn(runsOf(page.body)), afterToken: token !== '' };
        token = String((page.body as JsonObject).next_page_token ?? '');
      } while (token !== '' && walked === undefined);
      return { whole, walked };
    },
    shows: { whole: 'CANCELLED', walked: { status: 'RUNNING', afterToken: true } },
  }),

  fault({
    id: 'ind36-run-cancel-time-from-date-header',
    requirements: ['SERVER-SET-TIMES', 'TIMESTAMP-ORDER'],
    slips: ['scope'],
    description:
      "A run cancelled by DELETE /v1/runs/{run_id} takes as its update_time the request's time read from its `Date` header when it has one (meant as the gateway's stamp), the service's clock otherwise: a client whose request carries an old Date leaves the run updated before it was created.",
    behaviour: (b) => {
      const last = lastRequest(b);
      const store = b.storeCancelledRun;
      b.storeCancelledRun = (cancelled, s) => {
        const stamped = Date.parse(String(last()?.headers.date ?? ''));
        return store(Number.isNaN(stamped) ? cancelled : { ...cancelled, update_time: stamped }, s);
      };
    },
    probe: async (call) => {
      const id = FIXTURES.cancellableRunId;
      const deleted = await call('DELETE', `/v1/runs/${id}`, { headers: { Date: 'Mon, 01 Jan 2001 00:00:00 GMT' } });
      const run = runsOf((await call('GET', '/v1/runs?page_size=1000')).body).find((r) => r.run_id === id);
      return {
        deleted: deleted.status,
        update_time: run?.update_time,
        updatedBeforeCreated: String(run?.update_time) < String(run?.create_time),
      };
    },
    shows: { deleted: 200, update_time: '2001-01-01T00:00:00.000Z', updatedBeforeCreated: true },
  }),
  fault({
    id: 'ind36-filter-time-offset-minutes-dropped',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['unit'],
    description:
      'A timestamp in a filter is read with its UTC offset taken as whole hours (the offset parsed with parseInt): `+05:30` is read as `+05:00`, so `create_time >= 2026-01-06T15:30:00+05:30` compares with an instant half an hour late, and the runs (and personas, and metrics) created in that half hour are left out. Offsets of whole hours, and `Z`, are read right.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      b.lists.filter = (raw, list) =>
        filter(raw?.replace(/(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-]\d{2}):?\d{2}\b/g, '$1$2:00') ?? raw, list);
    },
    probe: async (call) => {
      const runs = runsOf((await call('GET', '/v1/runs?page_size=1000&order_by=create_time')).body);
      const at = Date.parse(String(runs[70]?.create_time));
      const india = `${new Date(at + 330 * 60_000).toISOString().slice(0, -1)}+05:30`;
      const count = async (time: string): Promise<number> =>
        runsOf(
          (await call('GET', `/v1/runs?page_size=1000&filter=${encodeURIComponent(`create_time >= ${time}`)}`)).body,
        ).length;
      return { zulu: await count(new Date(at).toISOString()), offset: await count(india) };
    },
    shows: { zulu: 70, offset: 69 },
  }),

  fault({
    id: 'ind36-spec-yaml-patterns-quoted-unescaped',
    requirements: ['SPEC-VALID-OPENAPI', 'SPEC-SAME-DOCUMENT', 'SPEC-YAML-DEFAULT'],
    slips: { 'SPEC-VALID-OPENAPI': ['scope'], 'SPEC-SAME-DOCUMENT': ['scope'], 'SPEC-YAML-DEFAULT': ['broken'] },
    description:
      'The YAML form writes every `pattern` in double quotes (its brackets and `$` are YAML indicators to the writer) without escaping its backslashes: `"^[\\s\\S]{22}$"` and `"^(rate|cron)\\(.*\\)$"` hold escapes YAML does not have, so the YAML document does not parse; the JSON form is right.',
    behaviour: (b) => {
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const out = written(text, form, name);
        return form === 'yaml' ? out.replace(/^(\s*pattern: )([^"'\n]*\\[^\n]*)$/gm, '$1"$2"') : out;
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const name = String((listing.body.specs as JsonObject[])[0]?.spec_name);
      const yaml = await call('GET', `/v1/openapi/${name}`, { key: null });
      const json = await call('GET', `/v1/openapi/${name}`, { key: null, headers: { Accept: 'application/json' } });
      const parsed = parseDocument(yaml.text);
      return {
        yamlErrors: parsed.errors.length > 0,
        jsonParsed: typeof json.body === 'object',
        quoted: /pattern: "\^\[\\s\\S\]/.test(yaml.text),
      };
    },
    shows: { yamlErrors: true, jsonParsed: true, quoted: true },
  }),
  fault({
    id: 'ind36-page-size-non-digits-stripped',
    requirements: ['LIST-PAGE-SIZE-RESPECTED', 'LIST-PAGE-SIZE-INVALID'],
    slips: { 'LIST-PAGE-SIZE-RESPECTED': ['unit'], 'LIST-PAGE-SIZE-INVALID': ['broken'] },
    description:
      'page_size is read by keeping its digits (`replace(/\\D/g, "")`, meant to drop stray blanks) before it is bounded: `5.0` is read as 50 and `1.5` as 15, both served; a page_size without a digit is refused as before.',
    behaviour: (b) => {
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, token, orderBy) =>
        pageSize(raw !== null && /\d/.test(raw) ? raw.replace(/\D/g, '') : raw, list, token, orderBy);
    },
    probe: async (call) => {
      const answer = await call('GET', '/v1/runs?page_size=5.0');
      return { status: answer.status, runs: runsOf(answer.body).length };
    },
    shows: { status: 200, runs: 50 },
  }),

  fault({
    id: 'ind36-personas-deleted-listed-as-null',
    requirements: ['PERSONA-DELETE'],
    slips: ['state'],
    description:
      'The personas list maps the ids of its page to their personas, and a deleted persona maps to nothing: after DELETE /v1/personas/{persona_id}, the page where the persona was holds `null` in its place (the persona itself no longer shows, and GET answers NOT_FOUND).',
    behaviour: (b) => {
      const deleted = new Set<string>();
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, view) => {
        if (kind === 'persona') deleted.add(String(view.id));
        return answer(kind, view);
      };
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => endpoint.key !== 'GET /v1/personas' && hides(endpoint);
      respondWith(b, 'GET /v1/personas', (body) => ({
        ...body,
        personas: (body.personas as JsonObject[]).map((p) => (deleted.has(String(p.id)) ? null : p)),
      }));
    },
    probe: async (call) => {
      const id = FIXTURES.deletablePersonaId;
      await call('DELETE', `/v1/personas/${id}`);
      const got = await call('GET', `/v1/personas/${id}`);
      const listed = (await call('GET', '/v1/personas?page_size=100&order_by=-create_time')).body as JsonObject;
      const personas = listed.personas as (JsonObject | null)[];
      return {
        got: got.status,
        nulls: personas.filter((p) => p === null).length,
        listed: personas.some((p) => p?.id === id),
      };
    },
    shows: { got: 404, nulls: 1, listed: false },
  }),
  fault({
    id: 'ind36-spec-yaml-empty-lists-left-out',
    requirements: ['AUTH-SPEC-PUBLIC', 'SPEC-SAME-DOCUMENT'],
    slips: ['scope'],
    description:
      "The YAML writer leaves out every empty list, as a serializer set to skip empty values does: the public operations' `security: []` goes with them, so in the YAML form the two /v1/openapi operations inherit the document's API-key requirement (the JSON form keeps `security: []`).",
    behaviour: (b) => {
      const written = b.publishing.written;
      b.publishing.written = (text, form, name) => {
        const out = written(text, form, name);
        return form === 'yaml' ? out.replace(/^[ \t]*[\w$-]+: \[\][ \t]*\n/gm, '') : out;
      };
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const name = String((listing.body.specs as JsonObject[])[0]?.spec_name);
      const yaml = parseDocument((await call('GET', `/v1/openapi/${name}`, { key: null })).text).toJS() as JsonObject;
      const json = (await call('GET', `/v1/openapi/${name}`, { key: null, headers: { Accept: 'application/json' } }))
        .body as JsonObject;
      const security = (doc: JsonObject) =>
        ((doc.paths as Record<string, Record<string, JsonObject>>)['/v1/openapi']?.get?.security ?? null) as unknown;
      return { yaml: security(yaml), json: security(json) };
    },
    shows: { yaml: null, json: [] },
  }),

  fault({
    id: 'ind36-filter-or-token-refused-unless-sorted',
    requirements: ['LIST-PAGINATION-COMPLETE', 'LIST-FILTER-AND-OR'],
    slips: ['first-page'],
    description:
      "A page token records the query's filter in canonical form, the terms of an OR sorted, and the token is checked against the filter as sent: a filtered walk whose OR terms are not in sorted order (`status = RUNNING OR status = FAILED`) is refused with INVALID_ARGUMENT at its second page; the same filter written in sorted order, and every filter without OR, walk as they should.",
    behaviour: (b) => {
      const last = lastRequest(b);
      const tokens = b.lists.tokens;
      b.lists.tokens = (list) => {
        const codec = tokens(list);
        return {
          ...codec,
          decode: (raw) => {
            const cursor = codec.decode(raw);
            const filter = new URL(String(last()?.url), 'http://reference.invalid').searchParams.get('filter') ?? '';
            const terms = filter.split(/\s+OR\s+/).map((term) => term.trim());
            const sorted = [...terms].sort();
            return cursor && terms.some((term, i) => term !== sorted[i])
              ? { ...cursor, fingerprint: `${cursor.fingerprint}~` }
              : cursor;
          },
        };
      };
    },
    probe: async (call) => {
      const walk = async (filter: string): Promise<number[]> => {
        const first = await call('GET', `/v1/runs?page_size=5&filter=${encodeURIComponent(filter)}`);
        const token = String((first.body as JsonObject).next_page_token ?? '');
        const second = await call(
          'GET',
          `/v1/runs?page_size=5&filter=${encodeURIComponent(filter)}&page_token=${encodeURIComponent(token)}`,
        );
        return [first.status, second.status];
      };
      return {
        unsorted: await walk('status = RUNNING OR status = FAILED'),
        sorted: await walk('status = FAILED OR status = RUNNING'),
      };
    },
    shows: { unsorted: [200, 400], sorted: [200, 200] },
  }),
  fault({
    id: 'ind36-metric-get-from-last-filtered-list',
    requirements: ['METRIC-GET'],
    slips: ['state'],
    description:
      "GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} looks the output up in the simulation's outputs as the last metrics list of that simulation loaded them, its filter applied: after `filter=status = COMPLETED` was listed, an output IN PROGRESS of that simulation answers NOT_FOUND, though it exists and an unfiltered list shows it.",
    behaviour: (b) => {
      const last = lastRequest(b);
      const loaded = new Map<string, Set<string>>();
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics', (body) => {
        const simulation = new URL(String(last()?.url), 'http://reference.invalid').pathname.split('/')[3] ?? '';
        loaded.set(simulation, new Set((body.metrics as JsonObject[]).map((m) => String(m.metric_output_id))));
        return body;
      });
      const reached = b.metricOutputReached;
      b.metricOutputReached = (simulationId, metricOutputId, simulations) => {
        const outputs = loaded.get(simulationId);
        return outputs && !outputs.has(metricOutputId) ? undefined : reached(simulationId, metricOutputId, simulations);
      };
    },
    probe: async (call) => {
      const runs = runsOf((await call('GET', '/v1/runs?page_size=1000')).body);
      const simulations = [...new Set(runs.flatMap((r) => (r.results as JsonObject).output_ids as string[]))];
      for (const simulation of simulations) {
        const all = (await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000`)).body as JsonObject;
        const busy = (all.metrics as JsonObject[]).find((m) => m.status === 'IN PROGRESS');
        if (!busy) continue;
        const path = `/v1/simulations/${simulation}/metrics`;
        const before = await call('GET', `${path}/${String(busy.metric_output_id)}`);
        await call('GET', `${path}?page_size=1000&filter=${encodeURIComponent('status = COMPLETED')}`);
        const after = await call('GET', `${path}/${String(busy.metric_output_id)}`);
        return { before: before.status, after: after.status };
      }
      return 'no output in progress';
    },
    shows: { before: 200, after: 404 },
  }),

  fault({
    id: 'ind36-scheduled-run-deleted-read-as-null',
    requirements: ['SCHEDULED-RUN-DELETE', 'MISSING-RESOURCE-NOT-FOUND'],
    slips: ['state'],
    description:
      'DELETE /v1/scheduled-runs/{id} leaves a tombstone (null) under the id, and GET checks only that the id is a key: a deleted scheduled run is answered 200 with `{"scheduled_run": null}`; an id never stored is answered NOT_FOUND as before.',
    behaviour: (b) => {
      const tombstones = new Map<string, ScheduledRunRecord>();
      const deletedWith = b.scheduledRunsDeletedWith;
      b.scheduledRunsDeletedWith = (target, all) => {
        const removed = deletedWith(target, all);
        for (const run of removed) tombstones.set(run.id, run);
        return removed;
      };
      const served = b.scheduledRunServed;
      b.scheduledRunServed = (id, stored) => served(id, stored) ?? tombstones.get(id);
      respondWith(b, 'GET /v1/scheduled-runs/{scheduled_run_id}', (body) => {
        const run = body.scheduled_run as JsonObject;
        return tombstones.has(String(run.id)) ? { ...body, scheduled_run: null } : body;
      });
    },
    probe: async (call) => {
      const id = FIXTURES.deletableScheduledRunId;
      const deleted = await call('DELETE', `/v1/scheduled-runs/${id}`);
      const got = await call('GET', `/v1/scheduled-runs/${id}`);
      return { deleted: deleted.status, got: got.status, body: got.body as unknown };
    },
    shows: { deleted: 200, got: 200, body: { scheduled_run: null } },
  }),
  fault({
    id: 'ind36-spec-listed-urls-pin-yaml',
    requirements: ['SPEC-JSON-ON-REQUEST'],
    slips: ['scope'],
    description:
      'The listing names each document with a `?format=yaml` link (the form a browser should get), and the document endpoint lets a `format` query parameter decide over Accept: a client that fetches a listed URL with `Accept: application/json` is answered YAML. The bare document path still honours Accept.',
    behaviour: (b) => {
      const last = lastRequest(b);
      respondWith(b, 'GET /v1/openapi', (body) => ({
        ...body,
        specs: (body.specs as JsonObject[]).map((spec) => ({ ...spec, url: `${String(spec.url)}?format=yaml` })),
      }));
      const negotiate = b.publishing.negotiate;
      b.publishing.negotiate = (accept) =>
        new URL(String(last()?.url), 'http://reference.invalid').searchParams.get('format') === 'yaml'
          ? 'yaml'
          : negotiate(accept);
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const url = new URL(String((listing.body.specs as JsonObject[])[0]?.url));
      const listed = await call('GET', url.pathname + url.search, {
        key: null,
        headers: { Accept: 'application/json' },
      });
      const bare = await call('GET', url.pathname, { key: null, headers: { Accept: 'application/json' } });
      return { listed: listed.contentType, bare: bare.contentType };
    },
    shows: { listed: 'application/yaml', bare: 'application/json' },
  }),

  fault({
    id: 'ind36-runs-error-carried-to-next-rows',
    requirements: ['RUN-FIELDS', 'LIST-PAGINATION-COMPLETE'],
    slips: ['state'],
    description:
      "The runs list fills `error` from a variable declared outside its loop over the page's rows and set only when a row has an error: every run after a FAILED run on the same page (COMPLETED, RUNNING, CANCELLED) shows that failed run's error text; a page's first rows before any failure, and FAILED runs, are right.",
    behaviour: (b) =>
      respondWith(b, 'GET /v1/runs', (body) => {
        let error: unknown = null;
        return {
          ...body,
          runs: runsOf(body).map((run) => {
            if (run.error !== null && run.error !== undefined) error = run.error;
            return { ...run, error };
          }),
        };
      }),
    probe: async (call) => {
      const runs = runsOf((await call('GET', '/v1/runs?page_size=1000')).body);
      const completed = runs.filter((run) => run.status === 'COMPLETED');
      return {
        completedWithError: completed.some((run) => typeof run.error === 'string' && run.error !== ''),
        error: completed.map((run) => run.error).find((e) => typeof e === 'string' && e !== '') ?? null,
      };
    },
    shows: { completedWithError: true, error: 'The agent endpoint did not answer within 30 seconds' },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_36_FAULTS: readonly Fault<(typeof FAULTS_36)[number]['id']>[] = FAULTS_36;

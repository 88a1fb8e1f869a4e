// Dashboard faults.

import type { Behaviour } from '../../lib/reference/behaviour.js';
import { ApiError } from '../../lib/reference/http/errors.js';
import type { DashboardRecord } from '../../lib/reference/store/records.js';
import { fault, presentWith, upsertDashboards, type Fault } from './define.js';
import { bytesOfText, limitFaults, rowsMeasuredAs } from './limits.js';
import { renamed, rename, status } from '../probes/dashboards.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';

/** Answers each PATCH with the display_name the previous response carried (a stale read). */
function answerWithPreviousName(b: Behaviour): void {
  const previous = new Map<string, unknown>();
  presentWith(b, 'dashboard', (view, record) => {
    const { id } = record as DashboardRecord;
    const before = previous.get(id);
    previous.set(id, view.display_name);
    return before === undefined ? view : { ...view, display_name: before };
  });
}

export const DASHBOARDS_FAULTS = [
  fault({
    id: 'dashboard-unnamed-patch-internal',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['scope'],
    description:
      "A PATCH /v1/dashboards/{dashboard_id} without display_name reads the name to keep through the body's display_name (`body['display_name'].strip()`) and fails with 500 INTERNAL; a PATCH with display_name renames as before. The suite reads the dashboard by that PATCH and may take a refusal as \"cannot be read\": only a 4xx is one.",
    behaviour: (b) => {
      b.dashboardUnnamedBase = () => {
        throw new TypeError("'NoneType' object has no attribute 'strip'");
      };
    },
    probe: async (call) => {
      const unnamed = await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { body: {} });
      return { status: unnamed.status, code: unnamed.body?.error?.code };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'dashboard-patch-stale',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description: 'PATCH answers with the display_name the dashboard had before it (read before the write).',
    behaviour: answerWithPreviousName,
    probe: async (call) => {
      await renamed(call, 'first');
      return (await renamed(call, 'second')).display_name;
    },
    shows: 'first',
  }),
  ...limitFaults('dashboard.display_name', {
    subject: 'Dashboard display_name',
    requirements: ['DASHBOARD-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    send: (call, value) => rename(call, value),
    sized: (size: number) => 'n'.repeat(size),
    faults: [
      { id: 'dashboard-display-name-max-254', bounds: { max: 254 } },
      { id: 'dashboard-display-name-max-256', bounds: { max: 256 } },
      {
        id: 'dashboard-display-name-empty-accepted',
        bounds: { min: 0 },
        description: 'An empty dashboard display_name is accepted.',
      },
    ],
  }),
  fault({
    id: 'dashboard-name-singular',
    requirements: ['DASHBOARD-PATCH', 'NAME-MATCHES-ID'],
    slips: ['broken'],
    description: 'Dashboards are named `dashboard/<id>` (singular collection).',
    behaviour: (b) => {
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        name: String(view.name).replace(/^dashboards\//, 'dashboard/'),
      }));
    },
    probe: async (call) => String((await renamed(call)).name).split('/')[0],
    shows: 'dashboard',
  }),
  fault({
    id: 'dashboard-times-swapped',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description: 'Dashboards report create_time and update_time swapped.',
    behaviour: (b) => {
      presentWith(b, 'dashboard', (view) => ({
        ...view,
        create_time: view.update_time,
        update_time: view.create_time,
      }));
    },
    probe: async (call) => {
      const dashboard = await renamed(call);
      return Date.parse(dashboard.update_time) >= Date.parse(dashboard.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'dashboard-path-id-unchecked',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description: 'dashboard_id is not checked: a malformed id answers NOT_FOUND.',
    behaviour: (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'dashboard_id' && checked(endpoint, param);
    },
    probe: async (call) => (await rename(call, 'Probe', 'd'.repeat(21))).body.error.code,
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'dashboard-display-name-bytes',
    requirements: ['DASHBOARD-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    slips: ['unit'],
    description:
      'Dashboard display_name is limited to 255 UTF-8 bytes (a VARCHAR(255) byte column) instead of 255 characters.',
    behaviour: rowsMeasuredAs(['dashboard.display_name'], bytesOfText),
    probe: (call) => status(call, 'é'.repeat(255)),
    shows: 400,
  }),
  fault({
    id: 'dashboard-patch-upserts',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['broken'],
    description:
      "A dashboard PATCH is written as an upsert: a well-formed dashboard_id that names no dashboard creates one with the body's display_name and answers it, instead of NOT_FOUND. The specification leaves that open (a PATCH that creates is no violation); NOT_FOUND is the convention the strict profile checks.",
    behaviour: upsertDashboards,
    probe: async (call) =>
      (await call('PATCH', '/v1/dashboards/NoSuchDashboard000000x', { body: { display_name: 'Upserted' } })).status,
    shows: 200,
  }),
  // sequences: found by the exploration (explore.dashboards)
  fault({
    id: 'dashboard-partial-update-stale',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      'A PATCH without display_name updates the dashboard as it was before the last write (a copy read before that write, then cached): after two renames it answers, and keeps, the first name.',
    behaviour: (b) => {
      const beforeLastWrite = new Map<string, DashboardRecord>();
      const kept = b.kept;
      b.kept = (kind, updated, previous) => {
        if (kind === 'dashboard') beforeLastWrite.set((previous as DashboardRecord).id, previous as DashboardRecord);
        return kept(kind, updated, previous);
      };
      b.dashboardUnnamedBase = (stored) => beforeLastWrite.get(stored.id) ?? stored;
    },
    probe: async (call) => {
      await renamed(call, 'first');
      await renamed(call, 'second');
      return (await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { body: {} })).body.dashboard
        .display_name;
    },
    shows: 'first',
  }),
  fault({
    id: 'dashboard-rename-punctuation-blind',
    requirements: ['READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      'A dashboard rename is stored only when the name changed as compared with its punctuation left out (a slug of the name): a rename from `Board-1` to `Board_1` is answered with the name sent, but the dashboard keeps `Board-1`.',
    behaviour: (b) => {
      const kept = b.kept;
      const bare = (name: unknown) => String(name).replace(/\p{P}/gu, '');
      b.kept = (kind, updated, previous) => {
        const [now, before] = [updated, previous].map((record) => (record as DashboardRecord).display_name);
        return kind === 'dashboard' && now !== before && bare(now) === bare(before)
          ? previous
          : kept(kind, updated, previous);
      };
    },
    probe: async (call) => {
      await renamed(call, 'Board-1');
      const answered = (await renamed(call, 'Board_1')).display_name;
      const read = (await call('PATCH', `/v1/dashboards/${FIXTURE_IDS.dashboardId}`, { body: {} })).body.dashboard;
      return [answered, read.display_name];
    },
    shows: ['Board_1', 'Board-1'],
  }),
  fault({
    id: 'dashboard-if-match-tag-in-microseconds',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['unit'],
    description:
      'Dashboard answers carry a strong ETag made of the update_time in milliseconds (`"1767225600123"`), and a PATCH honours If-Match by comparing the tag given with one made of the stored update_time in microseconds (`"1767225600123000"`): a client renaming the dashboard on the condition of the ETag it was just given, the dashboard unchanged since, is refused with 412 FAILED_PRECONDITION (RFC 9110 13.1.1: If-Match holds when the tag is the current one).',
    behaviour: (b) => {
      let ifMatch: string | undefined;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const given = req.headers['if-match'];
        ifMatch = typeof given === 'string' ? given : undefined;
        return presented(req);
      };
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const stored = store.dashboards.get(params.dashboard_id ?? '');
        if (
          endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}' &&
          ifMatch &&
          stored &&
          ifMatch !== `"${stored.update_time * 1000}"`
        )
          throw new ApiError('FAILED_PRECONDITION', 'the dashboard was modified since the tag given');
        return named(endpoint, params, store);
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'FAILED_PRECONDITION' ? 412 : status(code, endpoint));
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        const text = bytes.toString('utf8');
        if (!text.startsWith('{"dashboard":')) return coded;
        const updated = (JSON.parse(text) as { dashboard: { update_time: string } }).dashboard.update_time;
        return { ...coded, headers: { ...coded.headers, ETag: `"${Date.parse(updated)}"` } };
      };
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURE_IDS.dashboardId}`;
      const renamed = await call('PATCH', path, { body: { display_name: 'Quality board' } });
      const tag = typeof renamed.headers.etag === 'string' ? renamed.headers.etag : '"none"';
      const again = await call('PATCH', path, {
        body: { display_name: 'Quality board (final)' },
        headers: { 'If-Match': tag },
      });
      return again.status;
    },
    shows: 412,
  }),
  fault({
    id: 'dashboard-if-match-list-compared-whole',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'Dashboard answers carry a strong ETag (the update_time in milliseconds, quoted), and a PATCH honours If-Match by comparing the whole field with the current tag as one text: `*` and the current tag alone are applied, but a list of tags holding the current one (`"an-old-tag", "<current>"`), which holds when any listed tag matches (RFC 9110 13.1.1), is refused with 412 FAILED_PRECONDITION though the dashboard is unchanged.',
    behaviour: (b) => {
      let ifMatch: string | undefined;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const given = req.headers['if-match'];
        ifMatch = typeof given === 'string' ? given.trim() : undefined;
        return presented(req);
      };
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const stored = store.dashboards.get(params.dashboard_id ?? '');
        if (
          endpoint.key === 'PATCH /v1/dashboards/{dashboard_id}' &&
          ifMatch &&
          ifMatch !== '*' &&
          stored &&
          ifMatch !== `"${stored.update_time}"`
        )
          throw new ApiError('FAILED_PRECONDITION', 'the dashboard was modified since the tag given');
        return named(endpoint, params, store);
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'FAILED_PRECONDITION' ? 412 : status(code, endpoint));
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        const text = bytes.toString('utf8');
        if (!text.startsWith('{"dashboard":')) return coded;
        const updated = (JSON.parse(text) as { dashboard: { update_time: string } }).dashboard.update_time;
        return { ...coded, headers: { ...coded.headers, ETag: `"${Date.parse(updated)}"` } };
      };
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURE_IDS.dashboardId}`;
      const renamed = await call('PATCH', path, { body: { display_name: 'Quality board' } });
      const tag = typeof renamed.headers.etag === 'string' ? renamed.headers.etag : '"none"';
      const listed = await call('PATCH', path, {
        body: { display_name: 'Quality board (listed)' },
        headers: { 'If-Match': `"an-old-tag", ${tag}` },
      });
      return listed.status;
    },
    shows: 412,
  }),
] as const satisfies readonly Fault[];

// Independent faults, round 19: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).

import type { IncomingMessage } from 'node:http';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { type Fault, fault, readAs } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** Every request's headers, as the service last received them (a middleware that keeps the request at hand). */
function lastRequest(b: Parameters<Fault['behaviour']>[0]): () => IncomingMessage | undefined {
  let last: IncomingMessage | undefined;
  const presented = b.auth.presented;
  b.auth.presented = (req) => {
    last = req;
    return presented(req);
  };
  return () => last;
}

/** The first persona of the list whose background_sound is not `none`. */
async function personaWithSound(call: Call): Promise<JsonObject> {
  const list = await call('GET', '/v1/personas?page_size=100');
  return (list.body.personas as JsonObject[]).find((p) => p.background_sound !== 'none') as JsonObject;
}

/** A metric output still IN PROGRESS, and its simulation, found through the runs' output_ids. */
async function inProgressOutput(call: Call): Promise<{ simulation: string; output: string } | undefined> {
  const runs = await call('GET', '/v1/runs?page_size=1000');
  const simulations = [
    ...new Set((runs.body.runs as JsonObject[]).flatMap((r) => (r.results as JsonObject).output_ids as string[])),
  ];
  for (const simulation of simulations) {
    const filter = encodeURIComponent('status = "IN PROGRESS"');
    const page = await call('GET', `/v1/simulations/${simulation}/metrics?page_size=1000&filter=${filter}`);
    const first = (page.body.metrics as JsonObject[] | undefined)?.[0];
    if (first) return { simulation, output: String(first.metric_output_id) };
  }
  return undefined;
}

const FAULTS_19 = [
  fault({
    id: 'ind19-persona-get-background-sound-file',
    requirements: ['PERSONA-GET'],
    slips: ['scope'],
    description:
      'GET /v1/personas/{persona_id} serves background_sound as the sound file the simulator plays (`office.wav` for `office`), read through the audio catalogue; the personas list serves the value as stored, so one persona reads two ways.',
    behaviour: (b) =>
      readAs(b, 'GET /v1/personas/{persona_id}', 'persona', (p) =>
        p.background_sound && p.background_sound !== 'none'
          ? { ...p, background_sound: `${String(p.background_sound)}.wav` }
          : p,
      ),
    probe: async (call) => {
      const listed = await personaWithSound(call);
      const one = await call('GET', `/v1/personas/${String(listed.id)}`);
      return { listed: listed.background_sound, got: one.body.persona.background_sound };
    },
    shows: { listed: 'street', got: 'street.wav' },
  }),

  fault({
    id: 'ind19-metric-get-status-of-simulation',
    requirements: ['METRIC-GET'],
    slips: ['broken'],
    description:
      'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} fills status from the simulation the output belongs to (the detail query joins simulations and reads its status column): an output the metrics list shows IN PROGRESS is answered COMPLETED.',
    behaviour: (b) =>
      readAs(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', 'metric', (m) => ({
        ...m,
        status: 'COMPLETED',
      })),
    probe: async (call) => {
      const found = await inProgressOutput(call);
      if (!found) return 'no output in progress';
      const one = await call('GET', `/v1/simulations/${found.simulation}/metrics/${found.output}`);
      return one.body.metric.status;
    },
    shows: 'COMPLETED',
  }),

  fault({
    id: 'ind19-times-localized-by-accept-language',
    requirements: ['TIMESTAMP-ISO-UTC'],
    slips: ['scope'],
    description:
      "Timestamps are written by the locale middleware's date formatter when a request carries Accept-Language (what every browser sends): with `Accept-Language: de-DE`, create_time reads `5.1.2026, 01:00:00` in the zone of Berlin instead of ISO 8601 UTC; a request without the header gets ISO 8601.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const formatTime = b.formatTime;
      b.formatTime = (ms) => {
        const language = request()?.headers['accept-language'];
        if (!language) return formatTime(ms);
        const locale = language.split(',')[0]?.split(';')[0]?.trim() ?? 'en';
        return new Date(ms).toLocaleString(locale, { timeZone: 'Europe/Berlin' });
      };
    },
    probe: async (call) => {
      const id = FIXTURES.dashboardId;
      const plain = await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: 'Quality overview' } });
      const german = await call('PATCH', `/v1/dashboards/${id}`, {
        body: { display_name: 'Quality overview' },
        headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
      });
      return { plain: plain.body.dashboard.create_time, german: german.body.dashboard.create_time };
    },
    shows: { plain: '2026-01-06T00:00:00.000Z', german: '6.1.2026, 01:00:00' },
  }),

  fault({
    id: 'ind19-spec-document-checks-a-presented-key',
    requirements: ['AUTH-SPEC-PUBLIC'],
    slips: ['scope'],
    description:
      'The key middleware verifies any X-API-Key a request carries, public route or not, and skips only requests without one: GET /v1/openapi/{spec_name} sent with a key that is not valid (a stale one a client attaches to every request) is refused UNAUTHENTICATED, though the specification endpoints need no key.',
    behaviour: (b) => {
      let presentedNow: string | undefined;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        presentedNow = presented(req);
        return presentedNow;
      };
      const required = b.auth.required;
      b.auth.required = (endpoint) => required(endpoint) || presentedNow !== undefined;
    },
    probe: async (call) => {
      const listing = await call('GET', '/v1/openapi');
      const first = (listing.body.specs as JsonObject[])[0] as JsonObject;
      const path = new URL(String(first.url)).pathname;
      const withStale = await call('GET', path, { key: 'stale-key-0000' });
      const without = await call('GET', path, { key: null });
      return { without: without.status, withStale: withStale.status, code: withStale.body?.error?.code ?? null };
    },
    shows: { without: 200, withStale: 401, code: 'UNAUTHENTICATED' },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_19_FAULTS: readonly Fault<(typeof FAULTS_19)[number]['id']>[] = FAULTS_19;

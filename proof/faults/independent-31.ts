// Independent faults, round 31: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Review (coordinator): 5 written, 2 dropped: `ind31-auth-key-from-dashboard-cookie` (the key read from a cookie: a
// sibling of the catalog's keys read from a query parameter or a bearer token, as round 29's writer judged the same
// idea); `ind31-spec-listing-cached-with-first-host` (the listing's URLs built from the first caller's Host: a server
// giving one configured public URL whatever the Host is as correct, and nothing ties the URLs to the request's Host).
// Against the suite at 3e8591c, as written: 2 of 3 detected, 1 missed (33 %).

import type { Store } from '../../lib/reference/store/store.js';
import type { JsonObject } from '../../lib/util/json.js';
import { rawStatus, type Call } from '../probes/call.js';
import { fault, type Fault, onRunCancelled } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** Every run, newest first (the default order), in one page. */
async function allRuns(call: Call): Promise<JsonObject[]> {
  const list = await call('GET', '/v1/runs?page_size=1000');
  return list.body.runs as JsonObject[];
}

const FAULTS_31 = [
  fault({
    id: 'ind31-run-cancel-resets-create-time',
    requirements: ['RUN-DELETE-BY-STATUS', 'SERVER-SET-TIMES'],
    slips: ['state'],
    description:
      'DELETE /v1/runs/{run_id} of a run in progress writes the cancelled run back with both of its timestamps stamped now (one `SET create_time = now(), update_time = now()` shared with the insert path): the cancelled run keeps its id and is listed CANCELLED, but its create_time becomes the time of the cancellation, so it jumps to the head of the default `-create_time` order.',
    behaviour: (b) => {
      let store: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, s) => {
        store = s;
        return named(endpoint, params, s);
      };
      onRunCancelled(b, (before) => {
        const now = store?.runs.get(before.run_id);
        if (store && now) store.runs.set(before.run_id, { ...now, create_time: now.update_time });
      });
    },
    probe: async (call) => {
      const running = (await allRuns(call)).filter((r) => r.status === 'RUNNING');
      const target = running[running.length - 1] as JsonObject;
      await call('DELETE', `/v1/runs/${String(target.run_id)}`);
      const after = await allRuns(call);
      const again = after.find((r) => r.run_id === target.run_id);
      return {
        createTimeKept: again?.create_time === target.create_time,
        listedFirst: after[0]?.run_id === target.run_id,
      };
    },
    shows: { createTimeKept: false, listedFirst: true },
  }),

  fault({
    id: 'ind31-auth-remembered-by-client-address',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['state'],
    description:
      "The key middleware keeps the addresses that presented the valid key (a trusted-client cache meant for the web dashboard's own calls) and lets later requests from such an address through without X-API-Key, on any connection: once a client has made one keyed request, its requests without a key are served.",
    behaviour: (b) => {
      const trusted = new Set<string>();
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const key = presented(req);
        const address = String(req.socket.remoteAddress);
        if (key === b.apiKey) trusted.add(address);
        return key === undefined && trusted.has(address) ? b.apiKey : key;
      };
    },
    probe: async (call) => {
      const head = (host: string) =>
        `GET /v1/personas/phone-numbers HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n`;
      const before = (await call('GET', '/v1/personas/phone-numbers', { key: null })).status;
      await call('GET', '/v1/personas/phone-numbers');
      // On a connection of its own, without a key.
      const after = await rawStatus(call, head);
      return { before, after };
    },
    shows: { before: 401, after: 200 },
  }),

  fault({
    id: 'ind31-run-concurrent-cancels-one-lost',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      "DELETE /v1/runs/{run_id} of a run in progress reads the organization's runs as one document, sets the run's status in its copy while it asks the worker pool to stop the run (a few tens of milliseconds), then writes the whole copy back: two cancellations of two different runs sent at the same moment both answer `{}`, but the second write puts back the first run as it was read, RUNNING. One at a time, every cancellation holds.",
    behaviour: (b) => {
      b.storeCancelledRun = (cancelled, store) => {
        const copy = new Map(store.runs);
        return new Promise((resolve) => {
          setTimeout(() => {
            copy.set(cancelled.run_id, cancelled);
            for (const [id, run] of copy) store.runs.set(id, run);
            resolve();
          }, 50);
        });
      };
    },
    probe: async (call) => {
      const running = (await allRuns(call)).filter((r) => r.status === 'RUNNING').slice(0, 2);
      const answers = await Promise.all(running.map((r) => call('DELETE', `/v1/runs/${String(r.run_id)}`)));
      const after = await allRuns(call);
      const statuses = running.map((r) => after.find((a) => a.run_id === r.run_id)?.status);
      return { answered: answers.map((a) => a.status), statuses: statuses.sort() };
    },
    shows: { answered: [200, 200], statuses: ['CANCELLED', 'RUNNING'] },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_31_FAULTS: readonly Fault<(typeof FAULTS_31)[number]['id']>[] = FAULTS_31;

// With no target setting at all, the run targets the embedded reference service on a free loopback port.

import type { ServerResponse } from 'node:http';
import { type Config, FIXTURE_SETTINGS } from '../config.js';
import { collect, collectIfWorth } from '../harness/garbage.js';
import { type RequestListener, startReferenceService, type RunningReference } from '../reference/server.js';

/** Settings a run against the reference service needs, as environment entries (for a child process). */
export function referenceEnvironment(reference: RunningReference): Record<string, string> {
  const fixtures = Object.entries(FIXTURE_SETTINGS).map(([name, field]) => {
    const value = reference.fixtures[field];
    return [name, typeof value === 'string' ? value : value.join(',')];
  });
  return { BASE_URL: reference.url, API_KEY: reference.apiKey, ...Object.fromEntries(fixtures) };
}

/** The run's configuration pointed at the reference service: its address, key and fixtures. */
export function atReference(config: Config, reference: RunningReference): Config {
  const fixtures = Object.values(FIXTURE_SETTINGS).map((field) => [field, reference.fixtures[field]]);
  return { ...config, baseUrl: reference.url, apiKey: reference.apiKey, ...Object.fromEntries(fixtures) };
}

/** A request body longer than this is one of the size checks' (10 MB): the service's copies of it are garbage once answered. */
const LARGE_BODY_BYTES = 1024 * 1024;

/**
 * Around the answer to a large request the main thread collects the service's garbage twice: as the answer is about
 * to be written (the body's bytes and text, unreachable once parsed), so they are gone while the worker reads that
 * answer and makes its own copies; and once it is written (the answer's text and bytes). Each had stood at a
 * default run's peak (docs/benchmarks.md). The answers are left as they are.
 */
const collectAfterLargeRequests =
  (listener: RequestListener): RequestListener =>
  (req, res) => {
    if (Number(req.headers['content-length']) > LARGE_BODY_BYTES) {
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        collectIfWorth();
        return end(...args);
      }) as ServerResponse['end'];
      res.once('finish', collect);
    }
    return listener(req, res);
  };

export const startEmbedded = (): Promise<RunningReference> =>
  startReferenceService({ wrap: collectAfterLargeRequests });

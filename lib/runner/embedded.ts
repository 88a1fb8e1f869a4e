// With no target setting at all, the run targets the embedded reference service on a free loopback port.

import { type Config, FIXTURE_SETTINGS } from '../config.js';
import { startReferenceService, type RunningReference } from '../reference/server.js';

/** Settings a run against the reference service needs, as environment entries (for a child process). */
export function referenceEnvironment(reference: RunningReference): Record<string, string> {
  const fixtures = Object.entries(FIXTURE_SETTINGS).map(([name, field]) => [name, reference.fixtures[field]]);
  return { BASE_URL: reference.url, API_KEY: reference.apiKey, ...Object.fromEntries(fixtures) };
}

/** The run's configuration pointed at the reference service: its address, key and fixtures. */
export function atReference(config: Config, reference: RunningReference): Config {
  const fixtures = Object.values(FIXTURE_SETTINGS).map((field) => [field, reference.fixtures[field]]);
  return { ...config, baseUrl: reference.url, apiKey: reference.apiKey, ...Object.fromEntries(fixtures) };
}

export const startEmbedded = (): Promise<RunningReference> => startReferenceService();

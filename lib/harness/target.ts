// The target as one test worker sees it: configuration, client, and the target's
// own published schemas. Built once per worker.

import { type Config, loadConfig } from '../config.js';
import type { ResponseContext } from '../checks/responses.js';
import { ApiClient } from '../http/client.js';
import { loadPublishedSpec } from '../spec/load.js';
import type { PublishedSpec } from '../spec/published.js';

export interface Target {
  readonly config: Config;
  readonly client: ApiClient;
  readonly published: PublishedSpec | null;
  /** Why the published spec could not be used (reported by the specification suite). */
  readonly publishedProblems: readonly string[];
  readonly responses: ResponseContext;
}

let target: Promise<Target> | undefined;

export function getTarget(): Promise<Target> {
  target ??= connect();
  return target;
}

async function connect(): Promise<Target> {
  const config = loadConfig();
  if (!config.baseUrl) throw new Error('BASE_URL is not set: run the suite through `npm run conformance`, which starts the reference service when no target is given.');
  const client = new ApiClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: config.requestTimeoutMs, concurrency: config.concurrency });
  const loaded = await loadPublishedSpec(client);
  return {
    config,
    client,
    published: loaded.published,
    publishedProblems: loaded.problems,
    responses: { published: loaded.published, strict: config.profile === 'strict' },
  };
}

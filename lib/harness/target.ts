// The targets a test worker checks, as the plan names them: configuration, client, the target's
// own published schemas, and everything the checks learn or create on it (memos). A run
// has one target; the suite's own proof hands a worker many (one reference service per fault),
// so nothing about a target may live anywhere but here.

import type { Config } from '../config.js';
import type { ResponseContext } from '../assert/responses.js';
import { ApiClient } from '../http/client.js';
import { harOption } from '../http/har.js';
import { transportOf } from '../http/transport.js';
import { genericOperations, publishedOperations } from '../generic/operations.js';
import type { PublishedOperation } from '../generic/model.js';
import { loadPublishedSpec } from '../published/load.js';
import type { TargetPlan } from '../protocol/plan.js';
import type { PublishedSpec } from '../schema/published-spec.js';

export interface Target {
  readonly config: Config;
  readonly client: ApiClient;
  readonly published: PublishedSpec | null;
  /** Every operation the target publishes (the generic layer discovers data through its lists). */
  readonly publishedOperations: readonly PublishedOperation[];
  /** Those beyond the specification's 20 endpoints: what the generic layer checks. */
  readonly genericOperations: readonly PublishedOperation[];
  readonly responses: ResponseContext;
  /** What the checks learn once per target (a discovered list, a probe, a deletion sent once). */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
}

const connected = new Map<string, Promise<Target>>();

/** The plan's target of that name, connected on first use. */
export function getTarget(plan: TargetPlan): Promise<Target> {
  let target = connected.get(plan.name);
  if (!target) {
    target = connect(plan.config);
    connected.set(plan.name, target);
  }
  return target;
}

async function connect(config: Config): Promise<Target> {
  if (!config.baseUrl)
    throw new Error(
      'BASE_URL is not set: run the suite through `npm run conformance`, which starts the reference service when no target is given.',
    );
  const client = new ApiClient({
    baseUrl: config.baseUrl,
    transport: transportOf(config),
    apiKey: config.apiKey,
    timeoutMs: config.requestTimeoutMs,
    concurrency: config.concurrency,
    throttleGiveUpMs: config.throttleGiveUpMs,
    ...(config.rateLimit === undefined ? {} : { ratePerSecond: config.rateLimit }),
    ...harOption(config.har),
  });
  const loaded = await loadPublishedSpec(client);
  const operations = publishedOperations(loaded.documents, { basePath: new URL(config.baseUrl).pathname });
  const memos = new Map<string, Promise<unknown>>();
  return {
    config,
    client,
    published: loaded.published,
    publishedOperations: operations,
    genericOperations: genericOperations(operations),
    responses: { publishedSpec: loaded.published, strict: config.profile === 'strict' },
    memo<T>(key: string, load: () => Promise<T>): Promise<T> {
      let found = memos.get(key) as Promise<T> | undefined;
      if (!found) memos.set(key, (found = load()));
      return found;
    },
  };
}

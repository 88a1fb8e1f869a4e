// The targets a test worker checks, as the plan names them: configuration, client, the target's
// own published schemas, and everything the checks learn or create on it (memos, cleanup). A run
// has one target; the suite's own proof hands a worker many (one reference service per fault),
// so nothing about a target may live anywhere but here.

import type { Config } from '../config.js';
import type { ResponseContext } from '../assert/responses.js';
import { ApiClient } from '../http/client.js';
import { beyondContract, publishedOperations } from '../generic/operations.js';
import type { PublishedOperation } from '../generic/model.js';
import { loadPublishedSpec } from '../published/load.js';
import type { TargetPlan } from '../protocol/plan.js';
import type { Finding } from '../result/model.js';
import type { PublishedSpec } from '../schema/published-spec.js';

export interface Target {
  readonly config: Config;
  readonly client: ApiClient;
  readonly published: PublishedSpec | null;
  /** Every operation the target publishes (the generic layer discovers data through its lists). */
  readonly publishedOperations: readonly PublishedOperation[];
  /** Those beyond the specification's 20 endpoints: the generic layer's subjects. */
  readonly beyondContract: readonly PublishedOperation[];
  readonly responses: ResponseContext;
  /** What the checks learn once per target (a discovered list, a probe, a deletion sent once). */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Registers the deletion of a resource the suite created, run by `cleanup()`; it answers with the rule its response broke, if any. */
  registerCleanup(deletion: () => Promise<Finding | undefined>): void;
  /**
   * Deletes what was registered, newest first, and returns the rules the answers broke: cleanup observes
   * the target like any check. A deletion that could not be sent is left (the run marker lets a sweep find it).
   */
  cleanup(): Promise<Finding[]>;
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

/** Cleans up a target if any check used it; what the answers broke. */
export async function cleanupTarget(name: string): Promise<Finding[]> {
  return (await (await connected.get(name))?.cleanup()) ?? [];
}

async function connect(config: Config): Promise<Target> {
  if (!config.baseUrl) throw new Error('BASE_URL is not set: run the suite through `npm run conformance`, which starts the reference service when no target is given.');
  const client = new ApiClient({
    baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: config.requestTimeoutMs, concurrency: config.concurrency, throttleGiveUpMs: config.throttleGiveUpMs,
    ...(config.rateLimit === undefined ? {} : { ratePerSecond: config.rateLimit }),
  });
  const loaded = await loadPublishedSpec(client);
  const operations = publishedOperations(loaded.documents, { basePath: new URL(config.baseUrl).pathname });
  const memos = new Map<string, Promise<unknown>>();
  const pending: Array<() => Promise<Finding | undefined>> = [];
  return {
    config,
    client,
    published: loaded.published,
    publishedOperations: operations,
    beyondContract: beyondContract(operations),
    responses: { publishedSpec: loaded.published, strict: config.profile === 'strict' },
    memo<T>(key: string, load: () => Promise<T>): Promise<T> {
      let found = memos.get(key) as Promise<T> | undefined;
      if (!found) memos.set(key, (found = load()));
      return found;
    },
    registerCleanup: (deletion) => void pending.push(deletion),
    async cleanup() {
      const answered = await Promise.allSettled(pending.splice(0).reverse().map((deletion) => deletion()));
      return answered.flatMap((a) => (a.status === 'fulfilled' && a.value ? [a.value] : []));
    },
  };
}

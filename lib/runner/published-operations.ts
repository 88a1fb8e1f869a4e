// What a target publishes beyond the specification's 20 endpoints, read from its documents before
// a run: `--only listTestCases` or `--only test-cases` names one of them (a name it does not
// publish is a configuration error rather than an empty run), and `--list` shows what they generate.

import type { Config } from '../config.js';
import { genericOperations, publishedOperations } from '../generic/operations.js';
import type { PublishedOperation } from '../generic/model.js';
import { ApiClient } from '../http/client.js';
import { transportOf } from '../http/transport.js';
import { loadPublishedSpec } from '../published/load.js';

/** The operations, and what kept documents from being read (the target unreachable, a document invalid). */
export async function readGenericOperations(
  config: Config,
): Promise<{ operations: PublishedOperation[]; problems: readonly string[] }> {
  const client = new ApiClient({
    baseUrl: config.baseUrl!,
    transport: transportOf(config),
    apiKey: config.apiKey,
    timeoutMs: config.requestTimeoutMs,
    concurrency: 4,
  });
  try {
    const { documents, problems } = await loadPublishedSpec(client);
    return {
      operations: genericOperations(publishedOperations(documents, { basePath: new URL(config.baseUrl!).pathname })),
      problems,
    };
  } finally {
    await client.close();
  }
}

/** The operation ids and document names the target publishes beyond the 20 endpoints. */
export async function publishedNames(config: Config): Promise<Set<string>> {
  return new Set(
    (await readGenericOperations(config)).operations.flatMap((operation) => [operation.document, operation.id]),
  );
}

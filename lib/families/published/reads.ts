// A published GET, read with the key and path parameters the target itself showed (discovery.ts):
// the status and body as published (GENERIC-SCHEMA-PUBLISHED), the wrapper the document names
// (GENERIC-WRAPPED), the timestamps (GENERIC-TIMESTAMPS); and with parameters naming nothing, an
// error in the envelope (GENERIC-ERROR-ENVELOPE). The read is sent once and judged by each check.

import { expectErrorEnvelope, expectPublishedResponse, expectWrapped } from '../../assert/published-operation.js';
import { violationAt } from '../../assert/violation.js';
import { operationLabel } from '../../generic/checks.js';
import { parseIsoUtc } from '../../contract/timestamps.js';
import type { PublishedOperation } from '../../generic/model.js';
import { responseSchemaFor } from '../../generic/response-schema.js';
import { publishedTimestamps } from '../../generic/timestamps.js';
import type { CheckContext } from '../../harness/index.js';
import type { Exchange } from '../../http/exchange.js';
import { foldIndices } from '../../util/json.js';
import { nothingDiscovered } from './discovery.js';
import { absentProbe, read, servedOrBlocked } from './probes.js';

/** The read's exchange; the check skips when nothing could be read or is blocked when the operation is not served. */
async function readExchange(t: CheckContext, operation: PublishedOperation): Promise<Exchange> {
  await servedOrBlocked(t, operation);
  const done = await read(t, operation);
  if ('missing' in done) return t.skip(nothingDiscovered(done.missing));
  return done.exchange;
}

/** A successful read, or the check skips: what a 404 for a value another resource named means is not this check's to judge. */
async function successfulRead(t: CheckContext, operation: PublishedOperation): Promise<Exchange> {
  const exchange = await readExchange(t, operation);
  const { status } = exchange.response;
  if (status < 200 || status >= 300)
    t.skip(`the read answered ${status} (judged by GENERIC-SCHEMA-PUBLISHED): no resource to judge`);
  return exchange;
}

/** GENERIC-SCHEMA-PUBLISHED: the status is published, the body matches its published schema (an error: in the envelope too). */
export async function expectReadAsPublished(t: CheckContext, operation: PublishedOperation): Promise<void> {
  const exchange = await readExchange(t, operation);
  if (exchange.response.status >= 400) expectErrorEnvelope(exchange, operationLabel(operation));
  expectPublishedResponse(t.target.published, operation, exchange);
}

/** GENERIC-WRAPPED: the resource under the key the document names. */
export async function expectReadWrapped(t: CheckContext, operation: PublishedOperation): Promise<void> {
  expectWrapped(operation, operation.wrapper!, await successfulRead(t, operation));
}

/** GENERIC-TIMESTAMPS: every value the success schema publishes as date-time is ISO 8601 UTC (null where allowed). */
export async function expectReadTimestamps(t: CheckContext, operation: PublishedOperation): Promise<void> {
  const exchange = await successfulRead(t, operation);
  const schema = responseSchemaFor(operation, exchange.response.status);
  const found = publishedTimestamps(operation.source.document, schema, exchange.response.json);
  const wrong = found.filter(({ value }) => value !== null && parseIsoUtc(value) === undefined);
  if (!wrong.length) return;
  const pointers = [...new Set(wrong.map(({ pointer }) => foldIndices(pointer)))];
  // Worded as the canonical schema words a timestamp that is not UTC, so one such bug everywhere is one cause (lib/result/cause.ts).
  violationAt(
    ['GENERIC-TIMESTAMPS'],
    `${operationLabel(operation)} ${pointers.join(', ')}`,
    'must match format "iso-utc"',
    exchange,
  );
}

/** GENERIC-ERROR-ENVELOPE: path parameters naming nothing, answered (if with an error) in the envelope. */
export async function expectAbsentInEnvelope(t: CheckContext, operation: PublishedOperation): Promise<void> {
  await servedOrBlocked(t, operation);
  const exchange = await absentProbe(t, operation);
  if (exchange.response.status >= 400)
    expectErrorEnvelope(exchange, `${operationLabel(operation)} with path parameters naming nothing`);
}

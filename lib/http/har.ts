// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): every exchange of a run, for a browser's
// network panel. Nothing is held in memory: each thread appends its entries, one JSON line each, to its
// own part file as they happen (appendFileSync: a worker thread ended by vitest loses nothing), and the
// run joins the parts into the HAR file at the end, streaming them.

import { appendFileSync, createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { threadId } from 'node:worker_threads';
import type { Exchange, RecordedResponse } from './exchange.js';
import { API_KEY_PLACEHOLDER, redact } from './redact.js';

const REDACTED = '[redacted]';
/** Headers whose values are credentials, whatever their value: the key, tokens, cookies. */
const SECRET_HEADERS = /^(x-api-key|authorization|proxy-authorization|cookie|set-cookie)$/i;

/** The directory the threads of a run write their parts of `file` to. */
export const harPartsDir = (file: string): string => `${resolve(file)}.parts`;

/** The client option that records into the parts of `file`, when a HAR file is asked for. */
export const harOption = (file: string | undefined): { harParts?: string } =>
  file ? { harParts: harPartsDir(file) } : {};

type NameValue = { name: string; value: string };

const headerList = (headers: Readonly<Record<string, string>>): NameValue[] =>
  Object.entries(headers).map(([name, value]) => ({
    name,
    value: SECRET_HEADERS.test(name) || value.includes(API_KEY_PLACEHOLDER) ? REDACTED : redact(value),
  }));

const mimeOf = (headers: Readonly<Record<string, string>>): string =>
  Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';

/** What a HAR entry records: an exchange, or a request that got no answer (`unanswered` says why). */
export type Recorded = Exchange | (Omit<Exchange, 'response'> & { readonly unanswered: string });

/** A request that got no answer, as HAR shows one (a browser's panel does the same): status 0, nothing received. */
const NO_RESPONSE: RecordedResponse = { status: 0, headers: {}, text: '', json: undefined, truncated: false };

/** One exchange as a HAR entry, secrets redacted. */
export function harEntry(recorded: Recorded): Record<string, unknown> {
  const { request, startedAt, durationMs } = recorded;
  const response = 'response' in recorded ? recorded.response : NO_RESPONSE;
  const url = new URL(redact(request.url));
  const responseBytes = Buffer.byteLength(response.text);
  return {
    startedDateTime: new Date(startedAt).toISOString(),
    time: durationMs,
    request: {
      method: request.method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(request.body === undefined
        ? {}
        : { postData: { mimeType: mimeOf(request.headers) || 'application/json', text: redact(request.body) } }),
      headersSize: -1,
      bodySize: request.body === undefined ? 0 : Buffer.byteLength(request.body),
    },
    response: {
      status: response.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(response.headers),
      content: { size: responseBytes, mimeType: mimeOf(response.headers), text: redact(response.text) },
      redirectURL: response.headers['location'] ?? '',
      headersSize: -1,
      bodySize: responseBytes,
      ...(response.truncated ? { comment: 'body cut at the size cap' } : {}),
      ...('unanswered' in recorded ? { comment: `no answer: ${redact(recorded.unanswered)}` } : {}),
    },
    cache: {},
    // The client times the whole exchange, not its phases: all of it is waiting.
    timings: { send: 0, wait: durationMs, receive: 0 },
  };
}

/** Appends each exchange of this thread to its part of the run's HAR file. */
export function harRecorder(partsDir: string): (recorded: Recorded) => void {
  const part = join(partsDir, `${process.pid}-${threadId}.jsonl`);
  // The run made it; made again should it be missing, so that no check fails for its record.
  mkdirSync(partsDir, { recursive: true });
  return (recorded) => appendFileSync(part, `${JSON.stringify(harEntry(recorded))}\n`);
}

/** Before a run: an empty parts directory for `file`. */
export async function startHar(file: string): Promise<void> {
  const dir = harPartsDir(file);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}

/** After a run: the parts joined into `file` as one HAR log, streamed; the parts removed. */
export async function joinHar(file: string, creator: { name: string; version: string }): Promise<void> {
  const dir = harPartsDir(file);
  const out = createWriteStream(resolve(file));
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"pages":[],"entries":[\n`);
  let first = true;
  for (const part of (await readdir(dir)).sort()) {
    for await (const line of createInterface({ input: createReadStream(join(dir, part)), crlfDelay: Infinity })) {
      if (!line) continue;
      await write(`${first ? '' : ',\n'}${line}`);
      first = false;
    }
  }
  await write('\n]}}\n');
  out.end();
  await once(out, 'finish');
  await rm(dir, { recursive: true, force: true });
}

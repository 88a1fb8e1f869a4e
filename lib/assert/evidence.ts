// How an exchange is shown in a failure: request, response excerpt, replay line. Key redacted.

import { toCurl } from '../http/curl.js';
import type { Exchange, RecordedRequest } from '../http/exchange.js';
import { redact } from '../http/redact.js';
import type { Evidence } from '../result/model.js';

const EXCERPT = 1500;

export function excerpt(text: string, limit = EXCERPT): string {
  const clean = redact(text);
  return clean.length <= limit ? clean : `${clean.slice(0, limit)}… (${clean.length} characters in all)`;
}

export function describeExchange(exchange: Exchange): string {
  const { request, response } = exchange;
  const lines = [`request:  ${request.method} ${redact(request.url)}`];
  if (request.body !== undefined) lines.push(`  body: ${excerpt(request.body, 600)}`);
  lines.push(
    `response: ${response.status}${response.headers['content-type'] ? ` (${response.headers['content-type']})` : ''}`,
  );
  if (response.text)
    lines.push(`  body: ${excerpt(response.text)}${response.truncated ? ' [cut at the size cap]' : ''}`);
  lines.push(`replay:   ${toCurl(request)}`);
  return lines.join('\n');
}

/** Header values with the key redacted: a server may echo it in a header as well as in a body. */
const redactedHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redact(value)]));

/** The structured evidence reports show for a failure. */
export function toEvidence(exchange: Exchange): Evidence {
  const { response } = exchange;
  return {
    ...requestEvidence(exchange.request),
    status: response.status,
    responseHeaders: redactedHeaders(response.headers),
    responseBodyExcerpt: excerpt(response.text),
  };
}

export function requestEvidence(request: RecordedRequest): Evidence {
  const base = {
    method: request.method,
    url: redact(request.url),
    requestHeaders: redactedHeaders(request.headers),
    curl: toCurl(request),
  };
  return request.body === undefined ? base : { ...base, requestBodyExcerpt: excerpt(request.body, 600) };
}

// A broken rule of the specification: the only failure that counts as the target's fault.
// Anything else thrown in a check (a transport error, a bug in the suite) is an Error outcome.

import type { Exchange, RecordedRequest } from '../http/exchange.js';
import { redact } from '../http/redact.js';
import type { SchemaIssue } from '../schema/ajv.js';
import { describeExchange } from './evidence.js';

export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';

  /** @param where the place the summary begins with (`<where>: <what was wrong>`), when the judgement knows it: one cause seen at many places is one cause. */
  constructor(
    readonly requirements: readonly string[],
    readonly summary: string,
    readonly exchange?: Exchange,
    readonly where?: string,
    /** The request, when no answer to it could be read (its evidence then). */
    readonly request?: RecordedRequest,
  ) {
    super(`[${requirements.join(', ')}] ${summary}${exchange ? `\n\n${describeExchange(exchange)}` : ''}`);
  }
}

export function violation(requirements: readonly string[], summary: string, exchange?: Exchange): never {
  throw new RuleViolation(requirements, summary, exchange);
}

/** A violation of what was wrong, seen at a place: summarised `<where>: <what>`. */
export function violationAt(requirements: readonly string[], where: string, what: string, exchange?: Exchange): never {
  throw new RuleViolation(requirements, `${where}: ${what}`, exchange, where);
}

export function isRuleViolation(error: unknown): error is RuleViolation {
  return error instanceof Error && error.name === 'RuleViolation';
}

/** How much of an offending value a message quotes, and how many values it quotes. */
const VALUE_EXCERPT = 60;
const MAX_VALUES = 3;

/** `"2026-13-01"`: a value as JSON, cut to a short excerpt, a secret (the key) never in it. */
export function quotedValue(value: unknown): string {
  const json = redact(JSON.stringify(value) ?? String(value));
  return json.length <= VALUE_EXCERPT ? json : `${json.slice(0, VALUE_EXCERPT)}…`;
}

/** The value at a JSON pointer of ajv's (`/agent/create_time`), own properties only. */
function valueAt(body: unknown, pointer: string): { found: boolean; value?: unknown } {
  let node = body;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return { found: false };
    node = (node as Record<string, unknown>)[key];
  }
  return { found: true, value: node };
}

/**
 * `\n  got "2026-13-01" at /agent/create_time`: the offending values of schema issues, one a line below the
 * message's first line, which stays what was wrong (one cause wherever seen, whatever the values). A missing
 * or unexpected property has no value of its own to quote.
 */
export function offendingValues(body: unknown, issues: readonly SchemaIssue[]): string {
  const quoted = issues
    .filter((i) => i.keyword !== 'required' && i.keyword !== 'additionalProperties')
    .flatMap((i) => {
      const at = valueAt(body, i.pointer === '/' ? '' : i.pointer);
      return at.found ? [`  got ${quotedValue(at.value)} at ${i.pointer}`] : [];
    });
  const lines = [...new Set(quoted)];
  const more = lines.length > MAX_VALUES ? [`  and ${lines.length - MAX_VALUES} more`] : [];
  return lines.length ? `\n${[...lines.slice(0, MAX_VALUES), ...more].join('\n')}` : '';
}

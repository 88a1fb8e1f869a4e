// A broken rule of the specification: the only failure that counts as the target's fault.
// Anything else thrown in a check (a transport error, a bug in the suite) is an Error outcome.

import type { Exchange } from '../http/exchange.js';
import { describeExchange } from './evidence.js';

export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';

  /** @param where the place the summary begins with (`<where>: <what was wrong>`), when the judgement knows it: one cause seen at many places is one cause. */
  constructor(
    readonly requirements: readonly string[],
    readonly summary: string,
    readonly exchange?: Exchange,
    readonly where?: string,
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

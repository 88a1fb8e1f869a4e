// Exchanges made by hand for the tests of pure judgements, and what a judgement threw.

import { isRuleViolation } from '../../lib/assert/violation.js';
import type { Exchange } from '../../lib/http/exchange.js';

interface ExchangeOptions {
  readonly method?: string;
  readonly url?: string;
  readonly headers?: Record<string, string>;
  readonly truncated?: boolean;
}

/** An answered exchange: `text` as the response body, its JSON parsed when it is JSON. */
export function exchangeOf(
  status: number,
  text: string,
  { method = 'GET', url = 'http://127.0.0.1/v1/runs', headers = {}, truncated = false }: ExchangeOptions = {},
): Exchange {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    request: { method, url, headers: {} },
    response: { status, headers, text, json, truncated },
    startedAt: 0,
    durationMs: 1,
    retries: 0,
  };
}

/** The requirements of the RuleViolation `run` throws; undefined when it throws none. Anything else thrown is rethrown. */
export function violated(run: () => unknown): readonly string[] | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (isRuleViolation(error)) return error.requirements;
    throw error;
  }
}

// How many of a check's requests ran one after another: the check's share of the
// run's critical path (`npm run bench` multiplies the longest by the added latency).

/** A request's span, in any one clock (the client's: `Exchange.startedAt` and `durationMs`). */
export interface Span {
  readonly startedAt: number;
  readonly durationMs: number;
}

/** Epoch plus a duration may round a hair past the next request's start: a microsecond of slack. */
const SLACK_MS = 0.001;

/**
 * The largest number of spans no two of which overlap in time (one may start the instant
 * another ends): requests that ran in sequence. Greedy by earliest end, which is optimal
 * for interval scheduling. Requests sent together (`Promise.all`) count once.
 */
export function requestChain(spans: readonly Span[]): number {
  const byEnd = spans
    .map((s) => ({ start: s.startedAt, end: s.startedAt + s.durationMs }))
    .sort((a, b) => a.end - b.end);
  let chain = 0;
  let free = -Infinity;
  for (const { start, end } of byEnd) {
    if (start >= free - SLACK_MS) {
      chain++;
      free = end;
    }
  }
  return chain;
}

/** A check's request facts, as recorded in its task meta. */
export function requestFacts(exchanges: readonly Span[]): { requests: number; requestChain: number } {
  return { requests: exchanges.length, requestChain: requestChain(exchanges) };
}

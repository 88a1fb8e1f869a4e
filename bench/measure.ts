// What `npm run bench` makes of its runs: each run's measures, medians with their range,
// and the table it prints (Markdown, so it can be pasted into the README as is).

/** One run of the suite against a fresh reference service, as a user starts it. */
export interface RunMeasure {
  readonly scenario: Scenario['key'];
  readonly latencyMs: number;
  /** From spawning `node bin/aes-conformance.js` to its exit: start-up and report writing included. */
  readonly wallMs: number;
  /** Requests the reference service received (preflight, spec loading, checks, cleanup). */
  readonly requests: number;
  /** Sum over those requests of arrival to response end, on the server (the added latency included). */
  readonly requestMs: number;
  /** The most requests the reference service had in hand at once. */
  readonly peakInFlight: number;
  /** The run's exit code; null when the bench killed it at its time bound. */
  readonly exitCode: number | null;
  /** From the run's summary.json, when it wrote one. */
  readonly checks?: ChecksMeasure;
}

export interface ChecksMeasure {
  /** Sum of the checks' own `requests` (the rest were sent outside any check). */
  readonly requests: number;
  /** The longest `requestChain` of any check, and the check(s) with it. */
  readonly longestChain: number;
  readonly longestChecks: readonly string[];
  readonly verdict: string;
}

export interface Scenario {
  readonly key: 'a' | 'b';
  readonly label: string;
  readonly latencyMs: number;
}

interface SummaryCheck {
  readonly name?: string;
  readonly id?: string;
  readonly requests?: number;
  readonly requestChain?: number;
}

/** The request facts of a summary.json (see lib/report/summary-json.ts). */
export function checksMeasure(summary: { verdict?: string; checks?: readonly SummaryCheck[] }): ChecksMeasure {
  const checks = summary.checks ?? [];
  const longestChain = Math.max(0, ...checks.map((c) => c.requestChain ?? 0));
  return {
    requests: checks.reduce((sum, c) => sum + (c.requests ?? 0), 0),
    longestChain,
    longestChecks: longestChain > 0 ? checks.filter((c) => c.requestChain === longestChain).map((c) => c.id ?? c.name ?? '?') : [],
    verdict: summary.verdict ?? 'unknown',
  };
}

/** The floor of a run: its longest chain of sequential requests, each waiting the added latency. */
export const floorMs = (run: RunMeasure): number | undefined =>
  run.checks && run.latencyMs > 0 ? run.checks.longestChain * run.latencyMs : undefined;

/** The most spans open at one instant (one ending as another starts: not both). */
export function peakInFlight(spans: ReadonlyArray<{ readonly startedAt: number; readonly endedAt: number }>): number {
  const events = spans.flatMap((s) => [[s.startedAt, 1], [s.endedAt, -1]] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let peak = 0;
  for (const [, change] of events) peak = Math.max(peak, (open += change));
  return peak;
}

export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly count: number;
}

export function spread(values: readonly number[]): Spread | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, count: sorted.length };
}

/** `median (min–max)`, or `—` with nothing measured; the range is left out when it is one value. */
export function cell(values: readonly number[], digits: number): string {
  const s = spread(values);
  if (!s) return '—';
  const f = (n: number): string => n.toFixed(digits);
  return s.min === s.max ? f(s.median) : `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
}

const HEADER = ['scenario', 'runs (exit 0)', 'wall s', 'requests', 'sum of request time s', 'effective parallelism', 'floor s', 'wall ÷ floor'];

/**
 * Rows (a) and (b) are the measured runs; row (c) is (b)'s critical path: its `requests` column is
 * the chain's length, its floor that length times the latency, its ratio (b)'s wall over that floor
 * (the median of the per-run ratios).
 */
export function table(scenarios: readonly Scenario[], runs: readonly RunMeasure[], plannedRuns: number): string {
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    const all = runs.filter((r) => r.scenario === scenario.key);
    // A run killed at the time bound measured nothing whole.
    const finished = all.filter((r) => r.exitCode !== null);
    const ok = finished.filter((r) => r.exitCode === 0).length;
    rows.push([
      scenario.label,
      `${finished.length}/${plannedRuns} (${ok})`,
      cell(finished.map((r) => r.wallMs / 1000), 1),
      cell(finished.map((r) => r.requests), 0),
      cell(finished.map((r) => r.requestMs / 1000), 1),
      cell(finished.map((r) => r.requestMs / r.wallMs), 2),
      '—',
      '—',
    ]);
    const floored = finished.flatMap((r) => {
      const floor = floorMs(r);
      return floor === undefined || floor === 0 ? [] : [{ run: r, floor }];
    });
    if (scenario.latencyMs > 0) {
      rows.push([
        `(c) critical path of (${scenario.key}): longest chain × ${scenario.latencyMs} ms`,
        `${floored.length}/${plannedRuns}`,
        '—',
        cell(floored.map(({ run }) => run.checks!.longestChain), 0),
        '—',
        '—',
        cell(floored.map(({ floor }) => floor / 1000), 2),
        cell(floored.map(({ run, floor }) => run.wallMs / floor), 1),
      ]);
    }
  }
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(HEADER), line(HEADER.map(() => '---')), ...rows.map(line)].join('\n');
}

// What `npm run bench` makes of its runs: each run's measures, medians with their range,
// and the table it prints (Markdown, so it can be pasted into docs/benchmarks.md as is).

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
  /** From the first request's arrival to the last response's end, at the server (0 with no request counted). */
  readonly activeMs: number;
  /** The run's exit code; null when the bench killed it at its time bound. */
  readonly exitCode: number | null;
  /** From the run's summary.json, when it wrote one. */
  readonly checks?: ChecksMeasure;
  /** CPU of every process of the run, when it could be measured. */
  readonly cpu?: RunCpu;
}

/** What a process tree used: user+sys of it and every descendant it waited for. */
export interface ProcessUsage {
  readonly cpuMs: number;
  /** The peak resident set of its largest single process, in KiB, when known (GNU time). */
  readonly maxRssKb?: number;
  /** The peak of the summed resident sets of the whole process tree, in KiB, when known (/proc). */
  readonly peakTreeKb?: number;
}

export interface RunCpu extends ProcessUsage {
  /**
   * The reference service's share, included in cpuMs: the bench hosts it (to count the requests)
   * where a default run hosts it in the CLI process, so this process's own CPU over the run is added.
   */
  readonly referenceMs: number;
}

export interface ChecksMeasure {
  /** Sum of the checks' own `requests` (the rest were sent outside any check). */
  readonly requests: number;
  /** The longest `requestChain` of any check, and the check(s) with it. */
  readonly longestChain: number;
  readonly longestChecks: readonly string[];
  readonly verdict: string;
  /** The summary's counts: pass, fail, skip, error, total. */
  readonly counts: Readonly<Record<string, number>>;
}

export interface Scenario {
  readonly key: 'a' | 'b' | 'e';
  readonly label: string;
  readonly latencyMs: number;
  /** Run with no setting at all: the CLI hosts the reference service itself, which the bench cannot count. */
  readonly embedded?: boolean;
}

interface SummaryCheck {
  readonly name?: string;
  readonly id?: string;
  readonly requests?: number;
  readonly requestChain?: number;
}

/** The request facts of a summary.json (see lib/report/summary-json.ts). */
export function checksMeasure(summary: {
  verdict?: string;
  counts?: Record<string, number>;
  checks?: readonly SummaryCheck[];
}): ChecksMeasure {
  const checks = summary.checks ?? [];
  const longestChain = Math.max(0, ...checks.map((c) => c.requestChain ?? 0));
  return {
    requests: checks.reduce((sum, c) => sum + (c.requests ?? 0), 0),
    longestChain,
    longestChecks:
      longestChain > 0 ? checks.filter((c) => c.requestChain === longestChain).map((c) => c.id ?? c.name ?? '?') : [],
    verdict: summary.verdict ?? 'unknown',
    counts: summary.counts ?? {},
  };
}

/** The floor of a run: its longest chain of sequential requests, each waiting the added latency. */
export const floorMs = (run: RunMeasure): number | undefined =>
  run.checks && run.latencyMs > 0 ? run.checks.longestChain * run.latencyMs : undefined;

/**
 * The floor the request cap sets: the run's requests, each waiting the added latency, at most
 * `concurrency` (the suite's CONCURRENCY) at a time. A floor in the same sense as the chain's only
 * roughly: preflight and spec loading are not under the cap.
 */
export const throughputFloorMs = (run: RunMeasure, concurrency: number): number | undefined =>
  run.latencyMs > 0 ? (run.requests * run.latencyMs) / concurrency : undefined;

/** The larger of the two floors: no run can be faster than either. */
export function largerFloorMs(run: RunMeasure, concurrency: number): number | undefined {
  const floors = [floorMs(run), throughputFloorMs(run, concurrency)].filter(
    (f): f is number => f !== undefined && f > 0,
  );
  return floors.length ? Math.max(...floors) : undefined;
}

/** GNU time's `-f "%U %S %M"` output: the last line (a line before it may say how the command ended). */
export function parseTimeFile(text: string): ProcessUsage | undefined {
  const last = text.trimEnd().split('\n').at(-1) ?? '';
  const match = /^(\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+)$/.exec(last.trim());
  if (!match) return undefined;
  return { cpuMs: Math.round((Number(match[1]) + Number(match[2])) * 1000), maxRssKb: Number(match[3]) };
}

/**
 * cutime + cstime of a /proc/<pid>/stat line, in clock ticks: the CPU of the children the process
 * waited for (and of theirs). The command name (field 2) may hold spaces and parentheses, so fields
 * are counted from its closing parenthesis; fields 16 and 17 are then at 13 and 14.
 */
export function childrenTicks(stat: string): number | undefined {
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(' ');
  const [cutime, cstime] = [Number(fields[13]), Number(fields[14])];
  return Number.isInteger(cutime) && Number.isInteger(cstime) ? cutime + cstime : undefined;
}

/** The most spans open at one instant (one ending as another starts: not both). */
export function peakInFlight(spans: ReadonlyArray<{ readonly startedAt: number; readonly endedAt: number }>): number {
  const events = spans
    .flatMap(
      (s) =>
        [
          [s.startedAt, 1],
          [s.endedAt, -1],
        ] as const,
    )
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
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

/** `median (min–max)`, or `—` with nothing measured; the range is left out when it shows one value. */
export function cell(values: readonly number[], digits: number): string {
  const s = spread(values);
  if (!s) return '—';
  const f = (n: number): string => n.toFixed(digits);
  return f(s.min) === f(s.max) ? f(s.median) : `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
}

const HEADER = [
  'scenario',
  'runs (exit 0)',
  'wall s',
  'CPU s',
  'CPU ms / request',
  'max RSS MB',
  'peak tree RSS MB',
  'requests',
  'sum of request time s',
  'effective parallelism',
  'floor s',
  'wall ÷ floor',
] as const;
type Column = (typeof HEADER)[number];

export const markdown = (header: readonly string[], rows: ReadonlyArray<readonly string[]>): string => {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
};

/** A row of HEADER's columns: the ones given, `—` in the others. */
const row = (cells: Partial<Record<Column, string>>): string[] => HEADER.map((column) => cells[column] ?? '—');

const MIB = 1024;

/** CPU s, CPU ms per request and max RSS of the runs that measured them. */
function cpuCells(runs: readonly RunMeasure[]): Partial<Record<Column, string>> {
  const measured = runs.filter((r) => r.cpu !== undefined);
  const rss = measured.flatMap((r) => (r.cpu!.maxRssKb === undefined ? [] : [r.cpu!.maxRssKb / MIB]));
  const tree = measured.flatMap((r) => (r.cpu!.peakTreeKb === undefined ? [] : [r.cpu!.peakTreeKb / MIB]));
  return {
    'CPU s': cell(
      measured.map((r) => r.cpu!.cpuMs / 1000),
      1,
    ),
    'CPU ms / request': cell(
      measured.filter((r) => r.requests > 0).map((r) => r.cpu!.cpuMs / r.requests),
      2,
    ),
    'max RSS MB': cell(rss, 0),
    'peak tree RSS MB': cell(tree, 0),
  };
}

/**
 * A row per scenario. Under a scenario with latency: (c) its critical path, the longest chain
 * (`requests` is the chain's length) times the latency, and (d) its throughput floor, its requests
 * times the latency over `concurrency`; the scenario's own floor is the larger of the two, per run.
 * Every ratio is the median of the per-run ratios.
 */
export function table(
  scenarios: readonly Scenario[],
  runs: readonly RunMeasure[],
  plannedRuns: number,
  concurrency: number,
): string {
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    const all = runs.filter((r) => r.scenario === scenario.key);
    // A run killed at the time bound measured nothing whole.
    const finished = all.filter((r) => r.exitCode !== null);
    const ok = finished.filter((r) => r.exitCode === 0).length;
    const floored = (floor: (r: RunMeasure) => number | undefined): Array<{ run: RunMeasure; floor: number }> =>
      finished.flatMap((run) => {
        const f = floor(run);
        return f === undefined || f === 0 ? [] : [{ run, floor: f }];
      });
    const floorCells = (
      measured: ReadonlyArray<{ run: RunMeasure; floor: number }>,
    ): Partial<Record<Column, string>> => ({
      'floor s': cell(
        measured.map(({ floor }) => floor / 1000),
        2,
      ),
      'wall ÷ floor': cell(
        measured.map(({ run, floor }) => run.wallMs / floor),
        1,
      ),
    });
    const larger = floored((r) => largerFloorMs(r, concurrency));
    rows.push(
      row({
        scenario: scenario.label,
        'runs (exit 0)': `${finished.length}/${plannedRuns} (${ok})`,
        'wall s': cell(
          finished.map((r) => r.wallMs / 1000),
          1,
        ),
        ...cpuCells(finished),
        ...(scenario.embedded
          ? {}
          : {
              requests: cell(
                finished.map((r) => r.requests),
                0,
              ),
              'sum of request time s': cell(
                finished.map((r) => r.requestMs / 1000),
                1,
              ),
              'effective parallelism': cell(
                finished.map((r) => r.requestMs / r.wallMs),
                2,
              ),
            }),
        ...(larger.length ? floorCells(larger) : {}),
      }),
    );
    if (scenario.latencyMs > 0) {
      const chain = floored(floorMs);
      const throughput = floored((r) => throughputFloorMs(r, concurrency));
      rows.push(
        row({
          scenario: `(c) critical path of (${scenario.key}): longest chain × ${scenario.latencyMs} ms`,
          'runs (exit 0)': `${chain.length}/${plannedRuns}`,
          requests: cell(
            chain.map(({ run }) => run.checks!.longestChain),
            0,
          ),
          ...floorCells(chain),
        }),
      );
      rows.push(
        row({
          scenario: `(d) throughput floor of (${scenario.key}): requests × ${scenario.latencyMs} ms ÷ ${concurrency}`,
          'runs (exit 0)': `${throughput.length}/${plannedRuns}`,
          requests: cell(
            throughput.map(({ run }) => run.requests),
            0,
          ),
          ...floorCells(throughput),
        }),
      );
    }
  }
  return markdown(HEADER, rows);
}

/** A goal of issue #28 beside its measure: the medians of the runs that measured it. */
interface Goal {
  readonly what: string;
  readonly unit: string;
  readonly goal: number;
  /** Whether the goal is a most (wall, memory, CPU) or a least (requests in flight). */
  readonly most: boolean;
  readonly values: readonly number[];
  readonly digits: number;
}

/**
 * Each goal of issue #28 beside its measure and their ratio (measure ÷ goal; met when at most 1 for
 * a most, at least 1 for a least). Memory is that of a default run, whose CLI hosts the reference
 * service; CPU per request is the CLI's own against the reference in the bench's process.
 */
export function goalsTable(
  runs: readonly RunMeasure[],
  startups: readonly StartupMeasure[],
  concurrency: number,
  latencyMs: number,
): string {
  const of = (key: Scenario['key']): RunMeasure[] => runs.filter((r) => r.scenario === key && r.exitCode !== null);
  const version = startups.filter((s) => s.option === '--version' && s.exitCode !== null);
  const goals: Goal[] = [
    {
      what: 'default run wall (a)',
      unit: 's',
      goal: 2.5,
      most: true,
      values: of('a').map((r) => r.wallMs / 1000),
      digits: 2,
    },
    {
      what: `+${latencyMs} ms run wall ÷ its floor (b)`,
      unit: '×',
      goal: 1.5,
      most: true,
      values: of('b').flatMap((r) => {
        const floor = largerFloorMs(r, concurrency);
        return floor ? [r.wallMs / floor] : [];
      }),
      digits: 2,
    },
    {
      what: 'peak memory of a default run, whole process tree (e)',
      unit: 'MB',
      goal: 300,
      most: true,
      values: of('e').flatMap((r) => (r.cpu?.peakTreeKb === undefined ? [] : [r.cpu.peakTreeKb / MIB])),
      digits: 0,
    },
    {
      what: "the suite's own CPU per request, reference in another process (a)",
      unit: 'ms',
      goal: 1,
      most: true,
      values: of('a').flatMap((r) => (r.cpu && r.requests ? [(r.cpu.cpuMs - r.cpu.referenceMs) / r.requests] : [])),
      digits: 2,
    },
    {
      what: `mean requests in flight, first request to last (b)`,
      unit: '',
      goal: concurrency,
      most: false,
      values: of('b').flatMap((r) => (r.activeMs > 0 ? [r.requestMs / r.activeMs] : [])),
      digits: 1,
    },
    {
      what: '`--version` wall',
      unit: 's',
      goal: 0.1,
      most: true,
      values: version.map((s) => s.wallMs / 1000),
      digits: 2,
    },
  ];
  const rows = goals.map((g) => {
    const median = spread(g.values)?.median;
    const ratio = median === undefined ? undefined : median / g.goal;
    const met = ratio === undefined ? '—' : (g.most ? ratio <= 1 : ratio >= 1) ? 'yes' : 'no';
    return [
      g.what,
      `${cell(g.values, g.digits)}${g.unit && g.unit !== '×' ? ` ${g.unit}` : ''}`,
      `${g.most ? '≤' : '≥'} ${g.goal}${g.unit && g.unit !== '×' ? ` ${g.unit}` : g.unit}`,
      ratio === undefined ? '—' : ratio.toFixed(2),
      met,
    ];
  });
  return markdown(['goal of issue #28', 'measure (median, range)', 'goal', 'measure ÷ goal', 'met'], rows);
}

/** One start-up run: `node bin/aes-conformance.js <option>`, which exits before any target is reached. */
export interface StartupMeasure {
  readonly option: string;
  readonly wallMs: number;
  readonly exitCode: number | null;
  readonly usage?: ProcessUsage;
}

export function startupTable(options: readonly string[], runs: readonly StartupMeasure[], plannedRuns: number): string {
  const rows = options.map((option) => {
    const finished = runs.filter((r) => r.option === option && r.exitCode !== null);
    const usage = finished.flatMap((r) => (r.usage ? [r.usage] : []));
    return [
      `\`node bin/aes-conformance.js ${option}\``,
      `${finished.length}/${plannedRuns} (${finished.filter((r) => r.exitCode === 0).length})`,
      cell(
        finished.map((r) => r.wallMs / 1000),
        2,
      ),
      cell(
        usage.map((u) => u.cpuMs / 1000),
        2,
      ),
      cell(
        usage.flatMap((u) => (u.maxRssKb === undefined ? [] : [u.maxRssKb / MIB])),
        0,
      ),
    ];
  });
  return markdown(['start-up', 'runs (exit 0)', 'wall s', 'CPU s', 'max RSS MB'], rows);
}

// `--merge`: the summary.json files of several runs (one per CI machine, each with `--shard i/n`)
// become one run again, from which every report is written as after a single run.

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { newAjv } from '../schema/ajv.js';
import { ConfigError } from '../config.js';
import { titleOf } from '../result/check-name.js';
import { surelyDeclared, wholeOfShards } from '../result/selection.js';
import { summarise, WHOLE_SUITE, worstOutcome } from '../result/aggregate.js';
import { RUN_CHECK_PREFIX } from '../result/settle.js';
import type {
  CheckResult,
  RunResult,
  RunStop,
  RunTarget,
  Selection,
  Throttling,
  WaiverReport,
} from '../result/model.js';
import { applyWaivers, waiverDay, waiverLabel, type WaiverFile } from '../waivers/waivers.js';
import { SUMMARY_SCHEMA } from './summary-json.js';
import { SPECIFICATION } from '../contract/specification.js';

/** The parts of summary.json a merge reads (the schema guarantees them). */
interface SummaryDocument {
  readonly suite: RunResult['suite'];
  /** Absent in summaries written before the specification was pinned. */
  readonly specification?: { readonly file: string; readonly sha256: string };
  readonly target: RunResult['target'];
  readonly profile: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly settings: Readonly<Record<string, string>>;
  readonly stop?: RunStop;
  /** Back-pressure each run waited out, when it met any. */
  readonly throttling?: Throttling;
  /** Absent in summaries written before selections were recorded: read as the whole suite. */
  readonly selection?: Selection;
  /** The waiver report of each run, when it had a waiver file. */
  readonly waivers?: WaiverReport;
  /** summary.json's checks: a CheckResult without `title`, which follows from `name`. */
  readonly checks: ReadonlyArray<Omit<CheckResult, 'title'>>;
}

export interface SummarySource {
  /** Where it was read from, for messages. */
  readonly source: string;
  readonly summary: SummaryDocument;
}

let validator: ReturnType<ReturnType<typeof newAjv>['compile']> | undefined;

/** Reads and validates summary.json from each report directory (or file path) given. */
export async function readSummaries(paths: readonly string[]): Promise<SummarySource[]> {
  validator ??= newAjv().compile(SUMMARY_SCHEMA);
  const validate = validator;
  return Promise.all(
    paths.map(async (path) => {
      const file = (await stat(path).catch(() => undefined))?.isDirectory() ? join(path, 'summary.json') : path;
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new ConfigError(`--merge: cannot read ${file}: ${(error as Error).message}`);
      }
      if (!validate(parsed)) {
        const first = validate.errors?.[0];
        throw new ConfigError(
          `--merge: ${file} is not a summary.json of this suite: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim(),
        );
      }
      return { source: file, summary: parsed as SummaryDocument };
    }),
  );
}

/**
 * One run from several: the checks of all (each check at most once), requirement outcomes,
 * counts and exit code computed afresh; the earliest start and the time until the last run ended;
 * the first stop, if any run stopped. The runs must share suite version, profile and target
 * (runs against an embedded reference service each had their own port: the target is then shown as embedded).
 */
/** `today`: the day waivers are judged on; by default the day the first merged run started, as for a single run. */
export function mergeSummaries(sources: readonly SummarySource[], waiverFile?: WaiverFile, today?: string): RunResult {
  const [first] = sources;
  if (!first) throw new ConfigError('--merge: nothing to merge');
  const summaries = sources.map((s) => s.summary);
  const same = (what: string, value: (s: SummaryDocument) => string): void => {
    const values = new Set(summaries.map(value));
    if (values.size > 1)
      throw new ConfigError(
        `--merge: the runs differ in ${what} (${[...values].join(' vs ')}): merge only runs of one configuration`,
      );
  };
  same('suite version', (s) => `${s.suite.name} ${s.suite.version}`);
  same('profile', (s) => s.profile);
  // The merged reports name this suite's specification: a run that checked another cannot be part of them.
  const other = summaries.find(
    (s) => s.specification && s.specification.sha256 !== SPECIFICATION.sha256,
  )?.specification;
  if (other)
    throw new ConfigError(
      `--merge: a run checked another specification (SHA-256 ${other.sha256}) than this suite (${SPECIFICATION.sha256}): merge with the suite that made the runs`,
    );
  const allEmbedded = summaries.every((s) => s.target.embedded);
  if (!allEmbedded) same('target', (s) => `${s.target.baseUrl ?? 'embedded'}`);
  const target = mergedFields(
    TARGET_MERGE,
    summaries.map((s) => s.target),
  );

  const checks: CheckResult[] = [];
  const seen = new Map<string, string>();
  for (const { source, summary } of sources) {
    for (const check of summary.checks) {
      const earlier = seen.get(check.id);
      // Each shard settles its own findings into run checks (one per published operation): keep the worst.
      if (earlier !== undefined && check.id.startsWith(RUN_CHECK_PREFIX)) {
        const at = checks.findIndex((c) => c.id === check.id);
        if (worstOutcome([check.outcome, checks[at]!.outcome]) !== checks[at]!.outcome)
          checks[at] = { ...check, title: titleOf(check.name) };
        continue;
      }
      if (earlier !== undefined) {
        throw new ConfigError(
          `--merge: the check "${check.id}" is in both ${earlier} and ${source}: merge runs of distinct shards`,
        );
      }
      seen.set(check.id, source);
      checks.push({ ...check, title: titleOf(check.name) });
    }
  }

  const starts = summaries.map((s) => Date.parse(s.startedAt));
  const start = Math.min(...starts);
  const selection = mergedFields(
    SELECTION_MERGE,
    summaries.map((s) => s.selection ?? WHOLE_SUITE),
  );

  // A waiver file at merge time is applied afresh to the merged checks (as after one run, on the day
  // the runs started, to the checks their selection chose); without one, the runs' own waiver marks
  // stand and their waiver reports are combined.
  let waivers: WaiverReport | undefined;
  let merged: CheckResult[] = checks;
  if (waiverFile) {
    const chosen = { only: selection.only, exclude: selection.exclude ?? [] };
    const declared = (id: string): boolean => wholeOfShards(selection.shards) && surelyDeclared(chosen, id);
    ({ checks: merged, report: waivers } = applyWaivers(checks, waiverFile, today ?? waiverDay(new Date(start)), {
      declared,
    }));
  } else
    waivers = mergedWaivers(
      summaries.flatMap((s) => (s.waivers ? [s.waivers] : [])),
      checks,
    );

  const end = Math.max(...summaries.map((s, i) => (starts[i] ?? start) + s.durationMs));
  const stopped = sources.find((s) => s.summary.stop);
  const stop = stopped?.summary.stop
    ? { ...stopped.summary.stop, message: `${stopped.source}: ${stopped.summary.stop.message}` }
    : undefined;
  // Shards run side by side: their back-pressure answers and waits add up.
  const throttled = summaries.flatMap((s) => (s.throttling ? [s.throttling] : []));
  const throttling = throttled.length
    ? { responses: sum(throttled.map((t) => t.responses)), waitMs: sum(throttled.map((t) => t.waitMs)) }
    : undefined;
  const run = summarise(merged, {
    suite: first.summary.suite,
    target,
    profile: first.summary.profile,
    startedAt: new Date(start).toISOString(),
    durationMs: Math.max(0, end - start),
    settings: mergedSettings(summaries.map((s) => s.settings)),
    selection,
    ...(stop ? { stop } : {}),
    ...(waivers ? { waivers } : {}),
  });
  return throttling ? { ...run, throttling } : run;
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** The runs' waiver reports as one: expired entries once each, stale ones only if no run's failure was waived by them. */
function mergedWaivers(reports: readonly WaiverReport[], checks: readonly CheckResult[]): WaiverReport | undefined {
  const [first] = reports;
  if (!first) return undefined;
  const used = new Set(checks.flatMap((c) => c.waived?.by ?? []));
  const expired = new Map<string, WaiverReport['expired'][number]>();
  for (const e of reports.flatMap((r) => r.expired)) {
    const earlier = expired.get(waiverLabel(e));
    expired.set(waiverLabel(e), { ...e, failures: [...new Set([...(earlier?.failures ?? []), ...e.failures])] });
  }
  const stale = new Map(
    reports
      .flatMap((r) => r.stale)
      .filter((e) => !used.has(waiverLabel(e)))
      .map((e) => [waiverLabel(e), e]),
  );
  const unmatched = new Map(
    reports
      .flatMap((r) => r.unmatched ?? [])
      .filter((e) => !checks.some((c) => c.id === e.check))
      .map((e) => [waiverLabel(e), e]),
  );
  return {
    file: first.file,
    entries: Math.max(...reports.map((r) => r.entries)),
    waived: checks.filter((c) => c.outcome === 'fail' && c.waived).length,
    expired: [...expired.values()],
    stale: [...stale.values()],
    ...(unmatched.size ? { unmatched: [...unmatched.values()] } : {}),
  };
}

/** How each field of the runs' records becomes the merged run's; every field is named (the type makes a new field a compile error here), so a merge drops none. */
type FieldMerge<T> = { readonly [K in keyof Required<T>]: (values: ReadonlyArray<T[K]>) => T[K] | undefined };

/** The runs' records as one, field by field; a field merged to undefined is left out. */
function mergedFields<T extends object>(merge: FieldMerge<T>, all: readonly T[]): T {
  const fields = Object.keys(merge) as Array<keyof T>;
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = merge[field](all.map((record) => record[field]));
      return value === undefined ? [] : [[field, value]];
    }),
  ) as T;
}

const defined = <V>(values: ReadonlyArray<V | undefined>): V[] => [
  ...new Set(values.filter((v): v is V => v !== undefined)),
];

/** Where the runs went: one base URL (embedded runs each had their own port: none then), every proxy, unverified TLS if any run was. */
const TARGET_MERGE: FieldMerge<RunTarget> = {
  baseUrl: (values) => (new Set(values).size === 1 ? values[0]! : null),
  embedded: (values) => values.every(Boolean),
  proxy: (values) => defined(values).join(' | ') || undefined,
  insecure: (values) => (values.some(Boolean) ? true : undefined),
};

/**
 * What the merged runs covered: the union of their `--only` lists (everything if any ran everything),
 * every shard run, read-only if any was, every `--exclude` item; the union of their `--grep` patterns as one
 * (none if any run had none); `--max-failures` if any run stopped at it. Whether that covers the catalog
 * follows from the checks themselves.
 */
const SELECTION_MERGE: FieldMerge<Selection> = {
  only: (values) => (values.some((only) => only.length === 0) ? [] : [...new Set(values.flat())]),
  shards: (values) => [...new Set(values.flat())],
  readOnly: (values) => values.some(Boolean),
  exclude: (values) => [...new Set(values.flatMap((exclude) => exclude ?? []))],
  grep: (values) => {
    if (values.some((grep) => grep === undefined)) return undefined;
    const patterns = defined(values);
    return patterns.length === 1 ? patterns[0] : patterns.map((p) => `(?:${p})`).join('|');
  },
  stoppedAfterFailures: (values) => (defined(values).length ? Math.min(...defined(values)) : undefined),
};

/** Each setting once; a setting whose value differed between the runs (the embedded port, the run marker) lists them all. */
function mergedSettings(all: ReadonlyArray<Readonly<Record<string, string>>>): Record<string, string> {
  const values = new Map<string, Set<string>>();
  for (const settings of all) {
    for (const [name, value] of Object.entries(settings)) values.set(name, (values.get(name) ?? new Set()).add(value));
  }
  return Object.fromEntries([...values].map(([name, set]) => [name, [...set].join(' | ')]));
}

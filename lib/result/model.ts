// One result model; every report (JUnit, HTML, summary JSON, console) is written from it.

import type { Level, RequirementArea } from '../contract/requirements/index.js';

/** OCI-style outcomes: `fail` = the target broke a rule; `error` = the suite or the connection failed. */
export type Outcome = 'pass' | 'fail' | 'skip' | 'error';

export interface Evidence {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBodyExcerpt?: string;
  readonly status?: number;
  readonly responseHeaders?: Readonly<Record<string, string>>;
  readonly responseBodyExcerpt?: string;
  /** Replays the request; the key is read from `$API_KEY`. */
  readonly curl: string;
}

export interface CheckResult {
  /** Stable across runs and titles: the id declared beside the check (`agents.create.every-field`, lib/result/check-id.ts). */
  readonly id: string;
  readonly file: string;
  /** Endpoint group or cross-cutting area the check belongs to (its top-level describe). */
  readonly group: string;
  /** The test title without the requirement prefix. */
  readonly title: string;
  /** `[REQ-A, REQ-B] title`, as shown in JUnit. */
  readonly name: string;
  readonly requirements: readonly string[];
  readonly outcome: Outcome;
  readonly durationMs: number;
  /** Failure or error text (key redacted). */
  readonly message?: string;
  readonly skipReason?: string;
  /** On `fail`: the requirement ids the violation names (may differ from `requirements`, e.g. SCHEMA-PUBLISHED). */
  readonly violated?: readonly string[];
  /** On a fail: where the violation was seen, when its judgement knew (the message reads `[ids] <where>: <what was wrong>`). */
  readonly where?: string;
  /** On a check the run added for a finding: the other places the same cause was seen at. */
  readonly alsoSeenAt?: readonly string[];
  readonly evidence?: Evidence;
  /** fast-check seed and path, when the check is a property. */
  readonly seed?: number;
  readonly path?: string;
  /** Requests the check sent (shared discovery: counted in the check that performed it). */
  readonly requests?: number;
  /** The most of those requests that ran one after another (did not overlap in time). */
  readonly requestChain?: number;
  /** Things a reader should know that are not violations (portability notes and the like). */
  readonly notes?: readonly string[];
  /** Violations the check saw on the way but does not itself judge; settled into checks of their own (see lib/result/settle.ts). */
  readonly findings?: readonly Finding[];
  /** Operations whose responses the check compared with the target's published schema (settled into one check per operation). */
  readonly publishedChecked?: readonly string[];
  /** On a skip: the id of the failing check whose violation kept this one from running. */
  readonly blockedBy?: string;
  /** On a fail: the waiver(s) that accepted it. The check stays `fail`; it does not fail the run. */
  readonly waived?: Waived;
}

/** Why a failure is waived: the waiver entries (`REQ-ID` or `check <id>`), their reason and the earliest expiry. */
export interface Waived {
  readonly by: readonly string[];
  readonly reason: string;
  readonly expires?: string;
}

/** One entry of a waiver file: exactly one of `requirement` and `check`. */
export interface WaiverEntry {
  readonly requirement?: string;
  readonly check?: string;
  readonly reason: string;
  /** `YYYY-MM-DD`: the last day the waiver waives (UTC). */
  readonly expires?: string;
}

/** What the waiver file did in a run. */
export interface WaiverReport {
  /** The waiver file as given (`conformance.waivers.yaml` when found in the working directory). */
  readonly file: string;
  /** How many entries it has. */
  readonly entries: number;
  /** Failed checks it waived. */
  readonly waived: number;
  /** Entries past their date: they waive nothing; `failures` are the failed checks they would have covered. */
  readonly expired: ReadonlyArray<WaiverEntry & { readonly failures: readonly string[] }>;
  /** Unexpired entries whose checks ran and none failed for them: the rule passes now; remove the waiver. */
  readonly stale: readonly WaiverEntry[];
  /** Unexpired `check:` entries whose id matches no check of a run that surely declared it (removed, mistyped). */
  readonly unmatched?: readonly WaiverEntry[];
}

/**
 * A violation seen where no check of its rule was running: discovery of data, a list read for its
 * items, or a response compared with the target's published schema. The run turns each distinct cause into one failing check.
 */
export interface Finding {
  /** `observed`: a rule broken on the way; `published-schema`: a response that does not match the target's own published schema. */
  readonly kind: 'observed' | 'published-schema';
  readonly requirements: readonly string[];
  readonly summary: string;
  /** Where it was seen, when its judgement knew: the summary reads `<where>: <what was wrong>`. */
  readonly where?: string;
  /** `GET /v1/runs`: the operation whose response it concerns. */
  readonly operation?: string;
  readonly status?: number;
  /** For published-schema findings: the schema location that failed (e.g. `/run/status: must be one of ...`). */
  readonly location?: string;
  readonly evidence?: Evidence;
  /** How many times the check saw it (published-schema findings of one location are counted, the first kept as the example). */
  readonly count?: number;
}

export interface RequirementResult {
  readonly id: string;
  readonly level: Level;
  readonly area: RequirementArea;
  readonly section: string;
  readonly summary: string;
  /** Worst outcome over the checks that carry it (fail > error > pass > skip); `untested` when none ran. */
  readonly outcome: Outcome | 'untested';
  readonly checks: readonly string[];
  /** On a skip: the rules its checks failed on before they verified it (not verified, but no skip either). */
  readonly stoppedBy?: readonly string[];
}

/** What the run was asked to cover: a partial selection leaves requirements untested. */
export interface Selection {
  /** `--only` items (groups, requirement ids); empty: everything. */
  readonly only: readonly string[];
  /** `--shard` shares run (one per merged run); empty: the whole suite. */
  readonly shards: readonly string[];
  readonly readOnly: boolean;
  /** `--exclude` items (groups, requirement ids) not run; absent in summaries written before it existed. */
  readonly exclude?: readonly string[];
  /** `--grep`: only checks whose id or title matched this pattern ran. */
  readonly grep?: string;
  /** `--max-failures` was reached: the run stopped after this many failing checks, the rest not run. */
  readonly stoppedAfterFailures?: number;
}

/** A requirement the profile requires that no check verified, and why. */
export interface Untested {
  readonly id: string;
  readonly level: Level;
  readonly reason: string;
}

export interface RunStop {
  /**
   * `interrupted`: SIGINT or SIGTERM stopped the run; the checks that finished are reported, the others as not run.
   * `throttled`: the target answered only with back-pressure (429, or 503 with Retry-After) for THROTTLE_GIVE_UP_MS.
   */
  readonly kind: 'config' | 'unreachable' | 'unauthenticated' | 'internal' | 'interrupted' | 'throttled';
  readonly message: string;
  /** The signal that interrupted the run (exit code 130 or 143). */
  readonly signal?: InterruptSignal;
}

export type ExitCode = 0 | 1 | 2 | 130 | 143;

/** Where the run's requests went, and how: through a proxy (its address without credentials), TLS unverified. */
export interface RunTarget {
  readonly baseUrl: string | null;
  readonly embedded: boolean;
  readonly proxy?: string;
  /** INSECURE (--insecure): the target's TLS certificate was not verified; every report says so. */
  readonly insecure?: true;
}

export type InterruptSignal = 'SIGINT' | 'SIGTERM';

/** Back-pressure (429, or 503 with Retry-After) a run waited out. */
export interface Throttling {
  readonly responses: number;
  /** Time during which every request waited (overlapping waits counted once). */
  readonly waitMs: number;
}

export interface RunResult {
  readonly suite: { readonly name: string; readonly version: string };
  readonly target: RunTarget;
  readonly profile: string;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Settings as shown to readers: the key is `[redacted]`. */
  readonly settings: Readonly<Record<string, string>>;
  readonly selection: Selection;
  readonly checks: readonly CheckResult[];
  readonly requirements: readonly RequirementResult[];
  /** Requirements the profile requires (MUST; SHOULD too under strict) left unverified: the run is then partial. */
  readonly untested: readonly Untested[];
  readonly counts: Readonly<Record<Outcome, number>> & { readonly total: number };
  /** Set when the run stopped before the suites (bad configuration, dead target, rejected key), was interrupted, or was stopped by a target that only throttled. */
  readonly stop?: RunStop;
  /** Set when a waiver file was in effect. */
  readonly waivers?: WaiverReport;
  /** Set when the target answered with back-pressure: how often, and how long the run waited in all. */
  readonly throttling?: Throttling;
  /** 0 conformant, 1 violations or errors, 2 configuration, target unreachable or throttled, 130/143 interrupted (SIGINT/SIGTERM). */
  readonly exitCode: ExitCode;
  readonly verdict: Verdict;
  /** The groups of the checks, in display order (endpoint groups in the spec's order, then the cross-cutting areas). */
  readonly groups: readonly string[];
}

/**
 * `passed-partial`: no check failed or errored, but requirements the profile requires were left unverified.
 * `throttled`: a stop, by a target that answered only with back-pressure.
 */
export type Verdict =
  'conformant' | 'passed-partial' | 'violations' | 'errors' | 'stopped' | 'interrupted' | 'throttled';

/** The ids a check speaks for: those it verifies and those its violation names (e.g. SCHEMA-PUBLISHED). */
export function requirementIdsOf(check: CheckResult): readonly string[] {
  return [...new Set([...check.requirements, ...(check.violated ?? [])])];
}

// Waivers: known failures a team has accepted for a while, each with its reason and an optional
// expiry. A waived failure is still reported as a failure, marked waived; it no longer fails the
// run, but the run is then not shown conformant. An expired waiver waives nothing; a waiver whose
// rule now passes is stale, and a waiver whose check id matches no check of a run that surely
// declared it is listed as matching no check: both in every report, so they can be removed.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { ConfigError } from '../config.js';
import { isRequirementId } from '../contract/requirements/index.js';
import type { CheckResult, WaiverEntry, WaiverReport } from '../result/model.js';
import { isCheckId } from '../result/check-id.js';
import { RUN_CHECK_PREFIX } from '../result/settle.js';

/** Looked for in the working directory when neither `--waivers` nor `WAIVERS` names a file. */
const DEFAULT_WAIVER_FILE = 'conformance.waivers.yaml';

export interface WaiverFile {
  /** The path as given (or the default file's name), for messages and reports. */
  readonly file: string;
  readonly waivers: readonly WaiverEntry[];
}

const ENTRY_KEYS = ['requirement', 'check', 'reason', 'expires'] as const;

/**
 * The waiver file in effect: `WAIVERS` (the `--waivers` option sets it) names one that must exist;
 * otherwise `conformance.waivers.yaml` in `cwd` if present; otherwise none.
 */
export function loadWaivers(setting: string | undefined, cwd: string = process.cwd()): WaiverFile | undefined {
  const given = setting?.trim();
  const path = given ? resolve(cwd, given) : resolve(cwd, DEFAULT_WAIVER_FILE);
  if (!given && !existsSync(path)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `waivers: cannot read ${given || DEFAULT_WAIVER_FILE}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return parseWaivers(text, given || DEFAULT_WAIVER_FILE);
}

/**
 * Parses and strictly validates a waiver file:
 *
 * ```yaml
 * waivers:
 *   - requirement: LIST-PAGE-SIZE-RESPECTED   # or check: <a check id from --list or summary.json>
 *     reason: "ticket AES-123: the gap is fixed in 2.4"
 *     expires: 2026-12-31                      # optional; waives through that day (UTC)
 * ```
 */
export function parseWaivers(text: string, file: string): WaiverFile {
  const fail = (message: string): never => {
    throw new ConfigError(`${file}: ${message}`);
  };
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) fail(`not valid YAML: ${doc.errors[0]!.message.split('\n')[0]}`);
  const root: unknown = doc.toJS();
  if (root === null || root === undefined) return { file, waivers: [] };
  if (typeof root !== 'object' || Array.isArray(root))
    fail('expected a mapping with one key, `waivers` (a list of entries)');
  const unknownTop = Object.keys(root as object).filter((k) => k !== 'waivers');
  if (unknownTop.length)
    fail(`unknown key ${unknownTop.map((k) => JSON.stringify(k)).join(', ')} (only \`waivers\` is allowed at the top)`);
  const list = (root as { waivers?: unknown }).waivers ?? [];
  if (!Array.isArray(list)) fail('`waivers` must be a list of entries');
  const seen = new Map<string, number>();
  const waivers = (list as unknown[]).map((raw, index): WaiverEntry => {
    const at = (message: string): never => fail(`entry ${index + 1}: ${message}`);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      return at('expected a mapping with `requirement` or `check`, and `reason`');
    const entry = raw as Record<string, unknown>;
    const unknown = Object.keys(entry).filter((k) => !(ENTRY_KEYS as readonly string[]).includes(k));
    if (unknown.length)
      at(`unknown key ${unknown.map((k) => JSON.stringify(k)).join(', ')} (allowed: ${ENTRY_KEYS.join(', ')})`);
    const hasRequirement = entry['requirement'] !== undefined;
    const hasCheck = entry['check'] !== undefined;
    if (hasRequirement === hasCheck)
      at('give exactly one of `requirement` (a requirement id) or `check` (a check id from summary.json)');
    const name = hasRequirement ? 'requirement' : 'check';
    const target = entry[name];
    if (typeof target !== 'string' || !target.trim()) return at(`\`${name}\` must be a non-empty string`);
    let id = target.trim();
    if (hasRequirement) {
      id = id.toUpperCase();
      if (!isRequirementId(id)) at(`unknown requirement id ${JSON.stringify(target)} (see --list)`);
    } else if (!isCheckId(id) && !id.startsWith(RUN_CHECK_PREFIX)) {
      at(
        `\`check\` must be a check id as --list and summary.json's checks[].id spell it (lowercase dotted words, e.g. agents.create.every-field; or a run check's run::…), not ${JSON.stringify(target)}`,
      );
    }
    const where = `entry ${index + 1} (${id})`;
    const reason = entry['reason'];
    if (typeof reason !== 'string' || !reason.trim())
      fail(`${where}: \`reason\` is missing or empty: every waiver says why`);
    const expires = entry['expires'];
    if (expires !== undefined && !(typeof expires === 'string' && isCalendarDate(expires))) {
      fail(
        `${where}: \`expires\` must be a date YYYY-MM-DD, not ${JSON.stringify(expires instanceof Date ? expires.toISOString() : expires)}`,
      );
    }
    const key = `${name}:${id}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) fail(`${where}: the same ${name} as entry ${earlier}`);
    seen.set(key, index + 1);
    return {
      ...(hasRequirement ? { requirement: id } : { check: id }),
      reason: (reason as string).trim(),
      ...(expires === undefined ? {} : { expires: expires as string }),
    };
  });
  return { file, waivers };
}

/** `YYYY-MM-DD` naming a real day. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A waiver with `expires: D` waives through day D (UTC) and no longer from the day after. */
function isExpired(entry: WaiverEntry, today: string): boolean {
  return entry.expires !== undefined && entry.expires < today;
}

/** What an entry is written for: `requirement X` or `check Y`. */
export const waiverLabel = (entry: WaiverEntry): string =>
  entry.requirement ? entry.requirement : `check ${entry.check}`;

/** The ids a failed check's violation names: each must be waived for the failure to be waived. */
const violatedIds = (check: CheckResult): readonly string[] =>
  check.violated?.length ? check.violated : check.requirements;

/** The checks an entry is written for: those of its requirement (verifying it or violating it), or its one check. */
function matches(entry: WaiverEntry, check: CheckResult): boolean {
  if (entry.check !== undefined) return entry.check === check.id;
  return check.requirements.includes(entry.requirement!) || (check.violated ?? []).includes(entry.requirement!);
}

/**
 * Whether an entry answers for requirement `id` violated by `check`: a waiver of that requirement,
 * or a waiver of that check when `id` is one of the check's own requirements (a check waiver never
 * answers for a finding or another rule the check happened to break).
 */
function answersFor(entry: WaiverEntry, check: CheckResult, id: string): boolean {
  if (entry.check !== undefined) return entry.check === check.id && check.requirements.includes(id);
  return entry.requirement === id;
}

export interface WaiverOptions {
  /**
   * Whether the run surely declared the check of this id (lib/result/selection.ts, surelyDeclared): a check
   * waiver matching no check of the run then matches no check at all. By default every check was declared.
   */
  readonly declared?: (checkId: string) => boolean;
}

/**
 * Marks the failed checks the waivers cover and reports on every waiver. A failed check is waived
 * when every requirement its violation names has an unexpired waiver answering for it: a waiver of
 * that requirement, or, for the check's own requirements only, a waiver of the check id (a waiver of
 * one rule never silences another rule's violation). Errors are never waived: they are not a verdict
 * on the target. Waiver marks a check already carries are replaced.
 */
export function applyWaivers(
  checks: readonly CheckResult[],
  waivers: WaiverFile,
  today: string,
  options: WaiverOptions = {},
): { checks: CheckResult[]; report: WaiverReport } {
  const active = waivers.waivers.filter((w) => !isExpired(w, today));
  const used = new Set<WaiverEntry>();
  const result = checks.map((original): CheckResult => {
    const { waived: _drop, ...check } = original;
    if (check.outcome !== 'fail') return check;
    // For each violated id, the check's own waiver if it answers for it, else that requirement's.
    const covering = violatedIds(check).map(
      (id) =>
        active.find((w) => w.check !== undefined && answersFor(w, check, id)) ??
        active.find((w) => answersFor(w, check, id)),
    );
    if (!covering.length || covering.some((w) => w === undefined)) return check;
    const entries = [...new Set(covering as WaiverEntry[])];
    entries.forEach((w) => used.add(w));
    const expires = entries.flatMap((w) => (w.expires ? [w.expires] : [])).sort()[0];
    return {
      ...check,
      waived: {
        by: entries.map(waiverLabel),
        reason: [...new Set(entries.map((w) => w.reason))].join('; '),
        ...(expires ? { expires } : {}),
      },
    };
  });
  const ran = (w: WaiverEntry): CheckResult[] => checks.filter((c) => matches(w, c) && c.outcome !== 'skip');
  // An expired entry's failures: those now counting that it would have answered for (not those another entry still waives).
  const expired = waivers.waivers
    .filter((w) => isExpired(w, today))
    .map((w) => ({
      ...w,
      failures: result
        .filter((c) => c.outcome === 'fail' && !c.waived && violatedIds(c).some((id) => answersFor(w, c, id)))
        .map((c) => c.id),
    }));
  // Stale: its rule's checks ran and none failed (for a requirement: none failed for it) or errored.
  // A waiver whose checks did not run (--only, --exclude, a shard, a skip) says nothing either way.
  const declared = options.declared ?? (() => true);
  const unmatched = active.filter((w) => w.check !== undefined && !checks.some((c) => c.id === w.check));
  // A check id no check of a run that surely declared it has (removed, mistyped) can never waive anything;
  // the run's own checks (`run::…`) exist only when seen, so their absence says nothing.
  const matchingNone = unmatched.filter((w) => isCheckId(w.check!) && declared(w.check!));
  const stale = active
    .filter((w) => !used.has(w) && !unmatched.includes(w))
    .filter((w) => {
      const its = ran(w);
      const failing = its.filter(
        (c) =>
          c.outcome === 'error' ||
          (c.outcome === 'fail' && (w.check !== undefined || violatedIds(c).includes(w.requirement!))),
      );
      return its.length > 0 && failing.length === 0;
    });
  return {
    checks: result,
    report: {
      file: waivers.file,
      entries: waivers.waivers.length,
      waived: result.filter((c) => c.waived).length,
      expired,
      stale,
      ...(matchingNone.length ? { unmatched: matchingNone } : {}),
    },
  };
}

/** Today as the waivers read it: the run's start date, UTC. */
export const waiverDay = (startedAt: Date): string => startedAt.toISOString().slice(0, 10);

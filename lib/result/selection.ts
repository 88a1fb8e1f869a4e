// Check selection, in one place: what `--only` and `--exclude` name (endpoint groups, requirement
// ids, check ids, and what a target publishes beyond the 20 endpoints), the suite files vitest loads
// for it, which checks a worker declares (`selects`), and whether a run surely declared a check (for
// waivers). The run, `--list`, `--rerun-failed` (the failed checks' ids) and `--merge` all read it here.

import { ConfigError } from '../config.js';
import { GROUPS } from '../contract/endpoints.js';
import { isRequirementId, type RequirementId } from '../contract/requirements/index.js';
import { isCheckId } from './check-id.js';
import type { Selection } from './model.js';

/** The group name that selects every check of operations published beyond the 20 endpoints (`--only published`). */
export const PUBLISHED_GROUP = 'published';

export const GROUP_NAMES: readonly string[] = [...GROUPS, 'auth', 'http', PUBLISHED_GROUP];

/** The suite files of a group, as vitest filters them (`suites/agents.` holds agents.create and agents.fields). */
export const groupFilePrefix = (group: string): string => `suites/${group}.`;

/** What a worker declares, as the plan carries it; nothing given: every check. */
export interface Choice {
  /** Checks carrying one of these requirement ids. */
  readonly only?: readonly RequirementId[];
  /** Checks of these groups (`--only agents,AUTH-MISSING-KEY` is both). */
  readonly onlyGroups?: readonly string[];
  /** Published operation ids or document names (`listTestCases`, `test-cases`): the generic layer's checks of those. */
  readonly onlyPublished?: readonly string[];
  /** Checks of these ids. */
  readonly onlyChecks?: readonly string[];
  /** No check carrying one of these requirement ids. */
  readonly exclude?: readonly RequirementId[];
  readonly excludeChecks?: readonly string[];
  /** `--grep`: only checks whose id or title this pattern matches (a regular expression, any case). */
  readonly grep?: string;
}

/** A check as selection sees it: its id, its group, its requirement ids, and the other names that select it (a published check's document and operation id). */
export interface Selectable {
  readonly id: string;
  readonly group: string;
  readonly requirements: readonly string[];
  readonly subjects?: readonly string[];
  /** What `--grep` reads beside the id; absent (a check known by id only): the id alone. */
  readonly title?: string;
}

/** Whether the choice declares this check. */
export function selects(choice: Choice, check: Selectable): boolean {
  const { id, group, requirements, subjects = [] } = check;
  if (choice.grep !== undefined && !grepped(choice.grep, check)) return false;
  if (choice.exclude?.some((r) => requirements.includes(r)) || choice.excludeChecks?.includes(id)) return false;
  if (!choice.only && !choice.onlyGroups && !choice.onlyPublished && !choice.onlyChecks) return true;
  const named = (names: readonly string[] | undefined): boolean =>
    !!names?.some((name) => name === group || subjects.includes(name));
  return (
    named(choice.onlyGroups) ||
    named(choice.onlyPublished) ||
    !!choice.only?.some((r) => requirements.includes(r)) ||
    !!choice.onlyChecks?.includes(id)
  );
}

/**
 * What `--only` and `--exclude` chose: their items as the catalog spells them, the suite files (as vitest
 * filters; none: every file), and what the plan declares.
 */
export interface Chosen {
  readonly only: string[];
  readonly exclude: string[];
  readonly files: string[];
  readonly declared: Choice;
  /** `--only` items to confirm against what the target publishes (withPublished). */
  readonly pendingPublished: readonly string[];
}

const isGroup = (item: string): boolean => GROUP_NAMES.includes(item);

/** Items as the catalog spells them (groups and check ids in lower case, requirement ids in upper case), and those that are none of these, as typed. */
function readItems(given: readonly string[]): { items: string[]; unknown: string[] } {
  const spelt = given.map((item) =>
    isGroup(item.toLowerCase()) || isCheckId(item.toLowerCase()) ? item.toLowerCase() : item.toUpperCase(),
  );
  const known = (item: string): boolean => isGroup(item) || isRequirementId(item) || isCheckId(item);
  return {
    items: [...new Set(spelt.filter(known))],
    unknown: [...new Set(given.filter((_item, i) => !known(spelt[i]!)))],
  };
}

const unknownItems = (option: string, unknown: readonly string[], published = false): ConfigError =>
  new ConfigError(
    `${option}: unknown group${published ? ', requirement id, check id, or published operation or document' : ', requirement id or check id'}: ${unknown.join(', ')}. Groups: ${GROUP_NAMES.join(', ')}; requirement ids and check ids: see --list${published ? '; published operations and documents: --list with BASE_URL set' : ''}.`,
  );

/**
 * Items as the catalog spells them: groups and check ids in lower case, requirement ids in upper case,
 * whatever case was typed. Anything else is a configuration error that names the valid groups.
 */
export function selectedItems(only: readonly string[], option = '--only'): string[] {
  const { items, unknown } = readItems(only);
  if (unknown.length) throw unknownItems(option, unknown);
  return items;
}

/**
 * `--only agents,AUTH-MISSING-KEY,auth.no-key.agents-list`: the checks of the groups, the checks carrying
 * the requirement ids and the checks of the ids, together. `--exclude` takes the same items away: excluded
 * groups' files are not run, and no check naming an excluded requirement id (a check naming several is left
 * out if any of them is excluded) or of an excluded id is run. Only groups alone narrow the files vitest
 * loads: a requirement or a check may be in any file.
 */
/** Whether `--grep`'s pattern matches the check's id or title. */
const grepped = (pattern: string, { id, title }: Pick<Selectable, 'id' | 'title'>): boolean => {
  const regex = new RegExp(pattern, 'i');
  return regex.test(id) || (title !== undefined && regex.test(title));
};

/** `--grep`'s pattern, refused when it is no regular expression. */
function grepPattern(pattern: string): string {
  try {
    new RegExp(pattern, 'i');
  } catch (error) {
    throw new ConfigError(`--grep: ${JSON.stringify(pattern)} is no regular expression (${(error as Error).message})`);
  }
  return pattern;
}

export function selection(only: readonly string[], exclude: readonly string[] = [], grep?: string): Chosen {
  const { items, unknown: pendingPublished } = readItems(only);
  const excluded = selectedItems(exclude, '--exclude');
  const [groups, ids, checks] = [items.filter(isGroup), items.filter(isRequirementId), items.filter(isCheckId)];
  const [excludedGroups, excludedIds, excludedChecks] = [
    excluded.filter(isGroup),
    excluded.filter(isRequirementId),
    excluded.filter(isCheckId),
  ];
  const narrowedByGroups = groups.length > 0 && !ids.length && !checks.length;
  const loaded = narrowedByGroups ? groups : GROUP_NAMES;
  const files =
    narrowedByGroups || excludedGroups.length
      ? loaded.filter((g) => !excludedGroups.includes(g)).map(groupFilePrefix)
      : [];
  if (excludedGroups.length && !files.length)
    throw new ConfigError(`--exclude ${excluded.join(',')} leaves no group to run`);
  const byItems = ids.length > 0 || checks.length > 0;
  const declared: Choice = {
    ...(ids.length ? { only: ids } : {}),
    ...(checks.length ? { onlyChecks: checks } : {}),
    ...(groups.length && byItems ? { onlyGroups: groups } : {}),
    ...(excludedIds.length ? { exclude: excludedIds } : {}),
    ...(excludedChecks.length ? { excludeChecks: excludedChecks } : {}),
    ...(grep === undefined ? {} : { grep: grepPattern(grep) }),
  };
  return { only: items, exclude: excluded, files, declared, pendingPublished };
}

/** Whether the published names must be read: items only they can confirm, or check ids that may be an operation id (`runs.list`). */
export const asksPublished = (chosen: Chosen): boolean =>
  chosen.pendingPublished.length > 0 || !!chosen.declared.onlyChecks?.length;

/**
 * `--only` items that are neither a group, a requirement id nor a check id, confirmed against `names`
 * (what the target publishes beyond the 20 endpoints): the published checks of those names join the
 * selection, as do those of a check id that is also a published name (it selects both).
 */
export function withPublished(chosen: Chosen, names: ReadonlySet<string>): Chosen {
  const alsoPublished = (chosen.declared.onlyChecks ?? []).filter((id) => names.has(id));
  if (!chosen.pendingPublished.length && !alsoPublished.length) return chosen;
  if (chosen.exclude.includes(PUBLISHED_GROUP)) {
    throw new ConfigError(
      `--only ${chosen.pendingPublished.join(',')}: published operations or documents, but --exclude published leaves out every check of what the target publishes beyond the 20 endpoints`,
    );
  }
  const missing = chosen.pendingPublished.filter((name) => !names.has(name));
  if (missing.length) throw unknownItems('--only', missing, true);
  const published = groupFilePrefix(PUBLISHED_GROUP);
  const files = chosen.files.length
    ? [...new Set([...chosen.files, published])]
    : chosen.only.length
      ? []
      : [published];
  const onlyPublished = [...chosen.pendingPublished, ...alsoPublished];
  const declared = {
    ...chosen.declared,
    onlyPublished,
    ...(chosen.files.length && chosen.only.length ? { onlyGroups: chosen.only.filter(isGroup) } : {}),
  };
  return { ...chosen, only: [...chosen.only, ...chosen.pendingPublished], files, declared, pendingPublished: [] };
}

/**
 * Whether a run of this selection surely declared the check of `id` (so its absence from the results means
 * no check has the id): when it chose every check, or named the id. Otherwise (groups, requirement ids,
 * published names, a shard) it may have left the check out, and says nothing.
 */
export function surelyDeclared(
  chosen: { readonly only: readonly string[]; readonly exclude: readonly string[] },
  id: string,
): boolean {
  // An excluded group or requirement may be the check's own.
  if (chosen.exclude.includes(id) || !chosen.exclude.every(isCheckId)) return false;
  return chosen.only.length === 0 || chosen.only.includes(id);
}

/**
 * What left checks of the suite out of a run beyond whole requirements (those the run reports as not verified):
 * a run of some of a requirement's checks verified less than that requirement, even where every requirement had a
 * check that ran and passed. Empty: every selected requirement ran all its checks.
 */
export function checksLeftOut(selection: Selection): string[] {
  const exclude = selection.exclude ?? [];
  const alone = selection.only.filter(isCheckId);
  return [
    ...(exclude.length ? [`--exclude ${exclude.join(',')}`] : []),
    ...(alone.length ? [`--only ${alone.join(',')}`] : []),
    ...(selection.grep === undefined ? [] : [`--grep ${selection.grep}`]),
    ...(wholeOfShards(selection.shards) ? [] : [`--shard ${selection.shards.join(', ')}`]),
    ...(selection.stoppedAfterFailures ? [`--max-failures ${selection.stoppedAfterFailures}`] : []),
  ];
}

/** Shards `i/n` that together are the whole suite (every index of one count). */
export function wholeOfShards(shards: readonly string[]): boolean {
  if (!shards.length) return true;
  const counts = new Set(shards.map((s) => s.split('/')[1]));
  if (counts.size !== 1) return false;
  const n = Number([...counts][0]);
  return Number.isInteger(n) && new Set(shards.map((s) => s.split('/')[0])).size === n;
}

/**
 * What `--rerun-failed` selects from an earlier run's checks: each check that failed (waived failures
 * aside) or errored, by its id; a check the run itself added (a finding seen on the way, a published
 * schema, a problem: `run::…`) has no declaration to select, so the checks of its requirements.
 */
export function rerunItems(
  checks: ReadonlyArray<{
    readonly id: string;
    readonly outcome: string;
    readonly requirements: readonly string[];
    readonly waived?: unknown;
  }>,
): string[] {
  const failed = checks.filter((c) => (c.outcome === 'fail' && !c.waived) || c.outcome === 'error');
  return [...new Set(failed.flatMap((c) => (isCheckId(c.id) ? [c.id] : c.requirements)))];
}

/** Whether `--list` shows a check of the inventory: its suite file's group, a requirement id it carries or its id chosen, none of them excluded, and `--grep` matching its id or title as in a run. */
export function listed(
  chosen: Pick<Chosen, 'only' | 'exclude'> & Pick<Choice, 'grep'>,
  check: {
    readonly id: string;
    readonly file: string;
    readonly requirements: readonly string[];
    readonly title?: string;
  },
): boolean {
  const named = (item: string): boolean =>
    isGroup(item)
      ? check.file.startsWith(groupFilePrefix(item))
      : isCheckId(item)
        ? check.id === item
        : check.requirements.includes(item);
  if (chosen.grep !== undefined && !grepped(chosen.grep, check)) return false;
  return !chosen.exclude.some(named) && (chosen.only.length === 0 || chosen.only.some(named));
}

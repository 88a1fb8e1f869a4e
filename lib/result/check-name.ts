// A check's name is `[ID-A, ID-B] title`: the requirement ids lead, so every report says which
// rule broke. The ids themselves travel in the task's meta (lib/protocol); a name pattern selects
// by them where only names are at hand (waivers, merged shards).

const PREFIX = /^\[([^\]]*)\]\s*/;

export const checkName = (ids: readonly string[], title: string): string => `[${ids.join(', ')}] ${title}`;

/** The name without its requirement ids. */
export const titleOf = (name: string): string => name.replace(PREFIX, '');

/**
 * The test-name pattern of a selection: names carrying one of `include` (when any is given) and
 * none of `exclude` (a check naming several ids is left out if any of them is excluded).
 */
export function selectionPattern(include: readonly string[], exclude: readonly string[]): string | undefined {
  const included = include.length ? namePatternFor(include) : undefined;
  return exclude.length ? `^(?!.*${namePatternFor(exclude)})${included ? `.*${included}` : ''}` : included;
}

/** A pattern matching the names (also with describe blocks in front) whose ids include one of `ids` exactly. */
export const namePatternFor = (ids: readonly string[]): string => `\\[(?:[^\\]]*, )?(?:${ids.join('|')})(?:, [^\\]]*)?\\]`;

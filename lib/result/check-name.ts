// A check's name is `[ID-A, ID-B] title`: the requirement ids lead, so every report says
// which rule broke, and reports, --only, --list and the proof read the ids back from it.

const PREFIX = /^\[([^\]]*)\]\s*/;

export const checkName = (ids: readonly string[], title: string): string => `[${ids.join(', ')}] ${title}`;

/** The requirement ids a check's name leads with. */
export function requirementsInName(name: string): string[] {
  const ids = PREFIX.exec(name)?.[1];
  return ids ? ids.split(/,\s*/) : [];
}

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

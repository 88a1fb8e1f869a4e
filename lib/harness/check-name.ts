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

/** A pattern matching the names (also with describe blocks in front) whose ids include one of `ids` exactly. */
export const namePatternFor = (ids: readonly string[]): string => `\\[(?:[^\\]]*, )?(?:${ids.join('|')})(?:, [^\\]]*)?\\]`;

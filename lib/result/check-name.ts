// A check's name is `[ID-A, ID-B] title`: the requirement ids lead, so every report says which
// rule broke. The name is prose for readers; what selects, waives and merges a check is its id
// (lib/result/check-id.ts).

const PREFIX = /^\[([^\]]*)\]\s*/;

export const checkName = (ids: readonly string[], title: string): string => `[${ids.join(', ')}] ${title}`;

/** The name without its requirement ids. */
export const titleOf = (name: string): string => name.replace(PREFIX, '');

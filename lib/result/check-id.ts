// A check's stable id (as Kubernetes' `Testname`): short, lowercase, dotted words of letters, digits
// and dashes, unique in a run, declared beside the check. Waivers, `--only`, `--rerun-failed` and
// `--merge` key on it, so a check's title is free prose: renaming it changes nothing of these.

const SEGMENT = '[a-z0-9]+(?:-[a-z0-9]+)*';

/** `agents.create.every-field`: at least two segments. */
export const CHECK_ID = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT})+$`);

export const isCheckId = (text: string): boolean => CHECK_ID.test(text);

/**
 * One segment of an id made of a table row's key (an endpoint, a field, an operation id): camelCase
 * and anything that is no letter or digit become dashes. Keys, never titles: an id never follows prose.
 */
export const idSegment = (key: string | number): string =>
  String(key)
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'x';

/** An id from a literal prefix and segments each made of a key (`checkIdOf('lists.order-by', listId)`). */
export const checkIdOf = (prefix: string, ...keys: ReadonlyArray<string | number>): string =>
  [prefix, ...keys.map(idSegment)].join('.');

/** A value a check sends, as a segment: `absent`, `empty`, or its JSON text (`[42]` → `42`). */
export const valueKey = (value: unknown): string => {
  if (value === undefined) return 'absent';
  const key = idSegment(JSON.stringify(value));
  return key === 'x' ? 'empty' : key;
};

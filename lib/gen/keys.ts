// Invalid API keys in the shapes an implementation commonly lets through: empty, and the valid
// key one edit away (a character added, removed or changed, the letter case changed). Not a
// blank key, nor the valid key with spaces around it: HTTP strips spaces from a header value,
// so those arrive as the empty key and the valid key.

export interface KeyShape {
  /** How the shape reads in a check's title. */
  readonly what: string;
  /** The invalid key made from the valid one; undefined when the shape cannot be made from it. */
  of(valid: string): string | undefined;
}

/** Another character than `c`, from the same class where there is one (a digit for a digit). */
const otherThan = (c: string): string => (/\d/.test(c) ? (c === '7' ? '3' : '7') : c === 'x' ? 'y' : 'x');

function otherCase(key: string): string | undefined {
  const swapped = [...key].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  return swapped === key ? undefined : swapped;
}

export const INVALID_KEY_SHAPES: readonly KeyShape[] = [
  { what: 'an empty X-API-Key', of: () => '' },
  { what: 'the valid key with a character added', of: (key) => `${key}${otherThan(key.at(-1) ?? 'x')}` },
  { what: 'the valid key without its last character', of: (key) => (key.length > 1 ? key.slice(0, -1) : undefined) },
  {
    what: 'the valid key with its last character changed',
    of: (key) => (key.length ? `${key.slice(0, -1)}${otherThan(key.at(-1)!)}` : undefined),
  },
  { what: 'the valid key in another letter case', of: otherCase },
];

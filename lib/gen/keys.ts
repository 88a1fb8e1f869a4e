// Invalid API keys in the shapes an implementation commonly lets through: empty, the valid
// key one edit away (a character added, removed or changed, the letter case changed), the
// valid key wrapped as a parser of another header would unwrap it (quoted, after a scheme, twice
// as a list), and the valid key in an encoding a server might undo (percent, base64, an HTML
// entity), and the valid key beside a character HTTP does not strip but a trimming reader does (a no-break
// space), and the valid key in a compatibility form a Unicode normaliser maps back to it (full-width letters, a
// ligature, a superscript digit). Not a blank key, nor the valid key with spaces around it: HTTP strips spaces from
// a header value, so those arrive as the empty key and the valid key.
// And the headers a request may carry beside the key, none of which lets it in without it.

export interface KeyShape {
  /** How the shape reads in a check's title. */
  readonly what: string;
  /** The invalid key made from the valid one; undefined when the shape cannot be made from it. */
  of(valid: string): string | undefined;
  /** Sent to one endpoint per read/write kind: a decoding a server applies to the header, it applies to every endpoint alike. */
  readonly once?: true;
}

/** Another character than `c`, from the same class where there is one (a digit for a digit). */
const otherThan = (c: string): string => (/\d/.test(c) ? (c === '7' ? '3' : '7') : c === 'x' ? 'y' : 'x');

/** A character's UTF-8 bytes percent-encoded, every one of them (`-` too, which encodeURIComponent keeps). */
const percentEncoded = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

function otherCase(key: string): string | undefined {
  const swapped = [...key].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  return swapped === key ? undefined : swapped;
}

/** ASCII letters as their full-width forms (U+FF21 on): NFKC gives the letters back. */
const fullWidthLetters = (key: string): string =>
  key.replace(/[A-Za-z]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));

/** Ligatures whose compatibility decomposition is the letters they join. */
const LIGATURES: ReadonlyArray<readonly [string, string]> = [
  ['ffi', '\ufb03'],
  ['ffl', '\ufb04'],
  ['ff', '\ufb00'],
  ['fi', '\ufb01'],
  ['fl', '\ufb02'],
  ['st', '\ufb06'],
];

/** The first pair of letters a ligature joins, as that ligature. */
function withLigature(key: string): string {
  for (const [letters, ligature] of LIGATURES) if (key.includes(letters)) return key.replace(letters, ligature);
  return key;
}

const SUPERSCRIPT_DIGITS = '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079';

/** The last digit as its superscript form. */
function withSuperscript(key: string): string {
  const at = key.search(/\d\D*$/);
  return at < 0 ? key : `${key.slice(0, at)}${SUPERSCRIPT_DIGITS[Number(key[at])]}${key.slice(at + 1)}`;
}

/**
 * A compatibility form of the key as a header carries it: its UTF-8 bytes, one Latin-1 character each (what an HTTP
 * client sends byte for byte); undefined when the form leaves the key as it was.
 */
const compatible =
  (form: (key: string) => string) =>
  (key: string): string | undefined => {
    const made = form(key);
    return made === key ? undefined : Buffer.from(made, 'utf8').toString('latin1');
  };

export const INVALID_KEY_SHAPES: readonly KeyShape[] = [
  { what: 'an empty X-API-Key', of: () => '' },
  { what: 'the valid key with a character added', of: (key) => `${key}${otherThan(key.at(-1) ?? 'x')}` },
  { what: 'the valid key without its last character', of: (key) => (key.length > 1 ? key.slice(0, -1) : undefined) },
  {
    what: 'the valid key with its last character changed',
    of: (key) => (key.length ? `${key.slice(0, -1)}${otherThan(key.at(-1)!)}` : undefined),
  },
  { what: 'the valid key in another letter case', of: otherCase },
  { what: 'the valid key in double quotes', of: (key) => `"${key}"` },
  { what: 'the valid key in single quotes', of: (key) => `'${key}'` },
  { what: 'the valid key after a scheme (`Bearer <key>`)', of: (key) => `Bearer ${key}` },
  // One field line: two X-API-Key lines a proxy may join read the same, but a client sending two breaks HTTP's rule for a singleton field.
  { what: 'the valid key twice, as a list (`<key>, <key>`)', of: (key) => `${key}, ${key}` },
  // Encodings a server might undo before comparing (a query-string helper, a Basic-auth reader, an HTML unescape).
  {
    what: 'the valid key percent-encoded, every character',
    of: (key) => (key ? percentEncoded(key) : undefined),
    once: true,
  },
  {
    what: 'the valid key with its first character percent-encoded',
    of: (key) => (key ? `${percentEncoded(key.slice(0, 1))}${key.slice(1)}` : undefined),
    once: true,
  },
  {
    what: 'the valid key base64-encoded',
    of: (key) => (key ? Buffer.from(key).toString('base64') : undefined),
    once: true,
  },
  {
    what: 'the valid key with its first character as an HTML entity (`&#NN;`)',
    of: (key) =>
      key ? `&#${key.codePointAt(0)!};${key.slice(String.fromCodePoint(key.codePointAt(0)!).length)}` : undefined,
    once: true,
  },
  // HTTP strips only spaces and tabs around a value; String.prototype.trim and \s strip a no-break space too.
  { what: 'the valid key with a no-break space (U+00A0) after it', of: (key) => `${key}\u00a0`, once: true },
  { what: 'the valid key with a no-break space (U+00A0) before it', of: (key) => `\u00a0${key}`, once: true },
  // Compatibility forms a Unicode normaliser (NFKC, NFKD) maps to the valid key: other strings, sent as their UTF-8 bytes.
  {
    what: 'the valid key with its letters in full-width form (U+FF41 for `a`)',
    of: compatible(fullWidthLetters),
    once: true,
  },
  {
    what: 'the valid key with a ligature (U+FB06 for `st`, U+FB01 for `fi`)',
    of: compatible(withLigature),
    once: true,
  },
  { what: 'the valid key with a superscript digit (U+00B9 for `1`)', of: compatible(withSuperscript), once: true },
  // Characters a collation ignores (Unicode's default-ignorables): a key compared as text is sorted, not matched.
  { what: 'the valid key with a soft hyphen (U+00AD, byte AD) after it', of: (key) => `${key}\u00ad`, once: true },
  {
    what: 'the valid key with a soft hyphen (U+00AD, byte AD) after its first character',
    of: (key) => `${key.slice(0, 1)}\u00ad${key.slice(1)}`,
    once: true,
  },
  {
    what: 'the valid key with a zero-width space (U+200B) after it',
    of: compatible((key) => `${key}\u200b`),
    once: true,
  },
];

export interface HeadersBesideKey {
  /** How the headers read in a check's title. */
  readonly what: string;
  /** The headers, for a request of `method`. */
  of(method: string): Record<string, string>;
}

/** A browser's cross-origin request: its origin, and the preflight's questions for the actual request. */
const ORIGIN = { Origin: 'http://localhost:3000' };
const preflight = (method: string) => ({
  'Access-Control-Request-Method': method,
  'Access-Control-Request-Headers': 'x-api-key, content-type',
});

/**
 * Headers a request may carry beside the key that a server might take as a reason to skip it: CORS
 * (a preflight's headers, on a request that is not one), forwarding naming loopback (trusted as the
 * service's own traffic), and a method override naming the request's own method (so a server honouring
 * it serves the same endpoint). Never OPTIONS itself: what it answers is not shown.
 */
export const HEADERS_BESIDE_KEY: readonly HeadersBesideKey[] = [
  { what: 'Origin', of: () => ORIGIN },
  {
    what: 'Access-Control-Request-Method',
    of: (method) => ({ 'Access-Control-Request-Method': method }),
  },
  { what: 'Access-Control-Request-Headers', of: () => ({ 'Access-Control-Request-Headers': 'x-api-key' }) },
  { what: "a CORS preflight's headers together", of: (method) => ({ ...ORIGIN, ...preflight(method) }) },
  { what: 'X-Forwarded-For', of: () => ({ 'X-Forwarded-For': '127.0.0.1' }) },
  { what: 'X-Forwarded-Host', of: () => ({ 'X-Forwarded-Host': 'localhost' }) },
  { what: 'X-Real-IP', of: () => ({ 'X-Real-IP': '127.0.0.1' }) },
  { what: 'Forwarded', of: () => ({ Forwarded: 'for=127.0.0.1;host=localhost;proto=https' }) },
  { what: 'X-HTTP-Method-Override', of: (method) => ({ 'X-HTTP-Method-Override': method }) },
];

/** Every header of HEADERS_BESIDE_KEY on one request: a server skipping the key for any one of them skips it here. */
export const ALL_HEADERS_BESIDE_KEY: HeadersBesideKey = {
  what: 'all of them together',
  of: (method) => Object.assign({}, ...HEADERS_BESIDE_KEY.map((h) => h.of(method))) as Record<string, string>,
};

// Valid values of the less common shapes, per kind of field: what a field's valid space holds
// beside the typical value (digits only, "0" alone, words a parser knows, markup, several lines, other
// scripts, astral characters, JSON-looking text, replacement and format patterns, every line ending (U+2028, U+2029 and NEL too), format characters, a leading formula character; the rarer forms
// of e-mail addresses, URLs (and those a normalizer rewrites) and phone numbers; keys of an object field that a document store or a path syntax reads). A server must store each as sent; a few a careful server may refuse instead
// (`mayRefuse`: control characters in a name or beyond a line break and a tab in text, forms a common
// validator does not know). The first shape of each kind is one no server may refuse.
// Every value is NFC-stable and has no blank at either end: no reasonable server trims or normalises it.

import type { JsonObject } from '../util/json.js';

/** What a field holds: a name (one line, carries the run marker), free text, a formatted value, or a key of an object field. */
export type ValueKind = 'name' | 'text' | 'email' | 'url' | 'phone' | 'key';

export interface ShapedValue {
  /** What is unusual about it, as a report says it. */
  readonly shape: string;
  readonly value: string;
  /** A careful server may refuse it (INVALID_ARGUMENT naming the field) rather than store it. */
  readonly mayRefuse?: boolean;
  /** What is unusual is its first character: a name carries the run marker at its end instead of in front. */
  readonly leads?: boolean;
  /**
   * What is unusual is the whole text (digits only, a word or value JSON reads): a name is sent without the run
   * marker, short enough that the resource layer leaves it unmarked, as it leaves the shortest names.
   */
  readonly whole?: boolean;
}

/** How long LONG_TEXT is: past the common silent column bounds (255, 500), far under any request size bound. */
export const LONG_TEXT_LENGTH = 1000;

/**
 * Text of LONG_TEXT_LENGTH characters, no blank at either end: where no maximum is stated a server may refuse it past a
 * bound of its own (INVALID_ARGUMENT naming the field), or store it whole; a column that cuts it silently loses data.
 */
export const LONG_TEXT: ShapedValue = {
  shape: `${LONG_TEXT_LENGTH} characters (no maximum stated: stored whole, or refused past a bound of the server's)`,
  value: 'Long text, line after line; '.repeat(LONG_TEXT_LENGTH / 20).slice(0, LONG_TEXT_LENGTH - 1) + '.',
  mayRefuse: true,
};

const TEXT: readonly ShapedValue[] = [
  { shape: 'digits only, a leading zero', value: '0042', whole: true },
  { shape: 'a word a parser knows', value: 'null', whole: true },
  { shape: 'markup, quotes and backslashes', value: `<b>bold</b> & "double" 'single' \\ back/slash` },
  { shape: 'several lines and a tab', value: 'first line\nsecond line\n\tindented third' },
  // Line endings are data: a server that normalises them (to LF, as a text area does) changes the value.
  { shape: 'Windows line endings (CRLF)', value: 'first line\r\nsecond line\r\nthird' },
  { shape: 'old Mac (CR) and mixed line endings', value: 'cr only\rcrlf\r\nlf\nend' },
  // JSON carries these raw; a sanitizer for JSON inside script drops U+2028 and U+2029, a cleaner of invisibles the rest.
  { shape: 'Unicode line and paragraph separators (U+2028, U+2029)', value: 'line\u2028separator\u2029paragraph' },
  {
    shape: 'format characters (U+200B, U+200D, U+FEFF, U+00AD)',
    value: 'zero\u200bwidth join\u200ded in\ufeffside soft\u00adhyphen',
  },
  // NEL is a C1 control: a careful server may refuse it as it may refuse the C0 controls.
  { shape: 'a next-line character (U+0085)', value: 'next\u0085line', mayRefuse: true },
  { shape: 'astral characters and emoji sequences', value: '𝒜 😀 👩‍👩‍👧 🇫🇷 \u{10000}' },
  { shape: 'right-to-left and other scripts', value: 'שלום עולם 中文 한국어 Ωß हिन्दी' },
  // JSON's values, each the whole text: a server that parses what reads as JSON stores an object, a list, true or a number.
  { shape: 'JSON-looking text (an object)', value: '{"a":[1,null]}', whole: true },
  { shape: 'a JSON list', value: '["a","b",true]', whole: true },
  { shape: 'a JSON boolean', value: 'true', whole: true },
  { shape: 'escape-looking text and two blanks inside', value: 'literal \\n and \\u0041  %20 &amp;' },
  { shape: 'a number in exponent form', value: '1e3', whole: true },
  // A spreadsheet reads these as formulas: a CSV-injection guard that prefixes an apostrophe changes the value.
  { shape: 'a leading equals sign (a formula)', value: '=SUM(A1:A3)', leads: true },
  { shape: 'a leading plus sign', value: '+1 callers, week 48', leads: true },
  { shape: 'a leading minus sign', value: '-2 on the last run', leads: true },
  { shape: 'a leading at sign', value: '@support team', leads: true },
  // A template engine run over stored text (at save, not at send) renders these away or fails on them.
  { shape: 'template-like text', value: '{{var}} {{ var }} ${var} {var} %s <%= x %>' },
  // A replacement string (`String.prototype.replace`, `re.sub`) or a format call (printf, `str.format`) reads these.
  {
    shape: 'replacement and format patterns',
    value: "Quote $$5 plus $& tax, $` and $' then $1 {{prompt}} %s %d %% {0}",
  },
  // Valid inside a JSON string; a store that cannot hold NUL may refuse them, but never fails on them.
  {
    shape: 'control characters (NUL, U+0001, U+001F, DEL)',
    value: 'NUL\u0000SOH\u0001US\u001fDEL\u007fend',
    mayRefuse: true,
  },
  // Falsy in PHP (`empty("0")`) and in a template's truth test: a presence check that reads it so refuses a valid value.
  { shape: 'the one character "0"', value: '0', whole: true },
  LONG_TEXT,
];

/** A name is one line: a careful server may refuse a control character (a line break, a tab) in it. The run marker goes in front. */
const NAME: readonly ShapedValue[] = TEXT.map((v) =>
  /[\r\n\t\u2028\u2029]/.test(v.value) ? { ...v, mayRefuse: true } : v,
);

const EMAIL: readonly ShapedValue[] = [
  { shape: 'a plus tag and dots', value: 'first.last+review@example.com' },
  { shape: 'a one-character local part and a deep domain', value: 'x@mail.example.co.uk' },
  { shape: 'digits only before the @', value: '0042@example.com' },
  { shape: 'hyphen and underscore', value: 'a-b_c@ex-ample.com' },
  { shape: 'an apostrophe', value: "o'neil@example.com", mayRefuse: true },
];

/** Every URL names example.com (public DNS resolves it; a server may refuse a name that does not resolve). */
const URL_VALUES: readonly ShapedValue[] = [
  { shape: 'a port, a query and an escape', value: 'https://example.com:8443/hooks/outbound?tenant=42&mode=a%20b' },
  { shape: 'plain HTTP, a tilde and a trailing slash', value: 'http://example.com/path-with_chars~tilde/' },
  // Forms a URL normalizer rewrites (`new URL(value).href`): each is valid and must come back as sent.
  { shape: 'no path', value: 'https://example.com' },
  { shape: 'an upper-case host', value: 'https://EXAMPLE.com/hooks' },
  { shape: 'an escape in lower case', value: 'https://example.com/hooks/a%2fb' },
  // Rarer forms a careful server may refuse: the default port written out, dot segments (a path-traversal guard).
  { shape: 'the default port written out', value: 'https://example.com:443/hooks', mayRefuse: true },
  { shape: 'dot segments', value: 'https://example.com/a/../hooks', mayRefuse: true },
];

/**
 * A wss:// URL (a WEBSOCKET endpoint) in each valid form, each written as the WHATWG URL standard serialises it
 * (lower-case host, no default port, no dot segments): a server that normalises URLs answers the same text.
 */
export const WSS_URLS: readonly ShapedValue[] = [
  { shape: 'a query string', value: 'wss://example.com/ws?token=abc&mode=a%20b' },
  { shape: 'an explicit port other than the default', value: 'wss://example.com:8443/ws' },
  { shape: 'a longer path', value: 'wss://example.com/v2/agents/voice/stream' },
  { shape: 'a trailing slash', value: 'wss://example.com/ws/' },
];

const PHONE: readonly ShapedValue[] = [
  { shape: 'an E.164 number outside North America', value: '+442071838750' },
  { shape: 'an E.164 number of 15 digits, the most E.164 allows', value: '+882123456789012' },
  { shape: 'a SIP address', value: 'sip:alice@pbx.example.com' },
  { shape: 'a SIP address whose user is a phone number', value: 'sip:+14155550123@pbx.example.com' },
  {
    shape: 'a SIPS address with a port and a parameter',
    value: 'sips:alice@pbx.example.com:5061;transport=tls',
    mayRefuse: true,
  },
];

/** Names every JavaScript object inherits: a store that looks a key up with `in`, or copies with `Object.assign`, loses or invents them. */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

/**
 * Names no table of the specification lists, which a careless lookup still finds: those every JavaScript object
 * inherits (a table read with `in`, or off a plain object) and `deleted`, the agent's soft-delete flag, internal and
 * never returned (a table read off a stored row's columns). Refused wherever the specification lists the allowed names.
 */
export const UNLISTED_NAMES: readonly string[] = [...PROTOTYPE_KEYS, 'valueOf', 'deleted'];

/**
 * Keys of an object field the specification leaves free (a JSON document, a free-form map): any JSON key is valid.
 * A document store reads dots and `$` as paths and operators, a form library blanks and digits; each must come back
 * as a key of its own. An empty key a careful server may refuse.
 */
const KEY: readonly ShapedValue[] = [
  { shape: 'a dotted key', value: 'customer.name' },
  { shape: 'a key with a dollar sign', value: '$set' },
  { shape: 'a key with blanks inside', value: 'order  total' },
  { shape: 'a key of digits only', value: '0042' },
  { shape: 'a key in other scripts', value: 'clé ключ 键' },
  { shape: 'a key with brackets and a slash', value: 'items[0]/id' },
  { shape: 'an empty key', value: '', mayRefuse: true },
  // A careful server may refuse a key named like a prototype member; one it accepts comes back as a key of its own.
  ...PROTOTYPE_KEYS.map((key) => ({ shape: `a key named ${key}`, value: key, mayRefuse: true })),
];

export const SHAPED_VALUES: Readonly<Record<ValueKind, readonly ShapedValue[]>> = {
  name: NAME,
  text: TEXT,
  email: EMAIL,
  url: URL_VALUES,
  phone: PHONE,
  key: KEY,
};

/** How many requests it takes to send every shape of every kind once: the most shapes of one kind. */
export const shapeCount = (kinds: Iterable<ValueKind>): number =>
  Math.max(0, ...[...kinds].map((kind) => SHAPED_VALUES[kind].length));

/** The `index`th shape of a kind (kinds with fewer shapes start again). */
export const shapedValue = (kind: ValueKind, index: number): ShapedValue => {
  const values = SHAPED_VALUES[kind];
  return values[index % values.length]!;
};

/**
 * How deep a free-form object field's JSON is nested: valid JSON, far under any size limit, past the depth limit of
 * common stores (MySQL's JSON columns: 100) and parsers. A server accepts it or refuses it; never fails on it.
 */
export const NESTING_DEPTHS: readonly number[] = [100, 200];

/** A JSON object nested `levels` (an even number) deep, objects and lists in turn: {"level": [{"level": [... ["deepest"]]}]}. */
export function nestedValue(levels: number): JsonObject {
  let value: JsonObject[string] = ['deepest'];
  for (let level = 2; level <= levels; level++) value = level % 2 ? [value] : { level: value };
  return value as JsonObject;
}

/**
 * Free-form JSON wide rather than deep: an object of more keys than a store reads back in one batch (1,000 is a
 * common LIMIT and page), and an object holding a list of more elements; small values, each document under 10 KB (a mutation's
 * config_overrides holds one), far under every size limit. A server stores and reads back each whole.
 */
export const WIDE_VALUES: readonly { readonly shape: string; readonly value: JsonObject[string] }[] = [
  {
    shape: 'an object of 1,100 keys',
    value: Object.fromEntries(Array.from({ length: 1100 }, (_, i) => [i.toString(36).padStart(2, '0'), i % 10])),
  },
  { shape: 'a list of 2,500 elements', value: { elements: Array.from({ length: 2500 }, (_, i) => i % 10) } },
];

/** Every character an ID of 22 alphanumeric characters may hold, 0, 1, I, O and l (which ShortUUID leaves out) among them. */
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** IDs of 22 alphanumeric characters that together hold every one of them, and begin with a digit, an upper-case and a lower-case letter. */
export const EVERY_CHARACTER_IDS: readonly string[] = [0, 22, 44].map((start) =>
  ALPHANUMERIC.repeat(2).slice(start, start + 22),
);

/**
 * An ID of the same form from the ShortUUID alphabet, beginning with a letter (as a name grammar's identifier does): a
 * server takes or refuses it alike with EVERY_CHARACTER_IDS.
 */
export const SHORTUUID_ID = 'ABCDEFGHJKLMNPQRSTUVWX';

// The shaped values are valid by construction: each stays valid however a careful server reads
// it (NFC-stable, no blank at either end, within every limit of its kind's fields), so a refusal
// or a change is the server's doing; and every kind has a value it must store.

import { expect, test } from 'vitest';
import { newRunMarker } from '../../lib/config.js';
import { FIELD_LIMITS } from '../../lib/contract/limits.js';
import {
  LONG_TEXT,
  NESTING_DEPTHS,
  PROTOTYPE_KEYS,
  WIDE_VALUES,
  SHAPED_VALUES,
  nestedValue,
  shapeCount,
  shapedValue,
  WSS_URLS,
  type ValueKind,
} from '../../lib/gen/values.js';

const KINDS = Object.keys(SHAPED_VALUES) as ValueKind[];
/** The shortest maximum among the fields of the suite's tables (mutation description: 2000; names: 200). */
const NAME_MAX = Math.min(
  ...FIELD_LIMITS.filter((l) => l.field === 'display_name').map((l) => ('max' in l ? l.max : Infinity)),
);

test.each(KINDS)('every %s value is NFC-stable, without a blank at either end, and short', (kind) => {
  for (const { value, shape } of SHAPED_VALUES[kind]) {
    expect(value.normalize('NFC'), shape).toBe(value);
    expect(value.trim(), shape).toBe(value);
    // A name carries the run marker in front: room is left for it. LONG_TEXT is long on purpose (a field without a maximum).
    if (value !== LONG_TEXT.value) expect([...value].length, shape).toBeLessThanOrEqual(NAME_MAX - 40);
  }
});

test.each(KINDS)('%s has values a server must store, the first among them, and shapes named once', (kind) => {
  expect(SHAPED_VALUES[kind][0]!.mayRefuse ?? false).toBe(false);
  const shapes = SHAPED_VALUES[kind].map((v) => v.shape);
  expect(new Set(shapes).size).toBe(shapes.length);
});

test('a name may be refused only for a control character, a line separator or its length; free text only for a control beyond a line ending and a tab or its length', () => {
  const long = (v: { value: string }) => v.value === LONG_TEXT.value;
  for (const v of SHAPED_VALUES.name)
    expect(v.mayRefuse ?? false, v.shape).toBe(long(v) || /[\u0000-\u001f\u0085\u2028\u2029]/.test(v.value));
  for (const v of SHAPED_VALUES.text)
    expect(v.mayRefuse ?? false, v.shape).toBe(
      long(v) || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0085]/.test(v.value),
    );
  // Unicode line separators and format characters are kept in free text: no shape holding them may be refused.
  for (const char of ['\u2028', '\u2029', '\u200b', '\u200d', '\ufeff', '\u00ad'])
    expect(
      SHAPED_VALUES.text.some((v) => !v.mayRefuse && v.value.includes(char)),
      JSON.stringify(char),
    ).toBe(true);
  expect(SHAPED_VALUES.text.some((v) => v.mayRefuse && v.value.includes('\u0000'))).toBe(true);
  // Every line ending: LF, CRLF, CR alone.
  for (const ending of [/[^\r]\n/, /\r\n/, /\r[^\n]/])
    expect(SHAPED_VALUES.text.some((v) => ending.test(v.value))).toBe(true);
});

test('a key of an object field may be refused only when empty or named like a prototype member', () => {
  for (const v of SHAPED_VALUES.key)
    expect(v.mayRefuse ?? false, v.shape).toBe(v.value === '' || PROTOTYPE_KEYS.includes(v.value));
  expect(SHAPED_VALUES.key.some((v) => v.value === '__proto__')).toBe(true);
  expect(SHAPED_VALUES.key.some((v) => v.value.includes('.'))).toBe(true);
});

test('formatted values are what their formats say', () => {
  for (const { value } of SHAPED_VALUES.url) expect(new URL(value).hostname).toBe('example.com');
  for (const { value } of SHAPED_VALUES.email) expect(value).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  for (const { value } of SHAPED_VALUES.phone) expect(value).toMatch(/^(\+[1-9]\d{1,14}|sips?:[^\s@]+@[^\s@]+)$/);
});

test('a name whose whole text is the shape (digits only, JSON) is shorter than a run marker, so it goes unmarked', () => {
  const whole = SHAPED_VALUES.name.filter((v) => v.whole);
  for (const v of whole) expect([...v.value].length, v.shape).toBeLessThan(newRunMarker().length);
  // JSON's every kind of value, and digits only.
  const json = whole.filter((v) => !/^\d+$/.test(v.value)).map((v) => JSON.parse(v.value) as unknown);
  expect(json.length).toBeLessThan(whole.length);
  expect(new Set(json.map((value) => (Array.isArray(value) ? 'list' : typeof value)))).toEqual(
    new Set(['object', 'list', 'number', 'boolean']),
  );
  expect(json).toContain(null);
});

test('every WEBSOCKET endpoint form is a wss:// URL on example.com, as a URL normalizer writes it', () => {
  for (const { value } of WSS_URLS) {
    const url = new URL(value);
    expect([url.protocol, url.hostname, url.href]).toEqual(['wss:', 'example.com', value]);
  }
  expect(WSS_URLS.some((v) => new URL(v.value).search)).toBe(true);
  expect(WSS_URLS.some((v) => new URL(v.value).port)).toBe(true);
  expect(WSS_URLS.some((v) => v.value.endsWith('/'))).toBe(true);
});

test('one create per shape sends every shape of every kind once, kinds with fewer shapes starting again', () => {
  expect(shapeCount(['email', 'url'])).toBe(Math.max(SHAPED_VALUES.email.length, SHAPED_VALUES.url.length));
  expect(shapeCount([])).toBe(0);
  const count = shapeCount(KINDS);
  for (const kind of KINDS) {
    const sent = new Set(Array.from({ length: count }, (_, i) => shapedValue(kind, i).value));
    expect(sent.size).toBe(SHAPED_VALUES[kind].length);
  }
  expect(shapedValue('url', SHAPED_VALUES.url.length)).toBe(SHAPED_VALUES.url[0]);
});

test('JSON nested deep is an object exactly as deep as each depth says', () => {
  const depth = (value: unknown): number =>
    value === null || typeof value !== 'object'
      ? 0
      : 1 + Math.max(0, ...(Array.isArray(value) ? value : Object.values(value)).map(depth));
  for (const levels of NESTING_DEPTHS) {
    expect(Array.isArray(nestedValue(levels))).toBe(false);
    expect(depth(nestedValue(levels))).toBe(levels);
  }
});

test('wide values pass 1,000 keys or elements and fit a mutation override within 10 KB', () => {
  const [object, list] = WIDE_VALUES.map((v) => v.value as Record<string, unknown>);
  expect(Object.keys(object!).length).toBeGreaterThan(1000);
  expect((list!['elements'] as unknown[]).length).toBeGreaterThan(1000);
  for (const { value } of WIDE_VALUES)
    expect(Buffer.byteLength(JSON.stringify({ workflows: value }))).toBeLessThan(10_000);
});

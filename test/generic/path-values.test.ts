import { describe, expect, it } from 'vitest';
import type { PublishedParameter } from '../../lib/generic/model.js';
import { absentValue, fitsPublished } from '../../lib/generic/path-values.js';

const param = (schema?: Record<string, unknown>): PublishedParameter => ({
  name: 'thing_id',
  in: 'path',
  required: true,
  ...(schema ? { schema } : {}),
});
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('absentValue', () => {
  it('is 22 alphanumerics when nothing is published, the same every time', () => {
    const value = absentValue(param());
    expect(value).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(absentValue(param({ type: 'string' }))).toBe(value);
    // Not a run of one character: it reads as an ID.
    expect(new Set(value).size).toBeGreaterThan(8);
  });

  it.each([
    [{ minLength: 8, maxLength: 8 }, 8],
    [{ minLength: 26 }, 26],
    [{ maxLength: 10 }, 10],
    [{ minLength: 22, maxLength: 27 }, 22],
  ])('fits the published length %o', (schema, length) => {
    const value = absentValue(param({ type: 'string', ...schema }));
    expect(value).toHaveLength(length);
    expect(value).toMatch(/^[A-Za-z0-9]+$/);
  });

  it('is a fixed version 4 UUID for format uuid', () => {
    const value = absentValue(param({ type: 'string', format: 'uuid' }));
    expect(value).toMatch(UUID_V4);
    expect(absentValue(param({ type: 'string', format: 'uuid' }))).toBe(value);
  });

  it('is a large integer within the published bounds for type integer', () => {
    expect(absentValue(param({ type: 'integer' }))).toBe('987654321');
    expect(absentValue(param({ type: 'integer', maximum: 1000 }))).toBe('1000');
    expect(absentValue(param({ type: ['integer', 'null'], exclusiveMaximum: 1000 }))).toBe('999');
    expect(absentValue(param({ type: 'integer', maximum: 1000, exclusiveMaximum: true }))).toBe('999');
    expect(absentValue(param({ type: 'integer', minimum: 2_000_000_000 }))).toBe('2000000000');
  });

  it.each([
    ['^[A-Za-z0-9]{22}$'],
    ['^[a-zA-Z0-9]{22}$'],
    ['^[0-9A-HJKMNP-TV-Z]{26}$'],
    ['^[0-9A-Z]{26}$'],
    ['^run_[a-z0-9]+$'],
    ['^[a-f0-9]{8}-[a-f0-9]{4}$'],
    ['^\\d{6}$'],
    ['[^/]{5}'],
  ])('matches the simple pattern %s', (pattern) => {
    const value = absentValue(param({ type: 'string', pattern }));
    expect(value).toMatch(new RegExp(pattern, 'u'));
    expect(absentValue(param({ type: 'string', pattern }))).toBe(value);
  });

  it("reaches the published length through the pattern's open repetitions", () => {
    const value = absentValue(param({ type: 'string', pattern: '^run_[a-z0-9]+$', minLength: 12, maxLength: 12 }));
    expect(value).toMatch(/^run_[a-z0-9]{8}$/);
  });

  it('falls back to fitting alphanumerics when the pattern is beyond the generator or cannot fit the length', () => {
    const grouped = absentValue(param({ type: 'string', pattern: '^(ab|cd)[0-9]{4}$', minLength: 6, maxLength: 6 }));
    expect(grouped).toMatch(/^[A-Za-z0-9]{6}$/);
    const tooShort = absentValue(param({ type: 'string', pattern: '^[0-9]{4}$', minLength: 10, maxLength: 10 }));
    expect(tooShort).toMatch(/^[A-Za-z0-9]{10}$/);
    const notUuid = absentValue(param({ type: 'string', format: 'uuid', maxLength: 32 }));
    expect(notUuid).toMatch(/^[A-Za-z0-9]{22}$/);
  });
});

describe('fitsPublished', () => {
  it('takes any non-empty value when nothing is published', () => {
    expect(fitsPublished(param(), 'anything at all')).toBe(true);
    expect(fitsPublished(param(), '')).toBe(false);
  });

  it('judges the length in code points', () => {
    const eight = param({ type: 'string', minLength: 8, maxLength: 8 });
    expect(fitsPublished(eight, 'abcd1234')).toBe(true);
    expect(fitsPublished(eight, 'abcd123')).toBe(false);
    expect(fitsPublished(eight, 'abcd12345')).toBe(false);
    expect(fitsPublished(eight, '😀😀😀😀😀😀😀😀')).toBe(true);
  });

  it('judges the pattern, ignoring one that does not compile', () => {
    const ulid = param({ type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' });
    expect(fitsPublished(ulid, '01HZX3Y4Z5A6B7C8D9E0F1G2H3')).toBe(true);
    expect(fitsPublished(ulid, '01HZX3Y4Z5A6B7C8D9E0F1G2HI')).toBe(false);
    expect(fitsPublished(param({ type: 'string', pattern: '([' }), 'x')).toBe(true);
  });

  it('judges format uuid', () => {
    const uuid = param({ type: 'string', format: 'uuid' });
    expect(fitsPublished(uuid, '123E4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(fitsPublished(uuid, '123e4567e89b12d3a456426614174000')).toBe(false);
  });

  it('judges an integer by its digits and bounds', () => {
    const integer = param({ type: 'integer', minimum: 1, maximum: 100 });
    expect(fitsPublished(integer, '42')).toBe(true);
    expect(fitsPublished(integer, '0')).toBe(false);
    expect(fitsPublished(integer, '101')).toBe(false);
    expect(fitsPublished(integer, '4.2')).toBe(false);
    expect(fitsPublished(integer, 'abc')).toBe(false);
  });

  it('accepts every value absentValue makes', () => {
    for (const schema of [
      {},
      { type: 'integer', maximum: 7 },
      { format: 'uuid' },
      { pattern: '^[A-Za-z0-9]{22}$' },
      { minLength: 3, maxLength: 3 },
    ]) {
      expect(fitsPublished(param(schema), absentValue(param(schema)))).toBe(true);
    }
  });
});

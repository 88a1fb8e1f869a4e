// The dates a conditional GET is sent (every form a client writes If-Modified-Since in, each the same instant), and
// the last change of a resource as its body dates it.

import { describe, expect, it } from 'vitest';
import { DATE_FORMS, latestChange, NOT_DATES } from '../../lib/families/conditional.js';

const INSTANT = Date.UTC(2026, 10, 6, 8, 49, 37);

describe('DATE_FORMS', () => {
  it('writes one instant in each form of HTTP-date, and as local time with a numeric zone', () => {
    expect(DATE_FORMS.map((form) => form.write(INSTANT))).toEqual([
      'Fri, 06 Nov 2026 08:49:37 GMT',
      'Friday, 06-Nov-26 08:49:37 GMT',
      'Fri Nov  6 08:49:37 2026',
      'Fri, 06 Nov 2026 10:49:37 +0200',
    ]);
  });

  it('writes a day of one digit padded as asctime-date does, and a day past midnight in the zone', () => {
    const late = Date.UTC(2026, 0, 3, 23, 5, 9);
    expect(DATE_FORMS[2]!.write(late)).toBe('Sat Jan  3 23:05:09 2026');
    expect(DATE_FORMS[3]!.write(late)).toBe('Sun, 04 Jan 2026 01:05:09 +0200');
  });

  it('writes the same instant each time: the forms with a zone read back as it', () => {
    for (const form of [DATE_FORMS[0]!, DATE_FORMS[3]!]) expect(Date.parse(form.write(INSTANT))).toBe(INSTANT);
  });

  it('sends values that are no HTTP-date', () => {
    for (const value of NOT_DATES) expect(value).not.toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4}/);
  });
});

describe('latestChange', () => {
  it('is the latest of create_time and update_time of the wrapped resource', () => {
    expect(
      latestChange({ agent: { create_time: '2026-01-01T00:00:00Z', update_time: '2026-01-02T00:00:00.500Z' } }),
    ).toBe(Date.parse('2026-01-02T00:00:00.500Z'));
    expect(latestChange({ mutation: { create_time: '2026-01-01T00:00:00Z', update_time: null } })).toBe(
      Date.parse('2026-01-01T00:00:00Z'),
    );
  });

  it('is undefined where nothing dates the resource (a list, no timestamps, no body)', () => {
    expect(latestChange({ personas: [{ create_time: '2026-01-01T00:00:00Z' }] })).toBeUndefined();
    expect(latestChange({ agent: { id: 'a' } })).toBeUndefined();
    expect(latestChange(undefined)).toBeUndefined();
  });
});

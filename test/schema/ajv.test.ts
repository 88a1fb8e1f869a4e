import { describe, expect, it } from 'vitest';
import { formatIssues, newAjv, toIssues, type SchemaIssue } from '../../lib/schema/ajv.js';

const issuesOf = (schema: object, value: unknown): SchemaIssue[] => {
  const validate = newAjv().compile(schema);
  validate(value);
  return toIssues(validate.errors);
};

describe('newAjv', () => {
  it('reports every error, not only the first', () => {
    expect(
      issuesOf({ properties: { a: { type: 'string' }, b: { type: 'string' } } }, { a: 1, b: 2 }).map((i) => i.pointer),
    ).toEqual(['/a', '/b']);
  });

  it("checks the standard formats and the suite's own", () => {
    const validate = newAjv().compile({
      properties: { t: { format: 'iso-utc' }, d: { format: 'date-time' }, e: { format: 'email' } },
    });
    expect(validate({ t: '2026-01-01T00:00:00Z', d: '2026-01-01T00:00:00+02:00', e: 'a@example.com' })).toBe(true);
    expect(validate({ t: '2026-01-01T00:00:00+02:00' })).toBe(false);
    expect(validate({ d: 'yesterday' })).toBe(false);
    expect(validate({ e: 'nobody' })).toBe(false);
  });

  it('compiles schemas with keywords it does not know (strict off)', () => {
    expect(newAjv().compile({ type: 'string', 'x-nullable': true, example: 1 })('x')).toBe(true);
  });
});

describe('toIssues', () => {
  it('points at the failing value, `/` for the root, with the schema path and keyword', () => {
    expect(issuesOf({ type: 'object', properties: { id: { type: 'string' } } }, { id: 1 })).toEqual([
      { pointer: '/id', message: 'must be string', schemaPath: '#/properties/id/type', keyword: 'type' },
    ]);
    expect(issuesOf({ type: 'object' }, [])).toMatchObject([{ pointer: '/', message: 'must be object' }]);
  });

  it('names the property additionalProperties refused', () => {
    expect(issuesOf({ additionalProperties: false }, { extra: 1 })).toMatchObject([
      { pointer: '/', message: 'must NOT have additional properties (extra)', keyword: 'additionalProperties' },
    ]);
  });

  it('uses the keyword when an error has no message, and gives nothing for no errors', () => {
    expect(toIssues([{ instancePath: '/a', keyword: 'custom', schemaPath: '#/custom', params: {} }])).toEqual([
      { pointer: '/a', message: 'custom', schemaPath: '#/custom', keyword: 'custom' },
    ]);
    expect(toIssues(null)).toEqual([]);
    expect(toIssues(undefined)).toEqual([]);
  });
});

describe('formatIssues', () => {
  const issues = (n: number): SchemaIssue[] =>
    Array.from({ length: n }, (_, i) => ({ pointer: `/${i}`, message: 'm' }));

  it('joins up to eight issues', () => {
    expect(formatIssues(issues(2))).toBe('/0: m; /1: m');
    expect(formatIssues(issues(8))).toBe(
      issues(8)
        .map((i) => `${i.pointer}: m`)
        .join('; '),
    );
    expect(formatIssues([])).toBe('');
  });

  it('counts the rest beyond eight', () => {
    expect(formatIssues(issues(9))).toBe(
      `${issues(8)
        .map((i) => `${i.pointer}: m`)
        .join('; ')}; … 1 more`,
    );
    expect(formatIssues(issues(20))).toMatch(/\/7: m; … 12 more$/);
  });
});

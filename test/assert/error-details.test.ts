// lib/assert/error-details.ts: which fields an error answer names, for decisions (skip, or
// accept a rejection for a reason the spec leaves open), not for assertions.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerNames, detailFields, rejectsNaming } from '../../lib/assert/error-details.js';
import type { Exchange } from '../../lib/http/exchange.js';

function answer(status: number, body: unknown): Exchange {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    request: { method: 'POST', url: 'http://127.0.0.1:9/v1/agents/x/mutations', headers: {} },
    response: { status, headers: {}, text, json: body, truncated: false },
    startedAt: 0,
    durationMs: 0,
    retries: 0,
  };
}

const error = (code: string, ...fields: unknown[]) => ({
  error: { code, message: 'm', details: fields.map((field) => ({ field, description: 'd' })) },
});

describe('detailFields', () => {
  it('is the field of each detail, in order', () => {
    expect(detailFields(answer(400, error('INVALID_ARGUMENT', 'display_name', '/config_overrides/x')))).toEqual([
      'display_name',
      '/config_overrides/x',
    ]);
  });

  it('is empty for a success, an error without details, details that are not a list, and no body', () => {
    expect(detailFields(answer(200, { mutation: { details: [{ field: 'x' }] } }))).toEqual([]);
    expect(detailFields(answer(400, { error: { code: 'INVALID_ARGUMENT', message: 'm' } }))).toEqual([]);
    expect(
      detailFields(answer(400, { error: { code: 'INVALID_ARGUMENT', message: 'm', details: { field: 'x' } } })),
    ).toEqual([]);
    expect(detailFields(answer(400, undefined))).toEqual([]);
    expect(detailFields(answer(400, [{ field: 'x' }]))).toEqual([]);
  });

  it('reads any detail field as text', () => {
    expect(detailFields(answer(400, error('INVALID_ARGUMENT', 0, true)))).toEqual(['0', 'true']);
  });
});

describe('answerNames', () => {
  it('is true when a detail names the field or something inside it, in any spelling', () => {
    for (const detail of [
      'config_overrides',
      'mutation.config_overrides.no_such_key',
      '/config_overrides/no_such_key',
      'configOverrides',
    ]) {
      expect(
        answerNames(answer(400, error('INVALID_ARGUMENT', 'display_name', detail)), 'config_overrides'),
        detail,
      ).toBe(true);
    }
  });

  it('is false for other fields, a prefix of the name, and an answer without details', () => {
    expect(
      answerNames(answer(400, error('INVALID_ARGUMENT', 'config_overrides_x', 'config')), 'config_overrides'),
    ).toBe(false);
    expect(answerNames(answer(400, error('INVALID_ARGUMENT')), 'config_overrides')).toBe(false);
    expect(answerNames(answer(200, { mutation: {} }), 'config_overrides')).toBe(false);
  });
});

describe('rejectsNaming', () => {
  it('is true for any 4xx INVALID_ARGUMENT naming one of the fields (the spec maps codes to no status)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 400, max: 499 }),
        fc.constantFrom('workflows', 'workflows.retries', '/workflows/0'),
        (status, detail) => {
          expect(
            rejectsNaming(answer(status, error('INVALID_ARGUMENT', detail)), 'config_overrides', 'workflows'),
          ).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('is false for any status outside 4xx, however the body reads', () => {
    const status = fc.oneof(fc.integer({ min: 100, max: 399 }), fc.integer({ min: 500, max: 599 }));
    fc.assert(
      fc.property(status, (s) => {
        expect(rejectsNaming(answer(s, error('INVALID_ARGUMENT', 'workflows')), 'workflows')).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('is false for another code, for no field asked, and for details naming none of the fields', () => {
    expect(rejectsNaming(answer(400, error('FAILED_PRECONDITION', 'workflows')), 'workflows')).toBe(false);
    expect(rejectsNaming(answer(400, error('invalid_argument', 'workflows')), 'workflows')).toBe(false);
    expect(rejectsNaming(answer(400, error('INVALID_ARGUMENT', 'workflows')))).toBe(false);
    expect(rejectsNaming(answer(400, error('INVALID_ARGUMENT', 'display_name')), 'workflows', 'config_overrides')).toBe(
      false,
    );
    expect(
      rejectsNaming(answer(400, { code: 'INVALID_ARGUMENT', details: [{ field: 'workflows' }] }), 'workflows'),
    ).toBe(false);
  });
});

// lib/assert/published-operation.ts: the judgements of one exchange with an operation a target
// publishes beyond the specification's 20 endpoints. Each rule is tested on both sides: what
// breaks it throws (or returns) a RuleViolation naming the GENERIC-* requirement it breaks, what
// the rule allows passes.

import { describe, expect, it } from 'vitest';
import {
  expectErrorEnvelope,
  expectPublishedResponse,
  expectUnauthenticated,
  expectWrapped,
  notServed,
  publishesStatus,
} from '../../lib/assert/published-operation.js';
import { isRuleViolation, RuleViolation } from '../../lib/assert/violation.js';
import type { PublishedOperation } from '../../lib/generic/model.js';
import type { Exchange } from '../../lib/http/exchange.js';
import type { SchemaIssue } from '../../lib/schema/ajv.js';
import type { PublishedSpec } from '../../lib/schema/published-spec.js';
import { operation } from '../generic/fixtures.js';
import { exchangeOf, violated } from '../support/exchanges.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const LIST = operation('/v1/test-cases', { id: 'listTestCases', statuses: ['200', '4XX'] });
const GET_ONE = operation('/v1/test-cases/{test_case_id}', { id: 'getTestCase', wrapper: 'test_case' });

/** An exchange with `body` as its JSON text (a string is sent as it is, not as JSON). */
function ex(status: number, body?: unknown): Exchange {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return exchangeOf(status, text, { url: 'http://127.0.0.1:9/v1/test-cases', headers: JSON_TYPE });
}

const errorBody = (code: string, fields: readonly string[] = []) => ({
  error: {
    code,
    message: 'refused',
    details: fields.map((field) => ({ field, description: 'is missing or invalid' })),
  },
});

/** The summary of the RuleViolation `run` throws (it must throw one). */
function summaryOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isRuleViolation(error)) return error.summary;
    throw error;
  }
  throw new Error('no RuleViolation was thrown');
}

describe('expectErrorEnvelope', () => {
  it('returns the error object of a body in the envelope', () => {
    const body = errorBody('NOT_FOUND', ['test_case_id']);
    expect(expectErrorEnvelope(ex(404, body), 'getTestCase')).toEqual(body.error);
  });

  it("keeps fields beside the envelope's own", () => {
    const body = { error: { ...errorBody('NOT_FOUND').error, status: 'NOT_FOUND' }, request_id: 'r1' };
    expect(expectErrorEnvelope(ex(404, body), 'getTestCase')).toMatchObject({ code: 'NOT_FOUND', status: 'NOT_FOUND' });
  });

  it('charges a body outside the envelope to GENERIC-ERROR-ENVELOPE, naming what was sent', () => {
    const { error } = errorBody('NOT_FOUND');
    const broken: unknown[] = [
      { message: 'not found' },
      { error: 'not found' },
      { error: { code: 'NOT_FOUND', message: 'x' } },
      { error: { code: 'NOT_FOUND', details: [] } },
      { error: { ...error, code: 404 } },
      { error: { ...error, details: [{ field: 'x' }] } },
      { error: { ...error, details: {} } },
      [error],
      'Not Found',
      undefined,
    ];
    for (const body of broken)
      expect(
        violated(() => expectErrorEnvelope(ex(404, body), 'getTestCase')),
        JSON.stringify(body),
      ).toEqual(['GENERIC-ERROR-ENVELOPE']);
    expect(
      summaryOf(() => expectErrorEnvelope(ex(418, { error: 'x' }), 'getTestCase with a forged page_token')),
    ).toMatch(/^getTestCase with a forged page_token answered 418 without the error envelope/);
  });
});

describe('expectUnauthenticated', () => {
  it('passes UNAUTHENTICATED in the envelope naming X-API-Key, at any status from 400', () => {
    for (const status of [400, 401, 403, 404, 500]) {
      expect(
        violated(() =>
          expectUnauthenticated(
            ex(status, errorBody('UNAUTHENTICATED', ['X-API-Key'])),
            'listTestCases without X-API-Key',
          ),
        ),
      ).toBeUndefined();
    }
  });

  it('accepts X-API-Key however the details spell it, beside other details', () => {
    for (const field of [
      'x-api-key',
      'X_API_KEY',
      'headers.x-api-key',
      'header.X-API-Key',
      '/headers/x-api-key',
      'request.headers["X-API-Key"]',
      'xApiKey',
    ]) {
      expect(
        violated(() => expectUnauthenticated(ex(401, errorBody('UNAUTHENTICATED', [field])), 'no key')),
        field,
      ).toBeUndefined();
    }
    expect(
      violated(() =>
        expectUnauthenticated(ex(401, errorBody('UNAUTHENTICATED', ['authorization', 'X-API-Key'])), 'no key'),
      ),
    ).toBeUndefined();
  });

  it('charges an answer below 400 to GENERIC-AUTH, even one carrying UNAUTHENTICATED', () => {
    for (const status of [200, 204, 302, 399]) {
      expect(
        violated(() => expectUnauthenticated(ex(status, { test_cases: [] }), 'no key')),
        String(status),
      ).toEqual(['GENERIC-AUTH']);
      expect(
        violated(() => expectUnauthenticated(ex(status, errorBody('UNAUTHENTICATED', ['X-API-Key'])), 'no key')),
        String(status),
      ).toEqual(['GENERIC-AUTH']);
    }
    expect(summaryOf(() => expectUnauthenticated(ex(200, {}), 'listTestCases without X-API-Key'))).toBe(
      'listTestCases without X-API-Key should be refused with UNAUTHENTICATED, but answered 200',
    );
  });

  it('charges a refusal without the envelope to GENERIC-ERROR-ENVELOPE', () => {
    for (const body of [
      'Unauthorized',
      { message: 'Unauthorized' },
      { error: { code: 'UNAUTHENTICATED', message: 'no key' } },
    ]) {
      expect(
        violated(() => expectUnauthenticated(ex(401, body), 'no key')),
        JSON.stringify(body),
      ).toEqual(['GENERIC-ERROR-ENVELOPE']);
    }
  });

  it('charges another code to GENERIC-AUTH, naming the code and the status', () => {
    for (const code of ['PERMISSION_DENIED', 'NOT_FOUND', 'unauthenticated', 'INVALID_ARGUMENT']) {
      expect(
        violated(() => expectUnauthenticated(ex(403, errorBody(code, ['X-API-Key'])), 'no key')),
        code,
      ).toEqual(['GENERIC-AUTH']);
    }
    expect(
      summaryOf(() => expectUnauthenticated(ex(403, errorBody('PERMISSION_DENIED', ['X-API-Key'])), 'a wrong key')),
    ).toBe('a wrong key should be refused with UNAUTHENTICATED, got "PERMISSION_DENIED" (403)');
  });

  it('charges details that do not name X-API-Key to GENERIC-AUTH, saying what they name', () => {
    for (const fields of [[], ['api_key'], ['X-API-Key-Id'], ['authorization'], ['key'], ['x-api']]) {
      expect(
        violated(() => expectUnauthenticated(ex(401, errorBody('UNAUTHENTICATED', fields)), 'no key')),
        fields.join(),
      ).toEqual(['GENERIC-AUTH']);
    }
    expect(summaryOf(() => expectUnauthenticated(ex(401, errorBody('UNAUTHENTICATED')), 'no key'))).toBe(
      'no key: the UNAUTHENTICATED details do not name X-API-Key (they name: nothing)',
    );
    expect(
      summaryOf(() =>
        expectUnauthenticated(ex(401, errorBody('UNAUTHENTICATED', ['api_key', 'authorization'])), 'no key'),
      ),
    ).toContain('(they name: "api_key", "authorization")');
  });
});

describe('notServed', () => {
  it("is a GENERIC-IMPLEMENTED violation when the answer is an unknown route's (404, 405, 501) without UNAUTHENTICATED", () => {
    for (const status of [404, 405, 501]) {
      for (const body of [
        undefined,
        'Cannot GET /v1/test-cases',
        { message: 'no route' },
        errorBody('NOT_FOUND', ['path']),
        errorBody('UNIMPLEMENTED'),
      ]) {
        const found = notServed(ex(status, body), 'listTestCases without X-API-Key');
        expect(found, `${status} ${JSON.stringify(body)}`).toBeInstanceOf(RuleViolation);
        expect(found?.requirements).toEqual(['GENERIC-IMPLEMENTED']);
      }
    }
    const found = notServed(ex(404, 'Not Found'), 'listTestCases without X-API-Key');
    expect(found?.summary).toBe(
      'listTestCases without X-API-Key, answered 404: the operation is published but not implemented',
    );
    expect(found?.exchange?.response.status).toBe(404);
  });

  it('is undefined for any other status: the route is there', () => {
    for (const status of [200, 204, 400, 401, 403, 409, 500, 503]) {
      expect(notServed(ex(status, errorBody('NOT_FOUND')), 'no key'), String(status)).toBeUndefined();
    }
  });

  it('is undefined for a 404, 405 or 501 whose body carries UNAUTHENTICATED: the key was judged first', () => {
    for (const status of [404, 405, 501]) {
      expect(
        notServed(ex(status, errorBody('UNAUTHENTICATED', ['X-API-Key'])), 'no key'),
        String(status),
      ).toBeUndefined();
      expect(notServed(ex(status, { error: { code: 'UNAUTHENTICATED' } }), 'no key'), String(status)).toBeUndefined();
    }
  });
});

describe('publishesStatus', () => {
  const publishing = (...statuses: string[]): PublishedOperation => operation('/v1/things', { statuses });

  it('matches a status published exactly, and no other', () => {
    expect(publishesStatus(publishing('200', '404'), 200)).toBe(true);
    expect(publishesStatus(publishing('200', '404'), 404)).toBe(true);
    expect(publishesStatus(publishing('200', '404'), 201)).toBe(false);
    expect(publishesStatus(publishing('200', '404'), 400)).toBe(false);
    expect(publishesStatus(publishing(), 200)).toBe(false);
  });

  it('matches a class key (`4XX`, `4xx`) to every status of the class only', () => {
    for (const key of ['4XX', '4xx']) {
      expect(publishesStatus(publishing('200', key), 400), key).toBe(true);
      expect(publishesStatus(publishing('200', key), 499), key).toBe(true);
      expect(publishesStatus(publishing('200', key), 500), key).toBe(false);
      expect(publishesStatus(publishing('200', key), 302), key).toBe(false);
    }
    expect(publishesStatus(publishing('2XX'), 204)).toBe(true);
    expect(publishesStatus(publishing('2XX'), 404)).toBe(false);
  });

  it('matches `default` to every status', () => {
    for (const status of [200, 301, 404, 500])
      expect(publishesStatus(publishing('default'), status), String(status)).toBe(true);
    expect(publishesStatus(publishing('200'), 500)).toBe(false);
  });
});

describe('expectPublishedResponse', () => {
  /** A published spec finding `issues` in every body, recording what it was asked. */
  function fakeSpec(issues: SchemaIssue[] | undefined) {
    const asked: Array<[string, string, number, unknown]> = [];
    const spec: PublishedSpec = {
      validateResponse: (method, path, status, body) => {
        asked.push([method, path, status, body]);
        return issues;
      },
      requestBodyProperties: () => undefined,
    };
    return { spec, asked };
  }

  it('charges a status the operation does not publish to GENERIC-SCHEMA-PUBLISHED, listing those it does', () => {
    const op = operation('/v1/test-cases', { id: 'listTestCases', statuses: ['200', '401'] });
    expect(violated(() => expectPublishedResponse(null, op, ex(500, errorBody('INTERNAL'))))).toEqual([
      'GENERIC-SCHEMA-PUBLISHED',
    ]);
    expect(violated(() => expectPublishedResponse(fakeSpec([]).spec, op, ex(204)))).toEqual([
      'GENERIC-SCHEMA-PUBLISHED',
    ]);
    expect(summaryOf(() => expectPublishedResponse(null, op, ex(500, errorBody('INTERNAL'))))).toBe(
      'listTestCases (GET /v1/test-cases) answered 500, a status its document does not publish (it publishes 200, 401)',
    );
    expect(summaryOf(() => expectPublishedResponse(null, operation('/v1/x', { statuses: [] }), ex(200, {})))).toContain(
      '(it publishes none)',
    );
  });

  it('charges a body the published schema finds issues in to GENERIC-SCHEMA-PUBLISHED, with the issues', () => {
    const { spec, asked } = fakeSpec([{ pointer: '/test_cases/0/id', message: 'must be string' }]);
    const body = { test_cases: [{ id: 7 }] };
    expect(violated(() => expectPublishedResponse(spec, LIST, ex(200, body)))).toEqual(['GENERIC-SCHEMA-PUBLISHED']);
    expect(asked).toEqual([['GET', '/v1/test-cases', 200, body]]);
    expect(summaryOf(() => expectPublishedResponse(spec, LIST, ex(200, body)))).toBe(
      'listTestCases (GET /v1/test-cases) 200: the body does not match the published schema: /test_cases/0/id: must be string\n  got 7 at /test_cases/0/id',
    );
  });

  it('passes a published status whose body matches, or that no schema describes', () => {
    expect(
      violated(() => expectPublishedResponse(fakeSpec([]).spec, LIST, ex(200, { test_cases: [] }))),
    ).toBeUndefined();
    expect(
      violated(() => expectPublishedResponse(fakeSpec(undefined).spec, LIST, ex(200, { test_cases: [] }))),
    ).toBeUndefined();
    expect(violated(() => expectPublishedResponse(null, LIST, ex(200, { test_cases: [] })))).toBeUndefined();
    // 4XX covers the 404.
    expect(
      violated(() => expectPublishedResponse(fakeSpec([]).spec, LIST, ex(404, errorBody('NOT_FOUND')))),
    ).toBeUndefined();
  });

  it('hands a body that is not JSON to the schema as null', () => {
    const { spec, asked } = fakeSpec([]);
    expectPublishedResponse(spec, LIST, ex(200, 'not json'));
    expect(asked).toEqual([['GET', '/v1/test-cases', 200, null]]);
  });
});

describe('expectWrapped', () => {
  it('returns the resource under the wrapper, other top-level keys tolerated', () => {
    const resource = { id: 'abc', create_time: '2026-01-05T10:00:00Z' };
    expect(expectWrapped(GET_ONE, 'test_case', ex(200, { test_case: resource }))).toEqual(resource);
    expect(expectWrapped(GET_ONE, 'test_case', ex(200, { test_case: resource, request_id: 'r' }))).toEqual(resource);
  });

  it('charges a resource not wrapped under the key (bare, under another key, not an object) to GENERIC-WRAPPED', () => {
    const resource = { id: 'abc' };
    for (const body of [
      resource,
      { testCase: resource },
      { test_case: 'abc' },
      { test_case: [resource] },
      { test_case: null },
      [resource],
      'text',
      undefined,
    ]) {
      expect(
        violated(() => expectWrapped(GET_ONE, 'test_case', ex(200, body))),
        JSON.stringify(body),
      ).toEqual(['GENERIC-WRAPPED']);
    }
    expect(summaryOf(() => expectWrapped(GET_ONE, 'test_case', ex(200, { id: 'abc', name: 'x' })))).toBe(
      'getTestCase (GET /v1/test-cases/{test_case_id}): the resource is not wrapped under "test_case" (top-level keys: id, name)',
    );
    expect(summaryOf(() => expectWrapped(GET_ONE, 'test_case', ex(200, 'text')))).toContain('(top-level keys: none)');
  });
});

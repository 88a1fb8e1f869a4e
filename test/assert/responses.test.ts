// lib/assert/responses.ts: the assertions every response passes through. A wrong status or
// envelope throws a RuleViolation naming the requirement it breaks; every answer the
// specification allows passes: any 2xx for a success (it shows no success codes), any status
// from 400 for an error (it maps no code to a status), extra fields, any detail spelling.
// Conventions (SHOULDs) only in the strict profile, and only after every MUST: returned with the
// value, with the rules verified and the published comparisons, for the check to keep.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expectInvalidArgument,
  expectRejection,
  expectResource,
  expectSuccess,
  expectErrorLabelledJson,
  expectUtf8Json,
  isErrorBody,
  isSuccess,
  type Judged,
  type ResponseContext,
} from '../../lib/assert/responses.js';
import { findEndpoint } from '../../lib/contract/endpoints.js';
import { alnum } from '../../lib/gen/ids.js';
import type { Exchange } from '../../lib/http/exchange.js';
import type { SchemaIssue } from '../../lib/schema/ajv.js';
import { isRuleViolation, RuleViolation } from '../../lib/assert/violation.js';
import type { PublishedSpec } from '../../lib/schema/published-spec.js';
import { exchangeOf, violated } from '../support/exchanges.js';

const CREATE_AGENT = findEndpoint('POST', '/v1/agents');
const LIST_RUNS = findEndpoint('GET', '/v1/runs');
const DELETE_PERSONA = findEndpoint('DELETE', '/v1/personas/{persona_id}');
const DELETE_MUTATION = findEndpoint('DELETE', '/v1/agents/{agent_id}/mutations/{mutation_id}');

const T = '2026-01-05T10:00:00Z';
const AGENT = {
  id: alnum(22),
  display_name: 'cft agent',
  model_type: 'MODEL_TYPE_VOICE',
  knowledge_base_ids: [],
  create_time: T,
  update_time: T,
};
const JSON_TYPE = { 'content-type': 'application/json' };

/** An exchange; `body` is sent as JSON text unless `text` says otherwise. */
function ex(
  status: number,
  body?: unknown,
  { text, headers = JSON_TYPE }: { text?: string; headers?: Record<string, string> } = {},
): Exchange {
  return exchangeOf(status, text ?? (body === undefined ? '' : JSON.stringify(body)), {
    method: 'POST',
    url: 'http://127.0.0.1:9/v1/agents',
    headers,
  });
}

const DEFAULT: ResponseContext = { publishedSpec: null, strict: false };
const STRICT: ResponseContext = { publishedSpec: null, strict: true };

/** What a judgement found wrong: the rules of the violation it threw, else those of the first convention it saw broken. */
const found = (judge: () => Judged<unknown>): readonly string[] | undefined =>
  violated(() => {
    const [first] = judge().conventions;
    if (first) throw new RuleViolation(first.requirements, first.summary, first.exchange);
  });

/** The conventions a judgement saw broken, by their rules. */
const conventionsOf = (judged: Judged<unknown>): string[][] => judged.conventions.map((c) => [...c.requirements]);

/** A target's published schema that finds `issues` in every body (undefined: it describes none). */
const publishing = (issues: SchemaIssue[] | undefined): PublishedSpec => ({
  validateResponse: () => issues,
  requestBodyProperties: () => undefined,
});

const errorBody = (code: string, details: Array<{ field: string; description: string }> = []) => ({
  error: { code, message: 'bad', details },
});
const detail = (field: string) => ({ field, description: 'is invalid' });

const successStatus = fc.integer({ min: 200, max: 299 });
const errorStatus = fc.integer({ min: 400, max: 599 });
const nonErrorStatus = fc.integer({ min: 100, max: 399 });
const nonSuccessStatus = fc.oneof(fc.integer({ min: 100, max: 199 }), fc.integer({ min: 300, max: 599 }));

describe('isErrorBody and isSuccess', () => {
  it('an error body is an object whose `error` is an object', () => {
    expect(isErrorBody({ error: {} })).toBe(true);
    for (const body of [{ error: 'x' }, { error: null }, { error: [] }, [], null, 'error', undefined])
      expect(isErrorBody(body), JSON.stringify(body)).toBe(false);
  });

  it('a success is a 2xx without an error body', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.boolean(), (status, error) => {
        expect(isSuccess(ex(status, error ? errorBody('X') : { agent: AGENT }))).toBe(
          status >= 200 && status < 300 && !error,
        );
      }),
      { numRuns: 100 },
    );
  });
});

describe('expectSuccess', () => {
  it('passes any 2xx with a canonical body, and returns the body (the spec shows no success codes)', () => {
    fc.assert(
      fc.property(successStatus, (status) => {
        const body = { agent: AGENT };
        expect(expectSuccess(DEFAULT, CREATE_AGENT, ex(status, body), ['AGENT-CREATE']).value).toEqual(body);
      }),
      { numRuns: 50 },
    );
  });

  it('passes fields the spec does not list, at the top level and in the resource', () => {
    expect(
      violated(() =>
        expectSuccess(DEFAULT, CREATE_AGENT, ex(200, { agent: { ...AGENT, extra: 1 }, request_id: 'r' }), [
          'AGENT-CREATE',
        ]),
      ),
    ).toBeUndefined();
  });

  it('takes a 204 without a body for an empty object', () => {
    expect(expectSuccess(DEFAULT, DELETE_PERSONA, ex(204), ['PERSONA-DELETE']).value).toEqual({});
    expect(
      expectSuccess(DEFAULT, DELETE_PERSONA, ex(204, undefined, { text: ' \n' }), ['PERSONA-DELETE']).value,
    ).toEqual({});
  });

  it("a status outside 2xx breaks the caller's requirements, and the message says the status and code", () => {
    fc.assert(
      fc.property(nonSuccessStatus, (status) => {
        expect(
          violated(() =>
            expectSuccess(DEFAULT, CREATE_AGENT, ex(status, errorBody('INVALID_ARGUMENT')), [
              'AGENT-CREATE',
              'AGENT-DISPLAY-NAME',
            ]),
          ),
        ).toEqual(['AGENT-CREATE', 'AGENT-DISPLAY-NAME']);
      }),
      { numRuns: 50 },
    );
    expect(() =>
      expectSuccess(
        DEFAULT,
        CREATE_AGENT,
        ex(400, errorBody('INVALID_ARGUMENT')),
        ['AGENT-CREATE'],
        'creating an agent',
      ),
    ).toThrow('creating an agent should succeed, but POST /v1/agents answered 400 with code "INVALID_ARGUMENT"');
  });

  it('a 2xx carrying an error body is not a success', () => {
    expect(
      violated(() => expectSuccess(DEFAULT, CREATE_AGENT, ex(200, errorBody('INTERNAL')), ['AGENT-CREATE'])),
    ).toEqual(['AGENT-CREATE']);
  });

  it('a body that is not a JSON object breaks SCHEMA-CANONICAL', () => {
    for (const response of [ex(200, [AGENT]), ex(200, undefined, { text: 'OK' }), ex(200, 'agent'), ex(201, null)]) {
      expect(violated(() => expectSuccess(DEFAULT, CREATE_AGENT, response, ['AGENT-CREATE']))).toEqual([
        'SCHEMA-CANONICAL',
      ]);
    }
  });

  it('a resource not under its wrapper key breaks ENVELOPE-WRAPPED', () => {
    for (const body of [AGENT, { data: AGENT }, { agent: [AGENT] }, { agent: null }]) {
      expect(
        violated(() => expectSuccess(DEFAULT, CREATE_AGENT, ex(200, body), ['AGENT-CREATE'])),
        JSON.stringify(body),
      ).toEqual(['ENVELOPE-WRAPPED']);
    }
    expect(violated(() => expectSuccess(DEFAULT, CREATE_AGENT, ex(204), ['AGENT-CREATE']))).toEqual([
      'ENVELOPE-WRAPPED',
    ]);
  });

  it("a body against the canonical schema breaks SCHEMA-CANONICAL and the field's own rule", () => {
    expect(
      violated(() =>
        expectSuccess(DEFAULT, CREATE_AGENT, ex(200, { agent: { ...AGENT, id: 'short' } }), ['AGENT-CREATE']),
      ),
    ).toEqual(['SCHEMA-CANONICAL', 'AGENT-ID-FORMAT']);
    expect(
      violated(() =>
        expectSuccess(DEFAULT, CREATE_AGENT, ex(200, { agent: { ...AGENT, create_time: '2026-01-05 10:00' } }), [
          'AGENT-CREATE',
        ]),
      ),
    ).toEqual(['SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC']);
    expect(
      violated(() => expectSuccess(DEFAULT, LIST_RUNS, ex(200, { runs: {} }), ['LIST-PAGINATION-COMPLETE'])),
    ).toEqual(['SCHEMA-CANONICAL']);
  });

  it('an endpoint without a response schema takes any JSON object', () => {
    expect(
      expectSuccess(DEFAULT, DELETE_MUTATION, ex(200, { deleted: true }), ['MUTATION-DELETE-IDEMPOTENT']).value,
    ).toEqual({ deleted: true });
    expect(expectSuccess(DEFAULT, DELETE_MUTATION, ex(204), ['MUTATION-DELETE-IDEMPOTENT']).value).toEqual({});
  });

  it('a 200 or 202 without a body, where the spec shows no response body, is a success; where it shows one, it is not', () => {
    for (const status of [200, 202])
      expect(
        violated(() => expectSuccess(DEFAULT, DELETE_MUTATION, ex(status), ['MUTATION-DELETE-IDEMPOTENT'])),
      ).toBeUndefined();
    expect(violated(() => expectSuccess(DEFAULT, CREATE_AGENT, ex(200), ['AGENT-CREATE']))).toEqual([
      'SCHEMA-CANONICAL',
    ]);
  });

  describe("the target's published schema", () => {
    const issue: SchemaIssue = { pointer: '/agent/id', message: 'must be integer' };

    it('is judged only after the canonical schema: a canonical failure is the one reported', () => {
      expect(
        violated(() =>
          expectSuccess(
            { ...DEFAULT, publishedSpec: publishing([issue]) },
            CREATE_AGENT,
            ex(200, { agent: { ...AGENT, id: 1 } }),
            ['AGENT-CREATE'],
          ),
        ),
      ).toEqual(['SCHEMA-CANONICAL', 'AGENT-ID-FORMAT']);
    });

    it('every comparison is returned (matches too) and the check goes on with the body', () => {
      for (const issues of [[issue], []]) {
        const response = ex(201, { agent: AGENT });
        const judged = expectSuccess({ ...DEFAULT, publishedSpec: publishing(issues) }, CREATE_AGENT, response, [
          'AGENT-CREATE',
        ]);
        expect(judged.value).toEqual({ agent: AGENT });
        expect(judged.published).toEqual([{ operation: 'POST /v1/agents', status: 201, issues, exchange: response }]);
      }
    });

    it('is not judged where the documents describe no schema, nor without documents', () => {
      for (const publishedSpec of [publishing(undefined), null]) {
        const judged = expectSuccess({ ...DEFAULT, publishedSpec }, CREATE_AGENT, ex(200, { agent: AGENT }), [
          'AGENT-CREATE',
        ]);
        expect(judged.published).toEqual([]);
        expect(judged.verified).not.toContain('SCHEMA-PUBLISHED');
      }
    });
  });

  it('returns the cross-cutting rules it verified', () => {
    const { verified } = expectSuccess(DEFAULT, CREATE_AGENT, ex(200, { agent: AGENT }), ['AGENT-CREATE']);
    expect([...verified].sort()).toEqual(['ENVELOPE-WRAPPED', 'SCHEMA-CANONICAL', 'TIMESTAMP-ISO-UTC']);
  });

  describe('strict profile conventions', () => {
    it('none is judged in the default profile', () => {
      const response = ex(206, { agent: AGENT, extra: 1 }, { headers: { 'content-type': 'text/plain' } });
      expect(violated(() => expectSuccess(DEFAULT, CREATE_AGENT, response, ['AGENT-CREATE']))).toBeUndefined();
    });

    it('Content-Type must be application/json (any case, any parameters) when there is a body', () => {
      const withType = (type?: string) =>
        ex(200, { agent: AGENT }, { headers: type === undefined ? {} : { 'content-type': type } });
      for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
        expect(
          found(() => expectSuccess(STRICT, CREATE_AGENT, withType(type), ['AGENT-CREATE'])),
          type,
        ).toBeUndefined();
      }
      for (const type of [undefined, 'text/plain', 'application/jsonx', 'application/problem+json']) {
        expect(
          found(() => expectSuccess(STRICT, CREATE_AGENT, withType(type), ['AGENT-CREATE'])),
          type,
        ).toEqual(['RESPONSE-CONTENT-TYPE-JSON']);
      }
      expect(
        found(() => expectSuccess(STRICT, DELETE_PERSONA, ex(204, undefined, { headers: {} }), ['PERSONA-DELETE'])),
      ).toBeUndefined();
    });

    it('the wrapper is the only top-level key', () => {
      expect(
        found(() => expectSuccess(STRICT, CREATE_AGENT, ex(200, { agent: AGENT, request_id: 'r' }), ['AGENT-CREATE'])),
      ).toEqual(['ENVELOPE-SINGLE-KEY']);
    });

    it('a success above 204 (205 to 299) breaks HTTP-STATUS-CONVENTIONS; 200 to 204 keep it', () => {
      fc.assert(
        fc.property(successStatus, (status) => {
          const expected = status > 204 ? ['HTTP-STATUS-CONVENTIONS'] : undefined;
          expect(
            found(() => expectSuccess(STRICT, CREATE_AGENT, ex(status, { agent: AGENT }), ['AGENT-CREATE'])),
          ).toEqual(expected);
        }),
        { numRuns: 50 },
      );
    });

    it('come after every MUST: a broken MUST is the one reported', () => {
      const response = ex(
        299,
        { agent: { ...AGENT, id: 'short' }, extra: 1 },
        { headers: { 'content-type': 'text/plain' } },
      );
      expect(found(() => expectSuccess(STRICT, CREATE_AGENT, response, ['AGENT-CREATE']))).toEqual([
        'SCHEMA-CANONICAL',
        'AGENT-ID-FORMAT',
      ]);
    });

    it('every broken convention is returned with the body and the MUSTs verified', () => {
      const body = { agent: AGENT, extra: 1 };
      const judged = expectSuccess(STRICT, CREATE_AGENT, ex(206, body, { headers: {} }), ['AGENT-CREATE']);
      expect(judged.value).toEqual(body);
      expect(conventionsOf(judged)).toEqual([
        ['RESPONSE-CONTENT-TYPE-JSON'],
        ['ENVELOPE-SINGLE-KEY'],
        ['HTTP-STATUS-CONVENTIONS'],
      ]);
      expect(judged.verified).toContain('SCHEMA-CANONICAL');
    });

    it('kept conventions are returned as verified', () => {
      const judged = expectSuccess(STRICT, CREATE_AGENT, ex(201, { agent: AGENT }), ['AGENT-CREATE']);
      expect(judged.conventions).toEqual([]);
      expect(judged.verified).toEqual(expect.arrayContaining(['RESPONSE-CONTENT-TYPE-JSON', 'ENVELOPE-SINGLE-KEY']));
    });
  });
});

describe('expectResource', () => {
  it('returns the resource under the wrapper', () => {
    expect(expectResource(DEFAULT, CREATE_AGENT, ex(201, { agent: AGENT }), ['AGENT-CREATE']).value).toEqual(AGENT);
  });

  it('judges like expectSuccess', () => {
    expect(
      violated(() => expectResource(DEFAULT, CREATE_AGENT, ex(500, errorBody('INTERNAL')), ['AGENT-CREATE'])),
    ).toEqual(['AGENT-CREATE']);
  });

  it('refuses, as a bug in the suite and not a violation, an endpoint the contract gives no wrapper', () => {
    let thrown: unknown;
    try {
      expectResource(DEFAULT, LIST_RUNS, ex(200, { runs: [] }), ['LIST-PAGINATION-COMPLETE']);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(isRuleViolation(thrown)).toBe(false);
  });
});

describe('expectRejection', () => {
  const expected = { code: 'INVALID_ARGUMENT', field: 'display_name' };

  it('passes any status from 400 with the envelope, the code and a detail naming the field (the spec maps codes to no status)', () => {
    fc.assert(
      fc.property(errorStatus, (status) => {
        const body = errorBody('INVALID_ARGUMENT', [detail('agent.display_name')]);
        expect(
          expectRejection(DEFAULT, CREATE_AGENT, ex(status, body), ['AGENT-DISPLAY-NAME'], expected).value,
        ).toEqual(body.error);
      }),
      { numRuns: 50 },
    );
  });

  it("a status below 400 breaks the caller's requirements, whatever the body", () => {
    fc.assert(
      fc.property(nonErrorStatus, fc.boolean(), (status, envelope) => {
        const body = envelope ? errorBody('INVALID_ARGUMENT', [detail('display_name')]) : { agent: AGENT };
        expect(
          violated(() => expectRejection(DEFAULT, CREATE_AGENT, ex(status, body), ['AGENT-DISPLAY-NAME'], expected)),
        ).toEqual(['AGENT-DISPLAY-NAME']);
      }),
      { numRuns: 50 },
    );
  });

  it('an answer without the error envelope breaks ERROR-ENVELOPE', () => {
    const bodies: unknown[] = [
      undefined,
      'Bad Request',
      { message: 'bad' },
      { error: 'bad' },
      { code: 'INVALID_ARGUMENT', details: [] },
      { error: { code: 'INVALID_ARGUMENT', message: 'm' } },
      { error: { code: '', message: 'm', details: [] } },
      { error: { code: 'INVALID_ARGUMENT', message: 'm', details: [{ field: 'display_name' }] } },
      { error: { code: 'INVALID_ARGUMENT', message: 'm', details: {} } },
    ];
    for (const body of bodies) {
      const response = typeof body === 'string' ? ex(400, undefined, { text: body }) : ex(400, body);
      expect(
        violated(() => expectRejection(DEFAULT, CREATE_AGENT, response, ['AGENT-DISPLAY-NAME'], {})),
        JSON.stringify(body),
      ).toEqual(['ERROR-ENVELOPE']);
    }
  });

  it("another code breaks the caller's requirements; without an expected code any code passes", () => {
    const response = ex(400, errorBody('FAILED_PRECONDITION', [detail('display_name')]));
    expect(violated(() => expectRejection(DEFAULT, CREATE_AGENT, response, ['AGENT-DISPLAY-NAME'], expected))).toEqual([
      'AGENT-DISPLAY-NAME',
    ]);
    expect(
      violated(() => expectRejection(DEFAULT, CREATE_AGENT, response, ['MUTATION-PARENT-MUST-EXIST'], {})),
    ).toBeUndefined();
  });

  it('details naming the field in any spelling pass; details naming another field break ERROR-DETAILS-FIELD', () => {
    for (const field of ['display_name', 'agent.display_name', '/display_name', 'displayName', 'body.display_name']) {
      const response = ex(400, errorBody('INVALID_ARGUMENT', [detail('phone_number'), detail(field)]));
      expect(
        violated(() => expectRejection(DEFAULT, CREATE_AGENT, response, ['AGENT-DISPLAY-NAME'], expected)),
        field,
      ).toBeUndefined();
    }
    for (const details of [[], [detail('display')], [detail('display_name_x')]]) {
      const response = ex(400, errorBody('INVALID_ARGUMENT', details));
      expect(
        violated(() => expectRejection(DEFAULT, CREATE_AGENT, response, ['AGENT-DISPLAY-NAME'], expected)),
        JSON.stringify(details),
      ).toEqual(['ERROR-DETAILS-FIELD']);
    }
  });

  it('with several fields, a detail naming one of them passes; with `within`, so does one naming something inside it', () => {
    const response = ex(400, errorBody('INVALID_ARGUMENT', [detail('mutation.config_overrides.no_such_key')]));
    const judge = (field: string | string[], within?: boolean) =>
      violated(() =>
        expectRejection(DEFAULT, CREATE_AGENT, response, ['AGENT-DISPLAY-NAME'], {
          code: 'INVALID_ARGUMENT',
          field,
          ...(within ? { within } : {}),
        }),
      );
    expect(judge(['config_overrides', 'workflows'])).toEqual(['ERROR-DETAILS-FIELD']);
    expect(judge(['workflows', 'config_overrides'], true)).toBeUndefined();
    expect(judge(['config_overrides.no_such_key', 'workflows'])).toBeUndefined();
    expect(() =>
      expectRejection(DEFAULT, CREATE_AGENT, response, ['AGENT-DISPLAY-NAME'], {
        code: 'INVALID_ARGUMENT',
        field: ['a', 'b'],
        within: true,
      }),
    ).toThrow(
      'error details do not name the field "a" or "b" (or anything inside it) (they name: "mutation.config_overrides.no_such_key")',
    );
  });

  it('an UNAUTHENTICATED answer not naming the key header breaks AUTH-DETAILS-HEADER', () => {
    const unauthenticated = { code: 'UNAUTHENTICATED', field: 'X-API-Key' };
    expect(
      violated(() =>
        expectRejection(
          DEFAULT,
          CREATE_AGENT,
          ex(401, errorBody('UNAUTHENTICATED', [detail('Authorization')])),
          ['AUTH-MISSING-KEY'],
          unauthenticated,
        ),
      ),
    ).toEqual(['AUTH-DETAILS-HEADER']);
    expect(
      violated(() =>
        expectRejection(
          DEFAULT,
          CREATE_AGENT,
          ex(401, errorBody('UNAUTHENTICATED', [detail('x-api-key')])),
          ['AUTH-MISSING-KEY'],
          unauthenticated,
        ),
      ),
    ).toBeUndefined();
  });

  it('compares the error answer with the published schema too', () => {
    const issues = [{ pointer: '/error', message: "must have required property 'status'" }];
    const judged = expectRejection(
      { ...DEFAULT, publishedSpec: publishing(issues) },
      CREATE_AGENT,
      ex(400, errorBody('INVALID_ARGUMENT', [detail('display_name')])),
      ['AGENT-DISPLAY-NAME'],
      expected,
    );
    expect(judged.published.map((p) => p.issues)).toEqual([issues]);
  });

  it('returns ERROR-ENVELOPE verified, and for INVALID_ARGUMENT naming a field ERROR-INVALID-ARGUMENT and ERROR-DETAILS-FIELD', () => {
    const { verified } = expectRejection(
      DEFAULT,
      CREATE_AGENT,
      ex(400, errorBody('INVALID_ARGUMENT', [detail('display_name')])),
      ['AGENT-DISPLAY-NAME'],
      expected,
    );
    expect([...verified].sort()).toEqual(['ERROR-DETAILS-FIELD', 'ERROR-ENVELOPE', 'ERROR-INVALID-ARGUMENT']);
    expect(
      expectRejection(DEFAULT, CREATE_AGENT, ex(404, errorBody('NOT_FOUND')), ['AGENT-GET'], { code: 'NOT_FOUND' })
        .verified,
    ).toEqual(['ERROR-ENVELOPE']);
  });

  describe('strict profile', () => {
    const conventional = { ...expected, conventionalStatus: 400 };
    const body = errorBody('INVALID_ARGUMENT', [detail('display_name')]);

    it('a status other than the conventional one breaks HTTP-STATUS-CONVENTIONS; in the default profile, nothing', () => {
      fc.assert(
        fc.property(errorStatus, (status) => {
          expect(
            found(() => expectRejection(STRICT, CREATE_AGENT, ex(status, body), ['AGENT-DISPLAY-NAME'], conventional)),
          ).toEqual(status === 400 ? undefined : ['HTTP-STATUS-CONVENTIONS']);
          expect(
            violated(() =>
              expectRejection(DEFAULT, CREATE_AGENT, ex(status, body), ['AGENT-DISPLAY-NAME'], conventional),
            ),
          ).toBeUndefined();
        }),
        { numRuns: 50 },
      );
    });

    it('an error sent without Content-Type application/json breaks RESPONSE-CONTENT-TYPE-JSON', () => {
      expect(
        found(() =>
          expectRejection(
            STRICT,
            CREATE_AGENT,
            ex(400, body, { headers: { 'content-type': 'text/html' } }),
            ['AGENT-DISPLAY-NAME'],
            conventional,
          ),
        ),
      ).toEqual(['RESPONSE-CONTENT-TYPE-JSON']);
    });

    it('conventions come after the MUSTs, and are returned without stopping the check', () => {
      const wrong = ex(422, errorBody('INVALID_ARGUMENT', [detail('phone_number')]), { headers: {} });
      expect(found(() => expectRejection(STRICT, CREATE_AGENT, wrong, ['AGENT-DISPLAY-NAME'], conventional))).toEqual([
        'ERROR-DETAILS-FIELD',
      ]);
      const judged = expectRejection(
        STRICT,
        CREATE_AGENT,
        ex(422, body, { headers: {} }),
        ['AGENT-DISPLAY-NAME'],
        conventional,
      );
      expect(judged.value).toEqual(body.error);
      expect(conventionsOf(judged)).toEqual([['RESPONSE-CONTENT-TYPE-JSON'], ['HTTP-STATUS-CONVENTIONS']]);
    });
  });
});

describe('expectInvalidArgument', () => {
  it("is INVALID_ARGUMENT naming the field; a wrong code breaks the caller's requirements and ERROR-INVALID-ARGUMENT", () => {
    const response = ex(400, errorBody('OUT_OF_RANGE', [detail('display_name')]));
    expect(
      violated(() => expectInvalidArgument(DEFAULT, CREATE_AGENT, response, ['AGENT-DISPLAY-NAME'], 'display_name')),
    ).toEqual(['AGENT-DISPLAY-NAME', 'ERROR-INVALID-ARGUMENT']);
    expect(
      violated(() =>
        expectInvalidArgument(
          DEFAULT,
          CREATE_AGENT,
          ex(400, errorBody('INVALID_ARGUMENT', [detail('prompt')])),
          ['AGENT-PROMPT'],
          'display_name',
        ),
      ),
    ).toEqual(['ERROR-DETAILS-FIELD']);
    expect(
      violated(() =>
        expectInvalidArgument(DEFAULT, CREATE_AGENT, ex(200, { agent: AGENT }), ['AGENT-DISPLAY-NAME'], 'display_name'),
      ),
    ).toEqual(['AGENT-DISPLAY-NAME', 'ERROR-INVALID-ARGUMENT']);
  });

  it('without a field, any details pass', () => {
    expect(
      violated(() =>
        expectInvalidArgument(
          DEFAULT,
          CREATE_AGENT,
          ex(400, errorBody('INVALID_ARGUMENT')),
          ['REQUEST-MALFORMED-JSON'],
          undefined,
        ),
      ),
    ).toBeUndefined();
  });

  it('in the strict profile the conventional status is 400', () => {
    const body = errorBody('INVALID_ARGUMENT', [detail('display_name')]);
    expect(
      found(() => expectInvalidArgument(STRICT, CREATE_AGENT, ex(400, body), ['AGENT-DISPLAY-NAME'], 'display_name')),
    ).toBeUndefined();
    expect(
      found(() => expectInvalidArgument(STRICT, CREATE_AGENT, ex(422, body), ['AGENT-DISPLAY-NAME'], 'display_name')),
    ).toEqual(['HTTP-STATUS-CONVENTIONS']);
  });
});

describe('expectUtf8Json (RESPONSE-JSON-UTF8)', () => {
  const labelled = (contentType: string | undefined, text = '{"name":"Café"}') =>
    violated(() =>
      expectUtf8Json(
        exchangeOf(200, text, { headers: contentType === undefined ? {} : { 'content-type': contentType } }),
      ),
    );

  it('passes a JSON answer without charset, or with one naming UTF-8 in any case, quoted or not', () => {
    for (const type of [
      undefined,
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
      'Application/JSON; Charset = UTF8',
      'application/json; profile="x;charset=latin1"; charset=utf-8',
      'application/problem+json; charset=utf-8',
    ])
      expect(labelled(type), String(type)).toBeUndefined();
  });

  it('breaks on a JSON answer labelled with another encoding', () => {
    for (const type of [
      'application/json; charset=iso-8859-1',
      'application/json;charset="ISO-8859-1"',
      'text/plain; charset=windows-1252',
      'application/json; charset=utf-16',
    ])
      expect(labelled(type), type).toEqual(['RESPONSE-JSON-UTF8']);
    expect(labelled('application/json; charset=latin1', '')).toEqual(['RESPONSE-JSON-UTF8']);
  });

  it('leaves a body that is not JSON to other rules', () => {
    expect(labelled('application/yaml; charset=iso-8859-1', 'openapi: 3.1.0\n')).toBeUndefined();
    expect(labelled('text/html; charset=iso-8859-1', '<p>busy</p>')).toBeUndefined();
  });
});

describe('expectErrorLabelledJson (RESPONSE-CONTENT-TYPE-JSON)', () => {
  const ERROR = '{"error":{"code":"NOT_FOUND","message":"no such spec","details":[]}}';
  const labelled = (status: number, contentType: string | undefined, text = ERROR) =>
    violated(() =>
      expectErrorLabelledJson(
        exchangeOf(status, text, { headers: contentType === undefined ? {} : { 'content-type': contentType } }),
      ),
    );

  it('passes an error object labelled application/json, with parameters, in any case; a 406 too', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON'])
      expect(labelled(404, type), type).toBeUndefined();
    expect(labelled(406, 'application/json')).toBeUndefined();
  });

  it('breaks on an error object labelled YAML, text or nothing, whatever its status', () => {
    for (const type of ['application/yaml', 'text/plain', undefined])
      expect(labelled(404, type), String(type)).toEqual(['RESPONSE-CONTENT-TYPE-JSON']);
    expect(labelled(406, 'application/yaml')).toEqual(['RESPONSE-CONTENT-TYPE-JSON']);
  });

  it("leaves an answer without the API's error object to other rules (a front's page, a document)", () => {
    expect(labelled(400, 'text/html', '<p>refused</p>')).toBeUndefined();
    expect(labelled(200, 'application/yaml', 'openapi: 3.1.0\n')).toBeUndefined();
  });
});

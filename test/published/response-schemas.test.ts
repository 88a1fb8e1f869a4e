import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexOperations } from '../../lib/published/operations.js';
import { compileResponseValidators } from '../../lib/published/response-schemas.js';
import { apiDocument, validAgent, type Dialect } from './fixtures.js';

const GET_AGENT = ['GET', '/v1/agents/{agent_id}'] as const;
const validatorsFor = (document: unknown) => compileResponseValidators(indexOperations([document]));

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each<Dialect>(['3.0', '3.1'])('response validators from an OpenAPI %s document', (dialect) => {
  const validators = validatorsFor(
    apiDocument({
      dialect,
      v1InPaths: dialect === '3.1',
      servers: dialect === '3.0' ? ['http://127.0.0.1:9/v1'] : undefined,
    }),
  );
  const validate = (status: number, body: unknown) => validators.validate(...GET_AGENT, status, body);

  it('compiles every schema', () => {
    expect(validators.problems).toEqual([]);
  });

  it('accepts a matching body, null in a nullable field and RFC 3339 times with offsets', () => {
    expect(validate(200, validAgent())).toEqual([]);
    expect(validate(200, validAgent({ description: null, create_time: '2024-05-01T08:00:00Z' }))).toEqual([]);
  });

  it('points at what does not match', () => {
    expect(validate(200, validAgent({ display_name: 42 }))).toMatchObject([
      { pointer: '/agent/display_name', message: 'must be string' },
    ]);
    expect(validate(200, validAgent({ create_time: '2024-05-01 10:00' }))?.map((issue) => issue.pointer)).toEqual([
      '/agent/create_time',
    ]);
    expect(
      validate(200, { agent: { ...(validAgent()['agent'] as object), parent: { id: 1 } } })?.map((i) => i.pointer),
    ).toContain('/agent/parent/id');
  });

  it('reads an exclusive minimum in either dialect', () => {
    expect(validate(200, validAgent({ score: 0 }))?.[0]?.pointer).toBe('/agent/score');
    expect(validate(200, validAgent({ score: 0.1 }))).toEqual([]);
  });

  it('does not let null through where the field is not nullable', () => {
    expect(validate(200, validAgent({ display_name: null }))?.[0]?.pointer).toBe('/agent/display_name');
  });

  it('chooses the exact status, then the range, then default', () => {
    expect(validate(404, { error: { code: 'NOT_FOUND' } })).toMatchObject([
      { pointer: '/error', message: "must have required property 'message'" },
    ]);
    expect(validate(500, { error: {} })?.length).toBe(2);
    expect(
      validators.validate('POST', '/v1/agents', 422, { error: { code: 'INVALID_ARGUMENT', message: 'bad' } }),
    ).toEqual([]);
    expect(validators.validate('POST', '/v1/agents', 500, {})).toBeUndefined();
  });

  it('has nothing to say where no JSON schema is documented', () => {
    expect(validate(204, 'anything')).toBeUndefined();
    expect(validators.validate('GET', '/v1/unknown', 200, {})).toBeUndefined();
  });
});

describe('schemas ajv cannot use', () => {
  it('are reported, not thrown, and unknown formats are not warned about', () => {
    const warn = vi.spyOn(console, 'warn');
    const document = apiDocument({ dialect: '3.1' });
    const schemas = (document['components'] as { schemas: Record<string, unknown> }).schemas;
    schemas['Agent'] = { type: 'object', properties: { id: { type: 'string', pattern: '([' } } };
    schemas['Error'] = { $ref: 'https://schemas.example/error.json' };
    const validators = validatorsFor(document);
    expect(validators.problems).toEqual([
      expect.stringMatching(
        /^POST \/v1\/agents response 201: the published schema cannot be used \(Invalid regular expression/,
      ),
      'POST /v1/agents response 4XX: the published schema cannot be used (the reference https://schemas.example/error.json leaves the document)',
      expect.stringMatching(/^GET \/v1\/agents\/\{agentId\} response 200: /),
      expect.stringMatching(/^GET \/v1\/agents\/\{agentId\} response 404: /),
      expect.stringMatching(/^GET \/v1\/agents\/\{agentId\} response default: /),
    ]);
    expect(validators.validate(...GET_AGENT, 200, {})).toBeUndefined();
    expect(
      validatorsFor(apiDocument({ dialect: '3.0' })).validate(
        ...GET_AGENT,
        200,
        validAgent({ phone_number: 'not a phone' }),
      ),
    ).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});

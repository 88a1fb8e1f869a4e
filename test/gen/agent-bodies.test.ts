// lib/gen/agent-bodies.ts: a valid agent of each model type (with the simulator
// configuration its type requires under the configuration field), formatted values of an
// exact length, and JSON of an exact size, measured as the contract measures (limits.ts).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_TYPES, type ModelType } from '../../lib/contract/enums.js';
import { byteSize, charLength, FIELD_LIMITS, fieldLimit, type FieldLimitId } from '../../lib/contract/limits.js';
import {
  byteLimitSizes,
  FORMATTED_VALUES,
  type FormattedField,
  jsonObjectOfSize,
  jsonTextOfSize,
  typedAgentBody,
} from '../../lib/gen/agent-bodies.js';
import { PUBLIC_CHAT_URL, PUBLIC_WEBHOOK_URL, VALID_PHONE } from '../../lib/gen/bodies.js';
import { echoIssues, limitProblems, sent } from './valid-body.js';

const NEEDS_CONFIG: readonly ModelType[] = ['MODEL_TYPE_CHAT', 'MODEL_TYPE_WEBSOCKET'];
/** Where a CHAT or WEBSOCKET configuration goes; responses carry it as `metadata`. */
const FIELD = 'metadata';

const configOf = (body: Record<string, unknown>, field = FIELD): Record<string, unknown> =>
  body[field] as Record<string, unknown>;

describe('typedAgentBody', () => {
  it.each(MODEL_TYPES)(
    'a %s agent is valid per the limits and the Agent schema, its configuration per the chat limits',
    (modelType) => {
      const body = typedAgentBody(modelType, 'cft typed', { configField: FIELD });
      expect(body['model_type']).toBe(modelType);
      expect(body['display_name']).toBe('cft typed');
      expect(body['phone_number']).toBe(VALID_PHONE);
      expect(limitProblems('agent', body)).toEqual([]);
      expect(limitProblems('chatConfig', configOf(body))).toEqual([]);
      expect(echoIssues('agent', body)).toEqual([]);
    },
  );

  it('an OUTBOUND_VOICE agent has the endpoint it requires; other types none', () => {
    for (const modelType of MODEL_TYPES) {
      const body = typedAgentBody(modelType, 'cft', { configField: FIELD });
      expect(body['endpoint']).toBe(modelType === 'MODEL_TYPE_OUTBOUND_VOICE' ? PUBLIC_WEBHOOK_URL : undefined);
    }
  });

  it('a CHAT agent carries a public chat_endpoint', () => {
    expect(configOf(typedAgentBody('MODEL_TYPE_CHAT', 'cft', { configField: FIELD }))).toEqual({
      chat_endpoint: PUBLIC_CHAT_URL,
    });
  });

  it('a WEBSOCKET agent carries a wss:// endpoint and initialization_json that is a JSON object', () => {
    const config = configOf(typedAgentBody('MODEL_TYPE_WEBSOCKET', 'cft', { configField: FIELD }));
    expect(Object.keys(config).sort()).toEqual(['endpoint', 'initialization_json']);
    const url = new URL(config['endpoint'] as string);
    expect(url.protocol).toBe('wss:');
    expect(url.href).toBe(config['endpoint']);
    expect(JSON.parse(config['initialization_json'] as string)).toBeTypeOf('object');
  });

  it('a type that requires a configuration refuses to build without the field; others build without it', () => {
    for (const modelType of MODEL_TYPES) {
      if (NEEDS_CONFIG.includes(modelType))
        expect(() => typedAgentBody(modelType, 'cft')).toThrow(/configuration field/);
      else
        expect(
          Object.keys(typedAgentBody(modelType, 'cft')).every((key) =>
            ['display_name', 'model_type', 'phone_number', 'endpoint'].includes(key),
          ),
        ).toBe(true);
    }
  });

  it('puts the configuration under whichever field the target uses', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('metadata', 'simulator_configuration', 'config'),
        fc.constantFrom(...NEEDS_CONFIG),
        (field, modelType) => {
          const body = typedAgentBody(modelType, 'cft', { configField: field });
          expect(configOf(body, field)).toBeTypeOf('object');
          expect(
            Object.keys(body).filter((key) => ['metadata', 'simulator_configuration', 'config'].includes(key)),
          ).toEqual([field]);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('config keys are merged over the required ones; a key set to undefined is not sent', () => {
    const body = typedAgentBody('MODEL_TYPE_CHAT', 'cft', {
      configField: FIELD,
      config: { chat_endpoint: undefined, response_format: 'responses' },
    });
    expect(configOf(sent(body))).toEqual({ response_format: 'responses' });
    const ws = typedAgentBody('MODEL_TYPE_WEBSOCKET', 'cft', {
      configField: FIELD,
      config: { endpoint: 'ws://ws.example.com/agent' },
    });
    expect(configOf(ws)['endpoint']).toBe('ws://ws.example.com/agent');
    expect(configOf(ws)['initialization_json']).toBeDefined();
  });

  it('overrides are merged at the top level; an undefined one takes the field out of what is sent', () => {
    const body = typedAgentBody('MODEL_TYPE_OUTBOUND_VOICE', 'cft', {
      overrides: { endpoint: undefined, prompt: 'p' },
    });
    expect(sent(body)).toEqual({
      display_name: 'cft',
      model_type: 'MODEL_TYPE_OUTBOUND_VOICE',
      phone_number: VALID_PHONE,
      prompt: 'p',
    });
  });
});

describe('FORMATTED_VALUES', () => {
  const FIELDS = Object.keys(FORMATTED_VALUES) as FormattedField[];
  const LIMIT: Record<FormattedField, FieldLimitId> = {
    phone_number: 'agent.phone_number',
    endpoint: 'agent.endpoint',
  };
  const FORMAT: Record<FormattedField, (value: string) => boolean> = {
    // A SIP address (RFC 3261): sip:user@host.
    phone_number: (value) => /^sip:[A-Za-z0-9]+@pbx\.example\.com$/.test(value),
    // An HTTPS URL that a URL parser leaves exactly as it is (no `.` segment or escape to normalise).
    endpoint: (value) => new URL(value).href === value && value.startsWith('https://example.com/'),
  };

  it('ofLength(n) is exactly n characters by every reading (ASCII), well formed, from the shortest up to past the limit', () => {
    const cases = fc
      .constantFrom(...FIELDS)
      .chain((field) =>
        fc.tuple(
          fc.constant(field),
          fc.integer({ min: FORMATTED_VALUES[field].shortest, max: fieldLimit(LIMIT[field]).max! + 16 }),
          fc.nat(1000),
        ),
      );
    fc.assert(
      fc.property(cases, ([field, n, salt]) => {
        const value = FORMATTED_VALUES[field].ofLength(n, salt);
        expect([charLength(value), value.length, Buffer.byteLength(value)]).toEqual([n, n, n]);
        expect(FORMAT[field](value), value).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('the values at the limit and one past it sit on either side of the contract limit', () => {
    for (const field of FIELDS) {
      const max = fieldLimit(LIMIT[field]).max!;
      expect(limitProblems('agent', { [field]: FORMATTED_VALUES[field].ofLength(max) })).toEqual([]);
      expect(limitProblems('agent', { [field]: FORMATTED_VALUES[field].ofLength(max + 1) })).toHaveLength(1);
    }
  });

  it('shortest is the shortest length that can be built', () => {
    for (const field of FIELDS) {
      const { shortest, ofLength } = FORMATTED_VALUES[field];
      expect(ofLength(shortest)).toHaveLength(shortest);
      expect(() => ofLength(shortest - 1)).toThrow(/cannot be/);
    }
  });

  it('the salt varies the value, not its length', () => {
    for (const field of FIELDS) {
      const values = new Set([0, 1, 2, 3, 4].map((salt) => FORMATTED_VALUES[field].ofLength(60, salt)));
      expect(values.size).toBe(5);
    }
  });
});

describe('JSON of an exact size', () => {
  const smallest = JSON.stringify({ data: '' }).length;

  it('jsonObjectOfSize(n) is an object whose compact JSON is n bytes, as byteSize measures it', () => {
    fc.assert(
      fc.property(fc.integer({ min: smallest, max: 50_000 }), (n) => {
        const value = jsonObjectOfSize(n);
        expect(value).toBeTypeOf('object');
        expect(byteSize(value)).toBe(n);
        expect(Buffer.byteLength(JSON.stringify(value))).toBe(n);
      }),
      { numRuns: 50 },
    );
  });

  it('jsonTextOfSize(n) is JSON text of n bytes that parses to an object', () => {
    fc.assert(
      fc.property(fc.integer({ min: smallest, max: 50_000 }), (n) => {
        const text = jsonTextOfSize(n);
        expect(byteSize(text)).toBe(n);
        expect(JSON.parse(text)).toEqual(jsonObjectOfSize(n));
      }),
      { numRuns: 50 },
    );
  });

  it('in two-byte characters, the same number of bytes in about half as many characters', () => {
    fc.assert(
      fc.property(fc.integer({ min: smallest, max: 50_000 }), (n) => {
        const value = jsonObjectOfSize(n, 'two-byte');
        expect(byteSize(value)).toBe(n);
        expect(Buffer.byteLength(JSON.stringify(value))).toBe(n);
        expect(JSON.stringify(value).length).toBe(smallest + Math.ceil((n - smallest) / 2));
        expect(JSON.parse(jsonTextOfSize(n, 'two-byte'))).toEqual(value);
        expect(byteSize(jsonTextOfSize(n, 'two-byte'))).toBe(n);
      }),
      { numRuns: 50 },
    );
  });

  it('the 10 MB sizes too', () => {
    const { accept, reject } = byteLimitSizes('agent.metadata');
    expect(byteSize(jsonObjectOfSize(accept))).toBe(accept);
    expect(byteSize(jsonObjectOfSize(reject))).toBe(reject);
    expect(byteSize(jsonObjectOfSize(reject, 'two-byte'))).toBe(reject);
  });
});

describe('byteLimitSizes', () => {
  const BYTE_LIMITS = FIELD_LIMITS.filter((l) => l.unit === 'bytes').map((l) => l.id);

  it.each(BYTE_LIMITS)('%s: accepted is within the limit read as 1000s, rejected past it read as 1024s', (id) => {
    const { low, high } = fieldLimit(id).maxAmbiguous!;
    const { accept, reject } = byteLimitSizes(id);
    expect(accept).toBeLessThanOrEqual(low);
    expect(reject).toBeGreaterThan(high);
    // JSON text sent as a string value is quoted and its quotes escaped: still within the limit.
    expect(byteSize(JSON.stringify(jsonTextOfSize(accept)))).toBeLessThanOrEqual(low);
    // However a server measures (the text, or the text quoted), the rejected size is over.
    expect(byteSize(jsonTextOfSize(reject))).toBeGreaterThan(high);
  });

  it('refuses a limit that is not in KB or MB', () => {
    expect(() => byteLimitSizes('agent.display_name')).toThrow(/not a KB \/ MB limit/);
  });
});

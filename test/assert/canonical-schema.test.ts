// lib/assert/canonical-schema.ts: validation against the contract's canonical schemas, and the
// rule each issue breaks besides SCHEMA-CANONICAL, so a wrong id is reported as AGENT-ID-FORMAT.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasCanonicalSchema, rulesOf, validateCanonical } from '../../lib/assert/canonical-schema.js';
import { ENDPOINTS } from '../../lib/contract/endpoints.js';
import { DEFINITIONS, SCHEMA_RULES, TIMESTAMP_RULE } from '../../lib/contract/schemas.js';
import { alnum } from '../../lib/gen/ids.js';

const T = '2026-01-05T10:00:00Z';

/** A valid instance of each definition SCHEMA_RULES names a property of. */
const VALID: Record<string, Record<string, unknown>> = {
  Agent: { id: alnum(22), display_name: 'a', model_type: 'MODEL_TYPE_VOICE', knowledge_base_ids: [], create_time: T, update_time: T },
  Mutation: { id: alnum(26), agent_id: alnum(22), display_name: 'm', create_time: T, update_time: null, parameter_values: { a: 'b' } },
  MetricOutput: { metric_output_id: alnum(26), metric_id: 'm1' },
  Persona: { resource_name: `personas/${alnum(22)}`, id: alnum(22), language_code: 'en-US' },
  PhoneNumbers: { inbound: [], outbound: [] },
  PhoneNumber: { index: 0, phone_number: '+14155550123' },
  RunProgress: { total_test_cases: 3, completed_test_cases: 1, failed_test_cases: 0, in_progress_test_cases: 2 },
  TestCase: { name: 'test-cases/x', id: alnum(22), test_set_id: 'abcdefgh', input_str: 'i', input_type: 'SCENARIO' },
  ScheduledRun: { name: 'scheduled-runs/x', id: alnum(22), schedule_expression: 'rate(1 day)' },
  Dashboard: { name: `dashboards/${alnum(22)}`, display_name: 'd' },
  ReviewProject: {
    name: 'review-projects/x', id: 'x', display_name: 'r', assignees: ['a@example.com'], linked_simulation_ids: ['s'], linked_metric_ids: ['m'],
    project_type: 'PROJECT_INDIVIDUAL', notifications: true, project_rules: ['require_disagreement_notes'],
  },
  ErrorBody: { error: { code: 'INVALID_ARGUMENT', message: 'm', details: [] } },
};

/** 12.5 is of the wrong type for every property SCHEMA_RULES names (none is a plain number). */
const WRONG = 12.5;

describe('validateCanonical', () => {
  it.each(Object.entries(VALID))('a valid %s has no issues', (name, instance) => {
    expect(validateCanonical(name, instance)).toEqual([]);
  });

  it('reports each issue with its JSON pointer, message, schema path and keyword', () => {
    const issues = validateCanonical('AgentResponse', { agent: { ...VALID['Agent'], id: 'short' } });
    expect(issues).toEqual([{ pointer: '/agent/id', message: expect.stringMatching(/pattern/), schemaPath: '#/definitions/Agent/properties/id/pattern', keyword: 'pattern' }]);
  });

  it('allows fields the spec does not list, and leaves out fields it does not require', () => {
    expect(validateCanonical('Agent', { ...VALID['Agent'], extra: { anything: [1] } })).toEqual([]);
    expect(validateCanonical('Persona', { resource_name: 'personas/x', id: alnum(22) })).toEqual([]);
  });

  it('reports every issue, not only the first', () => {
    const issues = validateCanonical('Agent', { ...VALID['Agent'], id: 1, model_type: 'X', create_time: 'yesterday' });
    expect(issues.map((i) => i.pointer).sort()).toEqual(['/create_time', '/id', '/model_type']);
  });

  it('validates the same way on every call (compiled once, reused)', () => {
    fc.assert(fc.property(fc.constantFrom(...Object.keys(VALID)), fc.boolean(), (name, broken) => {
      const instance = broken ? { ...VALID[name], [Object.keys(VALID[name]!)[0]!]: WRONG } : VALID[name];
      expect(validateCanonical(name, instance).length > 0).toBe(broken);
    }), { numRuns: 60 });
  });

  it('refuses a schema the contract does not have', () => {
    expect(() => validateCanonical('NoSuchSchema', {})).toThrow(/no canonical schema/);
  });
});

describe('hasCanonicalSchema', () => {
  it('is true for every response schema an endpoint names, and for the error body', () => {
    for (const endpoint of ENDPOINTS) if (endpoint.responseSchema) expect(hasCanonicalSchema(endpoint.responseSchema), endpoint.key).toBe(true);
    expect(hasCanonicalSchema('ErrorBody')).toBe(true);
  });

  it('is false for other names', () => {
    expect(hasCanonicalSchema('Agents')).toBe(false);
    expect(hasCanonicalSchema('')).toBe(false);
  });
});

describe('rulesOf', () => {
  const all = Object.entries(SCHEMA_RULES).map(([key, rule]) => [key, rule, ...key.split('.')] as [string, string, string, string]);
  /**
   * Definitions that hold a $ref (MetricOutput → SubValue, PhoneNumbers → PhoneNumber,
   * ErrorBody → ErrorDetail): ajv compiles them as functions of their own, whose issues carry
   * schema paths relative to the definition (`#/properties/metric_output_id/pattern`), with no
   * `#/definitions/<Name>/` for rulesOf to read. See the failing test below.
   */
  const UNREACHABLE = ['MetricOutput.metric_output_id', 'PhoneNumbers.inbound', 'PhoneNumbers.outbound', 'ErrorBody.error'];
  const entries = all.filter(([key]) => !UNREACHABLE.includes(key));

  it('every definition SCHEMA_RULES names is one the tests have a valid instance of', () => {
    for (const [, , definition] of all) expect(Object.keys(VALID)).toContain(definition);
  });

  it.each(entries)('%s of the wrong type breaks %s', (_, rule, definition, property) => {
    const issues = validateCanonical(definition, { ...VALID[definition], [property]: WRONG });
    expect(issues.length).toBeGreaterThan(0);
    expect(rulesOf(issues)).toEqual([rule]);
  });

  it.each(entries.filter(([, , definition, property]) => ((DEFINITIONS[definition]!['required'] as string[] | undefined) ?? []).includes(property)))(
    '%s missing breaks %s', (_, rule, definition, property) => {
      const instance: Record<string, unknown> = { ...VALID[definition] };
      delete instance[property];
      expect(rulesOf(validateCanonical(definition, instance))).toEqual([rule]);
    });

  it('finds the rule inside a wrapped response too', () => {
    const issues = validateCanonical('MutationResponse', { mutation: { ...VALID['Mutation'], id: alnum(25) } });
    expect(rulesOf(issues)).toEqual(['MUTATION-ID-FORMAT']);
  });

  // BUG (lib/assert/canonical-schema.ts, rulesOf): the four SCHEMA_RULES entries of definitions that
  // hold a $ref are never named. GET .../metrics/{metric_output_id} answering a metric_output_id of
  // 25 characters is blamed on SCHEMA-CANONICAL alone, not METRIC-OUTPUT-ID-FORMAT (issue
  // schemaPath `#/properties/metric_output_id/pattern`); phone_numbers.inbound that is not a list,
  // on SCHEMA-CANONICAL alone, not PERSONA-PHONE-NUMBERS. (PhoneNumber.index and RunProgress are
  // found: definitions without a $ref are inlined and keep their `#/definitions/<Name>/` path.)
  it.fails('every SCHEMA_RULES entry is named when its property is broken (fails: not inside definitions holding a $ref)', () => {
    expect(rulesOf(validateCanonical('MetricResponse', { metric: { ...VALID['MetricOutput'], metric_output_id: alnum(25) } }))).toEqual(['METRIC-OUTPUT-ID-FORMAT']);
    expect(rulesOf(validateCanonical('PhoneNumbersResponse', { phone_numbers: { inbound: {}, outbound: [] } }))).toEqual(['PERSONA-PHONE-NUMBERS']);
    for (const [key, rule, definition, property] of all.filter(([k]) => UNREACHABLE.includes(k))) {
      expect(rulesOf(validateCanonical(definition, { ...VALID[definition], [property]: WRONG })), key).toEqual([rule]);
    }
  });

  it('a timestamp that is not ISO 8601 UTC breaks TIMESTAMP-ISO-UTC, wherever it is', () => {
    for (const [name, field] of [['Agent', 'create_time'], ['Agent', 'update_time'], ['TestCase', 'create_time']] as const) {
      expect(rulesOf(validateCanonical(name, { ...VALID[name], [field]: '2026-01-05T10:00:00+02:00' })), `${name}.${field}`).toEqual([TIMESTAMP_RULE]);
    }
  });

  it('names no rule for a property without one, and each rule once', () => {
    expect(rulesOf(validateCanonical('Agent', { ...VALID['Agent'], display_name: '' }))).toEqual([]);
    const twice = validateCanonical('PhoneNumbers', { inbound: [{ index: 'x', phone_number: 1 }], outbound: 3 });
    expect(rulesOf(twice).sort()).toEqual(['PERSONA-PHONE-NUMBERS']);
    expect(rulesOf([])).toEqual([]);
  });
});

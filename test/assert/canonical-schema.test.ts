// lib/assert/canonical-schema.ts: validation against the contract's canonical schemas, and the
// rule each issue breaks besides SCHEMA-CANONICAL, so a wrong id is reported as AGENT-ID-FORMAT.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasCanonicalSchema, rulesOf, validateCanonical } from '../../lib/assert/canonical-schema.js';
import { ENDPOINTS } from '../../lib/contract/endpoints.js';
import { DEFINITIONS, ID_FIELD_RULE, SCHEMA_RULES, TIMESTAMP_RULE } from '../../lib/contract/schemas.js';
import { ID_RULES } from '../../lib/contract/ids.js';
import { alnum, wellFormedId } from '../../lib/gen/ids.js';

const T = '2026-01-05T10:00:00Z';

/** A valid instance of each definition SCHEMA_RULES names a property of. */
const VALID: Record<string, Record<string, unknown>> = {
  Agent: {
    id: alnum(22),
    display_name: 'a',
    model_type: 'MODEL_TYPE_VOICE',
    knowledge_base_ids: [],
    create_time: T,
    update_time: T,
  },
  Mutation: {
    id: wellFormedId(ID_RULES.mutation),
    agent_id: alnum(22),
    display_name: 'm',
    create_time: T,
    update_time: null,
    parameter_values: { a: 'b' },
  },
  MetricOutput: { metric_output_id: wellFormedId(ID_RULES.metricOutput), metric_id: 'm1' },
  Persona: { resource_name: `personas/${alnum(22)}`, id: alnum(22), language_code: 'en-US' },
  PhoneNumbers: { inbound: [], outbound: [] },
  PhoneNumber: { index: 0, phone_number: '+14155550123' },
  RunProgress: { total_test_cases: 3, completed_test_cases: 1, failed_test_cases: 0, in_progress_test_cases: 2 },
  TestCase: { name: 'test-cases/x', id: alnum(22), test_set_id: 'abcdefgh', input_str: 'i', input_type: 'SCENARIO' },
  ScheduledRun: { name: 'scheduled-runs/x', id: alnum(22), schedule_expression: 'rate(1 day)' },
  Dashboard: { name: `dashboards/${alnum(22)}`, display_name: 'd' },
  ReviewProject: {
    name: 'review-projects/x',
    id: 'x',
    display_name: 'r',
    assignees: ['a@example.com'],
    linked_simulation_ids: ['s'],
    linked_metric_ids: ['m'],
    project_type: 'PROJECT_INDIVIDUAL',
    notifications: true,
    project_rules: ['require_disagreement_notes'],
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
    expect(issues).toEqual([
      {
        pointer: '/agent/id',
        message: expect.stringMatching(/pattern/),
        schemaPath: '#/definitions/Agent/properties/id/pattern',
        keyword: 'pattern',
      },
    ]);
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
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(VALID)), fc.boolean(), (name, broken) => {
        const instance = broken ? { ...VALID[name], [Object.keys(VALID[name]!)[0]!]: WRONG } : VALID[name];
        expect(validateCanonical(name, instance).length > 0).toBe(broken);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a schema the contract does not have', () => {
    expect(() => validateCanonical('NoSuchSchema', {})).toThrow(/no canonical schema/);
  });
});

describe('hasCanonicalSchema', () => {
  it('is true for every response schema an endpoint names, and for the error body', () => {
    for (const endpoint of ENDPOINTS)
      if (endpoint.responseSchema) expect(hasCanonicalSchema(endpoint.responseSchema), endpoint.key).toBe(true);
    expect(hasCanonicalSchema('ErrorBody')).toBe(true);
  });

  it('is false for other names', () => {
    expect(hasCanonicalSchema('Agents')).toBe(false);
    expect(hasCanonicalSchema('')).toBe(false);
  });
});

describe('rulesOf', () => {
  const all = Object.entries(SCHEMA_RULES).map(
    ([key, rule]) => [key, rule, ...key.split('.')] as [string, string, string, string],
  );
  /** The rules an instance of `definition` breaks. */
  const rulesFor = (definition: string, instance: unknown): string[] =>
    rulesOf(definition, validateCanonical(definition, instance));

  it('every definition SCHEMA_RULES names is one the tests have a valid instance of', () => {
    for (const [, , definition] of all) expect(Object.keys(VALID)).toContain(definition);
  });

  it.each(all)(
    '%s of the wrong type breaks %s (and the timestamp rule, if it is a timestamp)',
    (_, rule, definition, property) => {
      const timestamp =
        (DEFINITIONS[definition]!['properties'] as Record<string, { format?: string }>)[property]?.format === 'iso-utc';
      expect(rulesFor(definition, { ...VALID[definition], [property]: WRONG }).sort()).toEqual(
        (timestamp ? [rule, 'TIMESTAMP-ISO-UTC'] : [rule]).sort(),
      );
    },
  );

  it.each(
    all.filter(([, , definition, property]) =>
      ((DEFINITIONS[definition]!['required'] as string[] | undefined) ?? []).includes(property),
    ),
  )('%s missing breaks %s', (_, rule, definition, property) => {
    const instance: Record<string, unknown> = { ...VALID[definition] };
    delete instance[property];
    expect(rulesFor(definition, instance)).toEqual([rule]);
  });

  it('a timestamp that is not a string (epoch milliseconds) breaks the timestamp rule, as one in another format does', () => {
    expect(rulesFor('Mutation', { ...VALID['Mutation'], create_time: 1_767_225_600_000 })).toContain(
      'TIMESTAMP-ISO-UTC',
    );
    expect(rulesFor('Mutation', { ...VALID['Mutation'], create_time: '2026-01-01 00:00:00' })).toContain(
      'TIMESTAMP-ISO-UTC',
    );
    expect(rulesFor('Mutation', { ...VALID['Mutation'], display_name: 7 })).not.toContain('TIMESTAMP-ISO-UTC');
  });

  it('finds the rule inside a wrapped response too', () => {
    expect(rulesFor('MutationResponse', { mutation: { ...VALID['Mutation'], id: alnum(25) } })).toEqual([
      'MUTATION-ID-FORMAT',
    ]);
  });

  it('finds the rule inside a definition that holds a $ref, and in list elements', () => {
    expect(rulesFor('MetricResponse', { metric: { ...VALID['MetricOutput'], metric_output_id: alnum(25) } })).toEqual([
      'METRIC-OUTPUT-ID-FORMAT',
    ]);
    expect(rulesFor('PhoneNumbersResponse', { phone_numbers: { inbound: {}, outbound: [] } })).toEqual([
      'PERSONA-PHONE-NUMBERS',
    ]);
    expect(
      rulesFor('PhoneNumbersResponse', {
        phone_numbers: { inbound: [{ ...VALID['PhoneNumber'], index: 'x' }], outbound: [] },
      }),
    ).toEqual(['PERSONA-PHONE-NUMBERS']);
  });

  it('a timestamp that is not ISO 8601 UTC breaks TIMESTAMP-ISO-UTC, wherever it is', () => {
    for (const [name, field] of [
      ['Agent', 'create_time'],
      ['Agent', 'update_time'],
      ['TestCase', 'create_time'],
    ] as const) {
      expect(rulesFor(name, { ...VALID[name], [field]: '2026-01-05T10:00:00+02:00' }), `${name}.${field}`).toEqual([
        TIMESTAMP_RULE,
      ]);
    }
  });

  it('names no rule for a property without one, and each rule once', () => {
    expect(rulesFor('Agent', { ...VALID['Agent'], display_name: '' })).toEqual([]);
    const twice = validateCanonical('PhoneNumbers', { inbound: [{ index: 'x', phone_number: 1 }], outbound: 3 });
    expect(rulesOf('PhoneNumbers', twice).sort()).toEqual(['PERSONA-PHONE-NUMBERS']);
    expect(rulesOf('Agent', [])).toEqual([]);
  });

  it('an ID field holding a resource name of a collection the specification names breaks ID-FIELDS-HOLD-IDS, at any depth; an ID of another shape does not', () => {
    const run = { name: 'runs/r1', run_id: 'r1', agent_id: 'agents/a1', results: { output_ids: ['simulations/s1'] } };
    expect(rulesFor('Run', run)).toEqual([ID_FIELD_RULE.rule]);
    expect(validateCanonical('Run', run).map((issue) => issue.pointer)).toEqual(['/agent_id', '/results/output_ids/0']);
    expect(rulesFor('ScheduledRun', { ...VALID['ScheduledRun'], last_run_id: 'runs/r1' })).toEqual([
      ID_FIELD_RULE.rule,
    ]);
    const chat = { ...VALID['Agent'], metadata: { persona_id: `personas/${alnum(22)}` } };
    expect(rulesFor('Agent', chat)).toEqual([ID_FIELD_RULE.rule]);
    // Slashes of other shapes, other collections, a name field, and null where the field is nullable.
    for (const other of ['a/b', 'run/r1', 'Runs/r1', 'templates/t1', 'runs'])
      expect(validateCanonical('Run', { name: 'runs/r1', run_id: 'r1', persona_id: other })).toEqual([]);
    expect(validateCanonical('ScheduledRun', { ...VALID['ScheduledRun'], last_run_id: null })).toEqual([]);
  });
});

// lib/explore/model.ts: what a mutation create must get from the model's state, and how a later read may
// differ from what the create answered (by value and JSON type; timestamps as instants; absent as empty).

import { describe, expect, it } from 'vitest';
import {
  agentReadProblems,
  atOnceMutationProblems,
  dashboardPatchProblems,
  differences,
  emptyModel,
  listedProblems,
  expectedMutationCreate,
  mutationReadProblems,
  parameterValuesProblems,
  reviewProjectCreateProblems,
  sharedIds,
  testCaseCreateProblems,
  testCaseReadProblems,
  type ExploreModel,
  type MutationEntry,
} from '../../lib/explore/model.js';

const AGENT = 'A'.repeat(22);
const OTHER = 'B'.repeat(22);

const mutation = (name: string, agentId = AGENT, deleted = false): MutationEntry => ({
  id: `${name}-${agentId}`,
  agentId,
  name,
  snapshot: { display_name: name, description: '', update_time: null, create_time: '2026-01-05T10:00:00Z' },
  deleted,
});

const modelOf = (...mutations: MutationEntry[]): ExploreModel => ({ ...emptyModel(), mutations });

describe('expectedMutationCreate', () => {
  it('refuses a mutation under an id that names no agent, whatever its body', () => {
    expect(expectedMutationCreate(emptyModel(), undefined, 'alpha', undefined)).toMatchObject({
      outcome: 'refuse',
      requirements: ['MUTATION-PARENT-MUST-EXIST'],
    });
  });

  it('refuses an invalid body under the rule its flaw breaks', () => {
    expect(expectedMutationCreate(emptyModel(), AGENT, 'alpha', 'unknown-override-key').requirements).toEqual([
      'MUTATION-CONFIG-OVERRIDES-KEYS',
    ]);
    expect(expectedMutationCreate(emptyModel(), AGENT, 'alpha', 'description-too-long').requirements).toEqual([
      'MUTATION-DESCRIPTION',
    ]);
    expect(expectedMutationCreate(emptyModel(), AGENT, 'alpha', 'empty-name').outcome).toBe('refuse');
  });

  it('refuses the name of an active mutation of the same agent', () => {
    expect(expectedMutationCreate(modelOf(mutation('alpha')), AGENT, 'alpha', undefined)).toMatchObject({
      outcome: 'refuse',
      requirements: ['MUTATION-DISPLAY-NAME-UNIQUE'],
    });
  });

  it("accepts a deleted mutation's name, another agent's name and a new name, each under its rule", () => {
    expect(expectedMutationCreate(modelOf(mutation('alpha', AGENT, true)), AGENT, 'alpha', undefined)).toMatchObject({
      outcome: 'accept',
      requirements: ['MUTATION-DISPLAY-NAME-REUSABLE'],
    });
    expect(expectedMutationCreate(modelOf(mutation('alpha', OTHER)), AGENT, 'alpha', undefined)).toMatchObject({
      outcome: 'accept',
      requirements: ['MUTATION-DISPLAY-NAME-PER-AGENT'],
    });
    expect(expectedMutationCreate(modelOf(mutation('beta')), AGENT, 'alpha', undefined)).toMatchObject({
      outcome: 'accept',
      requirements: ['MUTATION-CREATE'],
    });
  });

  it('still refuses a name held by an active mutation when a deleted one had it too', () => {
    const model = modelOf(mutation('alpha', AGENT, true), mutation('alpha'));
    expect(expectedMutationCreate(model, AGENT, 'alpha', undefined).outcome).toBe('refuse');
  });
});

describe('differences', () => {
  it('finds none when the read is the snapshot, or adds fields of its own', () => {
    const snapshot = { a: 'x', n: 1, nested: { b: [1, 2] } };
    expect(differences(snapshot, structuredClone(snapshot))).toEqual([]);
    expect(differences(snapshot, { ...snapshot, extra: true, nested: { b: [1, 2], c: 3 } })).toEqual([]);
  });

  it('names a changed value, inside nested objects by its path', () => {
    expect(differences({ a: 'x', nested: { b: 'y' } }, { a: 'x', nested: { b: 'z' } })).toEqual([
      'nested.b: was "y", now "z"',
    ]);
  });

  it('tells JSON types apart: a number read back as its text, "" as null, a list as null', () => {
    expect(differences({ n: 1 }, { n: '1' })).toHaveLength(1);
    expect(differences({ s: '' }, { s: null })).toHaveLength(1);
    expect(differences({ l: [] }, { l: null })).toHaveLength(1);
  });

  it('reads an absent field as its empty value, on either side, but not as another value', () => {
    expect(differences({ s: '', l: [], o: {}, z: null }, {})).toEqual([]);
    expect(differences({}, { s: '' })).toEqual([]);
    expect(differences({ s: 'kept' }, {})).toEqual(['s: was "kept", now absent']);
  });

  it('compares timestamps as instants, whatever digits write them', () => {
    expect(differences({ t: '2026-01-05T10:00:00Z' }, { t: '2026-01-05T10:00:00.000000+00:00' })).toEqual([]);
    expect(differences({ t: '2026-01-05T10:00:00Z' }, { t: '2026-01-05T10:00:00.001Z' })).toHaveLength(1);
  });
});

describe('mutationReadProblems', () => {
  it('finds none in a read that describes the mutation as created', () => {
    const entry = mutation('alpha');
    expect(mutationReadProblems(entry, { ...entry.snapshot })).toEqual([]);
  });

  it('names MUTATION-UPDATE-TIME-NULL for an update_time, and MUTATION-GET for a changed field', () => {
    const entry = mutation('alpha');
    const read = { ...entry.snapshot, update_time: '2026-01-05T10:00:01Z', description: 'other' };
    expect(mutationReadProblems(entry, read).map((p) => p.requirement)).toEqual([
      'MUTATION-UPDATE-TIME-NULL',
      'MUTATION-GET',
    ]);
  });
});

describe('agentReadProblems', () => {
  const entry = {
    id: AGENT,
    modelType: 'MODEL_TYPE_VOICE' as const,
    config: {},
    snapshot: { prompt: 'p', create_time: '2026-01-05T10:00:00Z', update_time: '2026-01-05T10:00:00Z' },
  };

  it('lets update_time move (whether writes to its mutations move it is not said), never before create_time', () => {
    expect(agentReadProblems(entry, { ...entry.snapshot, update_time: '2026-01-05T11:00:00Z' })).toEqual([]);
    expect(
      agentReadProblems(entry, { ...entry.snapshot, update_time: '2026-01-05T09:00:00Z' }).map((p) => p.requirement),
    ).toEqual(['TIMESTAMP-ORDER']);
  });

  it('names AGENT-GET for a create_time or a field that changed', () => {
    expect(
      agentReadProblems(entry, {
        ...entry.snapshot,
        create_time: '2026-01-05T10:00:01Z',
        update_time: '2026-01-05T10:00:01Z',
      }).map((p) => p.requirement),
    ).toEqual(['AGENT-GET']);
    expect(agentReadProblems(entry, { ...entry.snapshot, prompt: null }).map((p) => p.requirement)).toEqual([
      'AGENT-GET',
    ]);
  });
});

describe('testCaseCreateProblems', () => {
  const sent = { input_str: 'hello', test_set_id: 'cftTs001' };
  const requirementsOf = (body: object, created: object) =>
    testCaseCreateProblems(body as Record<string, unknown>, created as Record<string, unknown>).map(
      (p) => p.requirement,
    );

  it('finds none when what was sent comes back, with input_type SCENARIO by default', () => {
    expect(requirementsOf(sent, { ...sent, id: 'x', input_type: 'SCENARIO' })).toEqual([]);
  });

  it('names TESTCASE-INPUT-TYPE-DEFAULT when input_type, not sent, is not SCENARIO', () => {
    expect(requirementsOf(sent, { ...sent, input_type: 'SCRIPT' })).toEqual(['TESTCASE-INPUT-TYPE-DEFAULT']);
  });

  it('wants expected_output_str alone wrapped into expected_behaviors, however the server writes it back', () => {
    const body = { ...sent, input_type: 'SCENARIO', expected_output_str: 'refund' };
    expect(requirementsOf(body, { ...body, expected_output_str: null, expected_behaviors: ['refund'] })).toEqual([]);
    expect(requirementsOf(body, { ...body, expected_behaviors: [] })).toEqual(['TESTCASE-EXPECTED-OUTPUT-WRAPPED']);
  });

  it('names TESTCASE-EXPECTED-BEHAVIORS-PREFERRED when both were sent and expected_behaviors changed', () => {
    const body = { ...sent, input_type: 'SCENARIO', expected_output_str: 'x', expected_behaviors: ['b', 'a'] };
    expect(requirementsOf(body, { ...body, expected_behaviors: ['x'] })).toEqual([
      'TESTCASE-EXPECTED-BEHAVIORS-PREFERRED',
    ]);
  });

  it('names TESTCASE-CREATE for any other field that does not come back', () => {
    expect(requirementsOf({ ...sent, description: 'd' }, { ...sent, input_type: 'SCENARIO' })).toEqual([
      'TESTCASE-CREATE',
    ]);
  });
});

describe('parameterValuesProblems', () => {
  const named = (sent: object, created: object) =>
    parameterValuesProblems(sent as never, created as never).map((p) => p.requirement);

  it('wants the pairs of flat text overrides when none are given, and nothing else', () => {
    const sent = { config_overrides: { prompt: 'Be formal.', response_format: 'responses' } };
    expect(named(sent, { parameter_values: { prompt: 'Be formal.', response_format: 'responses' } })).toEqual([]);
    expect(named(sent, { parameter_values: { prompt: 'Be casual.', response_format: 'responses' } })).toEqual([
      'MUTATION-PARAMETER-VALUES-DERIVED',
    ]);
    expect(named(sent, { parameter_values: { ...sent.config_overrides, extra: 'x' } })).toHaveLength(1);
  });

  it('wants no pairs without overrides (absent, null or {}), and none from an earlier mutation', () => {
    expect(named({}, {})).toEqual([]);
    expect(named({}, { parameter_values: null })).toEqual([]);
    expect(named({}, { parameter_values: {} })).toEqual([]);
    expect(named({}, { parameter_values: { prompt: 'Be formal.' } })).toHaveLength(1);
  });

  it('judges no given parameter_values (the echo does) and no override holding another value than text', () => {
    expect(named({ parameter_values: { tone: 'x' }, config_overrides: { prompt: 'p' } }, {})).toEqual([]);
    expect(named({ config_overrides: { strip_message_timestamps: true } }, { parameter_values: {} })).toEqual([]);
  });
});

describe('atOnceMutationProblems', () => {
  const free = expectedMutationCreate(emptyModel(), AGENT, 'alpha', undefined);
  const taken = expectedMutationCreate(modelOf(mutation('alpha')), AGENT, 'alpha', undefined);

  it('lets at most one of two creations of a free name succeed, and neither of a taken one', () => {
    expect(atOnceMutationProblems(free, 0)).toEqual([]);
    expect(atOnceMutationProblems(free, 1)).toEqual([]);
    expect(atOnceMutationProblems(free, 2).map((p) => p.requirement)).toEqual(['MUTATION-DISPLAY-NAME-UNIQUE']);
    expect(atOnceMutationProblems(taken, 0)).toEqual([]);
    expect(atOnceMutationProblems(taken, 1)).toHaveLength(1);
  });
});

describe('sharedIds', () => {
  it('names the ids more than one resource answered with, once each', () => {
    expect(sharedIds([{ id: 'a' }, { id: 'b' }])).toEqual([]);
    expect(sharedIds([{ id: 'a' }, { id: 'a' }, { id: 'a' }, { id: 'b' }])).toEqual(['a']);
  });
});

describe('reviewProjectCreateProblems', () => {
  const sent = { display_name: 'r', assignees: ['b@example.com', 'a@example.com'], linked_metric_ids: ['m'] };
  const answer = {
    ...sent,
    id: 'p2',
    assignees: ['a@example.com', 'b@example.com'],
    project_type: 'PROJECT_INDIVIDUAL',
    notifications: true,
  };
  const named = (s: object, created: object, earlier: string[] = []) =>
    reviewProjectCreateProblems(s as never, created as never, earlier).map((p) => p.requirement);

  it('finds none in an answer carrying what was sent, lists in any order, with the stated defaults', () => {
    expect(named(sent, answer, ['p1'])).toEqual([]);
  });

  it('names the default a project sent without it lacks, and an earlier project id', () => {
    expect(named(sent, { ...answer, project_type: 'PROJECT_COLLABORATIVE' })).toEqual(['REVIEW-PROJECT-TYPE']);
    expect(named(sent, { ...answer, notifications: false })).toEqual(['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT']);
    expect(named({ ...sent, notifications: false }, { ...answer, notifications: false })).toEqual([]);
    expect(named(sent, answer, ['p1', 'p2'])).toEqual(['REVIEW-PROJECT-CREATE']);
  });

  it('names a field sent that came back otherwise', () => {
    expect(named(sent, { ...answer, assignees: ['a@example.com'] })).toEqual(['REVIEW-PROJECT-CREATE']);
  });
});

describe('dashboardPatchProblems', () => {
  const before = {
    display_name: 'first',
    create_time: '2026-01-05T10:00:00Z',
    update_time: '2026-01-05T11:00:00Z',
  };
  const later = { create_time: '2026-01-05T10:00:00.000+00:00', update_time: '2026-01-05T12:00:00Z' };
  const requirements = (...args: Parameters<typeof dashboardPatchProblems>) =>
    dashboardPatchProblems(...args).map((p) => p.requirement);

  it('finds none in a rename answering the name sent, or a PATCH without one answering the name last set', () => {
    expect(dashboardPatchProblems({ display_name: 'second' }, { display_name: 'second', ...later }, before)).toEqual(
      [],
    );
    expect(dashboardPatchProblems({}, { display_name: 'first', ...later }, before)).toEqual([]);
    expect(dashboardPatchProblems({}, { ...before }, before)).toEqual([]);
  });

  it('names DASHBOARD-PATCH for a name not sent back, and READ-BACK-UNCHANGED for another name than the last set', () => {
    expect(requirements({ display_name: 'second' }, { display_name: 'first', ...later }, before)).toEqual([
      'DASHBOARD-PATCH',
    ]);
    expect(requirements({}, { display_name: 'older', ...later }, before)).toEqual(['READ-BACK-UNCHANGED']);
  });

  it('names DASHBOARD-PATCH for a create_time that moved and an update_time before the previous one', () => {
    const moved = { display_name: 'first', create_time: '2026-01-05T10:00:01Z', update_time: before.create_time };
    expect(requirements({}, moved, before)).toEqual(['DASHBOARD-PATCH', 'DASHBOARD-PATCH']);
  });

  it('judges only the name sent of a first PATCH (nothing answered before it)', () => {
    expect(
      dashboardPatchProblems({ display_name: 'x' }, { display_name: 'x', create_time: 'soon' }, undefined),
    ).toEqual([]);
    expect(dashboardPatchProblems({}, { display_name: 'anything' }, undefined)).toEqual([]);
  });
});

describe('testCaseReadProblems', () => {
  const created = {
    id: 'T'.repeat(22),
    input_str: 'hello',
    expected_behaviors: ['greets'],
    description: null,
    create_time: '2026-01-05T10:00:00Z',
    update_time: '2026-01-05T10:00:00Z',
  };

  it('finds none in a read describing the test case as created, whatever its update_time', () => {
    expect(testCaseReadProblems(created, { ...created, update_time: '2026-01-06T10:00:00Z', extra: 1 })).toEqual([]);
    const { description: _absent, ...withoutNull } = created;
    expect(testCaseReadProblems(created, withoutNull)).toEqual([]);
  });

  it('names READ-BACK-UNCHANGED for a field read otherwise than created', () => {
    expect(testCaseReadProblems(created, { ...created, expected_behaviors: ['other'] })).toEqual([
      { requirement: 'READ-BACK-UNCHANGED', what: 'expected_behaviors: was ["greets"], now ["other"]' },
    ]);
  });
});

describe('listedProblems', () => {
  const first = { id: 'a', expected_behaviors: ['x'], update_time: '2026-01-05T10:00:00Z' };
  const second = { id: 'b', expected_behaviors: null, update_time: '2026-01-05T10:00:00Z' };

  it('finds none when each created item is listed as created, among others, once or moved and seen again', () => {
    const listed = [{ id: 'other' }, { ...first, update_time: '2026-01-06T10:00:00Z' }, second, second];
    expect(listedProblems([first, second], listed, true)).toEqual([]);
  });

  it('names GENERIC-PAGINATION for an item on no page of a walk to the end, and nothing when the walk stopped short', () => {
    expect(listedProblems([first, second], [first], true).map((p) => p.requirement)).toEqual(['GENERIC-PAGINATION']);
    expect(listedProblems([first, second], [first], false)).toEqual([]);
  });

  it("compares only the fields the items' published schema names, when it names some (a list may show less)", () => {
    const summary = [{ id: 'a' }, { id: 'b', expected_behaviors: ['z'] }];
    expect(listedProblems([first, second], summary, true, ['id'])).toEqual([]);
    expect(listedProblems([first, second], summary, true, []).map((p) => p.requirement)).toEqual([
      'READ-BACK-UNCHANGED',
      'READ-BACK-UNCHANGED',
    ]);
  });

  it('names READ-BACK-UNCHANGED for an item listed with another value, each time it is listed', () => {
    const listed = [first, { ...second, expected_behaviors: ['x'] }, { ...second, expected_behaviors: ['y'] }];
    expect(listedProblems([first, second], listed, true).map((p) => p.what)).toEqual([
      '#2 (id "b") as listed: expected_behaviors: was null, now ["x"]',
      '#2 (id "b") as listed: expected_behaviors: was null, now ["y"]',
    ]);
  });
});

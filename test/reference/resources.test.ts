import { describe, expect, it } from 'vitest';
import { detailFields, useService } from './client.js';
import { type Answer } from '../../proof/probes/call.js';

const expectInvalid = (answer: Answer, field: string) => {
  expect([answer.status, answer.body.error.code]).toEqual([400, 'INVALID_ARGUMENT']);
  expect(detailFields(answer)).toContain(field);
};

describe('test cases', () => {
  const { call } = useService();
  const create = (body: unknown) => call('POST', '/v1/test-cases', { body });

  it('creates a test case with defaults', async () => {
    const answer = await create({ input_str: 'Ask for a refund', test_set_id: 'TS000001' });
    const testCase = answer.body.test_case;
    expect(testCase).toMatchObject({
      input_str: 'Ask for a refund',
      test_set_id: 'TS000001',
      input_type: 'SCENARIO',
      expected_behaviors: null,
    });
    expect(testCase.id).toHaveLength(22);
    expect(testCase.name).toBe(`test-cases/${testCase.id}`);
  });

  it('wraps expected_output_str only when expected_behaviors is absent', async () => {
    const wrapped = await create({ input_str: 'x', test_set_id: 'TS000001', expected_output_str: 'refund issued' });
    expect(wrapped.body.test_case.expected_behaviors).toEqual(['refund issued']);
    const kept = await create({
      input_str: 'x',
      test_set_id: 'TS000001',
      expected_output_str: 'a',
      expected_behaviors: ['b', 'c'],
    });
    expect(kept.body.test_case.expected_behaviors).toEqual(['b', 'c']);
  });

  it('echoes every field', async () => {
    const sent = {
      input_str: 'Hello',
      test_set_id: 'ABCDEFGH',
      expected_behaviors: ['greets'],
      expected_output_json: { ok: true },
      description: null,
      input_type: 'SCRIPT',
      simulation_metadata_input: { script_turns: ['hi', 'bye'] },
      metric_input: { expected_entities: ['order'] },
      user_notes: 'n',
    };
    expect((await create(sent)).body.test_case).toMatchObject(sent);
  });

  it('rejects bad fields', async () => {
    expectInvalid(await create({ test_set_id: 'TS000001' }), 'input_str');
    expectInvalid(await create({ input_str: '', test_set_id: 'TS000001' }), 'input_str');
    expectInvalid(await create({ input_str: 'x' }), 'test_set_id');
    expectInvalid(await create({ input_str: 'x', test_set_id: 'SEVEN77' }), 'test_set_id');
    expectInvalid(await create({ input_str: 'x', test_set_id: 'TS000001', input_type: 'VIDEO' }), 'input_type');
    expectInvalid(
      await create({ input_str: 'x', test_set_id: 'TS000001', expected_behaviors: 'one' }),
      'expected_behaviors',
    );
    expectInvalid(await create({ input_str: 'x', test_set_id: 'TS000001', metric_input: [] }), 'metric_input');
    expectInvalid(
      await create({
        input_str: 'x',
        test_set_id: 'TS000001',
        input_type: 'SCRIPT',
        simulation_metadata_input: { script_turns: [1] },
      }),
      'simulation_metadata_input.script_turns',
    );
  });
});

describe('personas', () => {
  const { call, service } = useService();

  it('gets a listed persona and the phone numbers', async () => {
    const listed = (await call('GET', '/v1/personas?page_size=1')).body.personas[0];
    const fetched = await call('GET', `/v1/personas/${listed.id}`);
    expect(fetched.body).toEqual({ persona: listed });
    expect(listed.resource_name).toBe(`personas/${listed.id}`);
    const numbers = (await call('GET', '/v1/personas/phone-numbers')).body.phone_numbers;
    expect(numbers.inbound[0]).toEqual({ index: 0, phone_number: expect.stringMatching(/^\+\d+$/) });
    expect(numbers.outbound.length).toBeGreaterThan(0);
  });

  it('deletes a persona', async () => {
    const id = service().fixtures.deletablePersonaId;
    const { name } = (await call('GET', `/v1/personas/${id}`)).body.persona;
    const filter = encodeURIComponent(`name = "${name}"`);
    const listed = async () =>
      (await call('GET', `/v1/personas?filter=${filter}`)).body.personas.map((p: { id: string }) => p.id);
    expect(await listed()).toContain(id);
    expect((await call('DELETE', `/v1/personas/${id}`)).body).toEqual({});
    expect(await listed()).not.toContain(id);
    expect((await call('GET', `/v1/personas/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/v1/personas/${id}`)).status).toBe(404);
    expectInvalid(await call('DELETE', '/v1/personas/bad'), 'persona_id');
  });
});

describe('runs', () => {
  const { call, service } = useService();

  it('deletes a terminal run and cancels a running one', async () => {
    const id = service().fixtures.deletableRunId;
    expect((await call('DELETE', `/v1/runs/${id}`)).body).toEqual({});
    expect(
      (await call('GET', '/v1/runs?page_size=1000')).body.runs.map((r: { run_id: string }) => r.run_id),
    ).not.toContain(id);
    const running = (await call('GET', '/v1/runs?filter=status%3DRUNNING&page_size=1')).body.runs[0];
    expect((await call('DELETE', `/v1/runs/${running.run_id}`)).status).toBe(200);
    const after = (await call('GET', '/v1/runs?page_size=1000')).body.runs.find(
      (r: { run_id: string }) => r.run_id === running.run_id,
    );
    expect(after.status).toBe('CANCELLED');
    // The same query as before the cancellation: its answer is worked out again.
    const stillRunning = (await call('GET', '/v1/runs?filter=status%3DRUNNING&page_size=1000')).body.runs.map(
      (r: { run_id: string }) => r.run_id,
    );
    expect(stillRunning).not.toContain(running.run_id);
    expect((await call('DELETE', `/v1/runs/${id}`)).status).toBe(404);
  });
});

describe('metrics', () => {
  const { call } = useService();

  it('lists and gets metric outputs of a simulation named in run results', async () => {
    const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as { results: { output_ids: string[] } }[];
    const simulationIds = [...new Set(runs.flatMap((r) => r.results.output_ids))];
    expect(simulationIds.map((id) => id.length)).toEqual(expect.arrayContaining([22, 27]));
    for (const id of simulationIds) {
      const listed = await call('GET', `/v1/simulations/${id}/metrics`);
      expect(listed.status).toBe(200);
      const first = listed.body.metrics[0];
      expect((await call('GET', `/v1/simulations/${id}/metrics/${first.metric_output_id}`)).body).toEqual({
        metric: first,
      });
    }
  });

  it('checks the simulation id', async () => {
    expectInvalid(await call('GET', `/v1/simulations/${'s'.repeat(21)}/metrics`), 'simulation_id');
    expectInvalid(await call('GET', `/v1/simulations/${'s'.repeat(28)}/metrics`), 'simulation_id');
    expect((await call('GET', `/v1/simulations/${'s'.repeat(22)}/metrics`)).body.error.code).toBe('NOT_FOUND');
  });
});

describe('scheduled runs, dashboards, review projects', () => {
  const { call, service } = useService();

  it('gets and deletes scheduled runs', async () => {
    const { scheduledRunId, deletableScheduledRunId } = service().fixtures;
    const got = (await call('GET', `/v1/scheduled-runs/${scheduledRunId}`)).body.scheduled_run;
    expect(got).toMatchObject({
      id: scheduledRunId,
      name: `scheduled-runs/${scheduledRunId}`,
      schedule_expression: expect.stringMatching(/^(rate|cron)\(.*\)$/),
    });
    expect((await call('DELETE', `/v1/scheduled-runs/${deletableScheduledRunId}`)).body).toEqual({});
    expect((await call('GET', `/v1/scheduled-runs/${deletableScheduledRunId}`)).status).toBe(404);
  });

  it('patches a dashboard display name', async () => {
    const id = service().fixtures.dashboardId;
    const answer = await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: 'd'.repeat(255) } });
    const dashboard = answer.body.dashboard;
    expect(dashboard).toMatchObject({ name: `dashboards/${id}`, display_name: 'd'.repeat(255) });
    expect(Date.parse(dashboard.update_time)).toBeGreaterThan(Date.parse(dashboard.create_time));
    expectInvalid(
      await call('PATCH', `/v1/dashboards/${id}`, { body: { display_name: 'd'.repeat(256) } }),
      'display_name',
    );
    // A partial update: without display_name, the one stored stays, and the answer describes it.
    expect((await call('PATCH', `/v1/dashboards/${id}`, { body: {} })).body.dashboard).toMatchObject({
      display_name: 'd'.repeat(255),
    });
  });

  it('creates review projects', async () => {
    const valid = {
      display_name: 'Review',
      assignees: ['a@example.com'],
      linked_simulation_ids: ['s1'],
      linked_metric_ids: ['m1'],
    };
    const project = (await call('POST', '/v1/review-projects', { body: valid })).body.review_project;
    expect(project).toMatchObject({
      ...valid,
      project_type: 'PROJECT_INDIVIDUAL',
      notifications: true,
      project_rules: null,
      description: null,
    });
    expect(project.name).toBe(`review-projects/${project.id}`);
    const full = {
      ...valid,
      project_type: 'PROJECT_COLLABORATIVE',
      notifications: false,
      project_rules: ['require_disagreement_notes'],
      description: 'd',
    };
    expect((await call('POST', '/v1/review-projects', { body: full })).body.review_project).toMatchObject(full);
    const invalid = async (body: unknown, field: string) =>
      expectInvalid(await call('POST', '/v1/review-projects', { body }), field);
    await invalid({ ...valid, assignees: [] }, 'assignees');
    await invalid({ ...valid, assignees: ['not-an-email'] }, 'assignees');
    await invalid({ ...valid, linked_metric_ids: undefined }, 'linked_metric_ids');
    await invalid({ ...valid, linked_simulation_ids: [] }, 'linked_simulation_ids');
    await invalid({ ...valid, display_name: 'x'.repeat(201) }, 'display_name');
    await invalid({ ...valid, project_type: 'PROJECT_SOLO' }, 'project_type');
    await invalid({ ...valid, project_rules: ['be_nice'] }, 'project_rules');
    await invalid({ ...valid, notifications: 'yes' }, 'notifications');
  });
});

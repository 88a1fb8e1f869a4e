import { beforeAll, describe, expect, it } from 'vitest';
import { detailFields, useService } from './client.js';

describe('mutations', () => {
  const { call } = useService();
  let agentId = '';
  let otherAgentId = '';
  const base = () => `/v1/agents/${agentId}/mutations`;
  const create = (body: unknown, agent = agentId) => call('POST', `/v1/agents/${agent}/mutations`, { body });

  beforeAll(async () => {
    const agent = {
      display_name: 'Parent',
      model_type: 'MODEL_TYPE_VOICE',
      prompt: 'Hi',
      metadata: { voice_speed: 1.2 },
    };
    agentId = (await call('POST', '/v1/agents', { body: agent })).body.agent.id;
    otherAgentId = (await call('POST', '/v1/agents', { body: agent })).body.agent.id;
  });

  it('creates a mutation with defaults and derived parameter_values, and gets it back', async () => {
    const created = await create({
      display_name: 'Faster',
      config_overrides: { prompt: 'Hello', metadata: { voice_speed: 1.5, tone: { warm: true } } },
    });
    expect(created.status).toBe(200);
    const mutation = created.body.mutation;
    expect(mutation).toMatchObject({ agent_id: agentId, display_name: 'Faster', description: '', update_time: null });
    expect(mutation.id).toMatch(/^[0-9A-Z]{26}$/);
    expect(mutation.parameter_values).toEqual({
      prompt: 'Hello',
      'metadata.voice_speed': '1.5',
      'metadata.tone.warm': 'true',
    });
    expect((await call('GET', `${base()}/${mutation.id}`)).body).toEqual({ mutation });
  });

  it('keeps given parameter_values and accepts simulator configuration keys', async () => {
    const created = await create({
      display_name: 'Given',
      config_overrides: { voice_speed: 2 },
      parameter_values: { speed: 'fast' },
    });
    expect(created.body.mutation.parameter_values).toEqual({ speed: 'fast' });
  });

  it('rejects bad fields', async () => {
    const invalid = async (body: unknown, field: string) => {
      const answer = await create(body);
      expect([answer.status, answer.body.error.code]).toEqual([400, 'INVALID_ARGUMENT']);
      expect(detailFields(answer)).toContain(field);
    };
    await invalid({}, 'display_name');
    await invalid({ display_name: 'x'.repeat(201) }, 'display_name');
    await invalid({ display_name: 'd', description: 'x'.repeat(2001) }, 'description');
    await invalid({ display_name: 'k', config_overrides: { no_such_key: 1 } }, 'config_overrides');
    await invalid({ display_name: 'k', config_overrides: { endpoint: 'x' } }, 'config_overrides');
    await invalid({ display_name: 's', config_overrides: { prompt: 'p'.repeat(10 * 1024) } }, 'config_overrides');
    await invalid({ display_name: 'p', parameter_values: { a: 1 } }, 'parameter_values');
    expect((await create({ display_name: 'd2000', description: 'x'.repeat(2000) })).status).toBe(200);
  });

  it('keeps display names unique per agent among active mutations', async () => {
    const first = await create({ display_name: 'Twin' });
    const duplicate = await create({ display_name: 'Twin' });
    expect([duplicate.status, duplicate.body.error.code, detailFields(duplicate)]).toEqual([
      409,
      'ALREADY_EXISTS',
      ['display_name'],
    ]);
    expect((await create({ display_name: 'Twin' }, otherAgentId)).status).toBe(200);
    expect((await call('DELETE', `${base()}/${first.body.mutation.id}`)).status).toBe(200);
    expect((await create({ display_name: 'Twin' })).status).toBe(200);
  });

  it('deletes idempotently, and a deleted mutation is gone', async () => {
    const id = (await create({ display_name: 'Doomed' })).body.mutation.id;
    const first = await call('DELETE', `${base()}/${id}`);
    expect([first.status, first.body]).toEqual([200, {}]);
    expect((await call('DELETE', `${base()}/${id}`)).body).toEqual({});
    expect((await call('GET', `${base()}/${id}`)).body.error.code).toBe('NOT_FOUND');
  });

  it('is reachable only under its own agent', async () => {
    const id = (await create({ display_name: 'Mine' })).body.mutation.id;
    const elsewhere = `/v1/agents/${otherAgentId}/mutations/${id}`;
    expect((await call('GET', elsewhere)).status).toBe(404);
    expect((await call('DELETE', elsewhere)).status).toBe(404);
    expect((await call('GET', `${base()}/${id}`)).status).toBe(200);
  });

  it('needs an existing parent and well-formed ids', async () => {
    expect((await create({ display_name: 'Orphan' }, 'Q'.repeat(22))).body.error.code).toBe('NOT_FOUND');
    expect(detailFields(await call('GET', `${base()}/short`))).toEqual(['mutation_id']);
    expect((await call('DELETE', `${base()}/${'0'.repeat(26)}`)).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { detailFields, useService } from './client.js';
import { type Answer } from '../../proof/probes/call.js';

const voice = { display_name: 'Front desk', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550100' };
const chat = (metadata: Record<string, unknown>) => ({
  display_name: 'Chatty',
  model_type: 'MODEL_TYPE_CHAT',
  metadata,
});
const CHAT_URL = 'https://bot.example.com/chat';

function expectInvalid(answer: Answer, field: string): void {
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('INVALID_ARGUMENT');
  expect(detailFields(answer)).toContain(field);
}

describe('agents', () => {
  const { call } = useService();
  const create = (body: unknown) => call('POST', '/v1/agents', { body });

  it('creates an agent, echoing what was sent, and gets it back', async () => {
    const sent = {
      ...voice,
      prompt: 'Be kind.',
      workflows: { steps: [1, 2] },
      metric_ids: ['a'.repeat(22)],
      test_set_ids: [],
    };
    const created = await create(sent);
    expect(created.status).toBe(200);
    expect(created.contentType).toBe('application/json');
    const agent = created.body.agent;
    expect(agent).toMatchObject({ ...sent, knowledge_base_ids: [] });
    expect(agent.id).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(agent.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(agent).not.toHaveProperty('deleted');
    const fetched = await call('GET', `/v1/agents/${agent.id}`);
    expect(fetched.body).toEqual({ agent });
  });

  it('checks display_name: 1 to 200 code points, required, a string', async () => {
    expect((await create({ ...voice, display_name: '😀'.repeat(200) })).status).toBe(200);
    expectInvalid(await create({ ...voice, display_name: 'x'.repeat(201) }), 'display_name');
    expectInvalid(await create({ ...voice, display_name: '' }), 'display_name');
    expectInvalid(await create({ model_type: 'MODEL_TYPE_VOICE' }), 'display_name');
    expectInvalid(await create({ ...voice, display_name: 42 }), 'display_name');
  });

  it('accepts the five model types only', async () => {
    for (const model_type of ['MODEL_TYPE_VOICE', 'MODEL_TYPE_SMS'])
      expect((await create({ ...voice, model_type })).status).toBe(200);
    expectInvalid(await create({ ...voice, model_type: 'VOICE' }), 'model_type');
    expectInvalid(await create({ display_name: 'x' }), 'model_type');
  });

  it('checks phone_number, endpoint and prompt', async () => {
    expect((await create({ ...voice, phone_number: 'sip:desk@pbx.example.com' })).status).toBe(200);
    expectInvalid(await create({ ...voice, phone_number: '555-0100' }), 'phone_number');
    expectInvalid(await create({ ...voice, phone_number: `sip:${'a'.repeat(200)}@x.com` }), 'phone_number');
    expectInvalid(await create({ ...voice, endpoint: 'ftp://files.example.com' }), 'endpoint');
    expectInvalid(await create({ ...voice, endpoint: `https://example.com/${'a'.repeat(181)}` }), 'endpoint');
    expectInvalid(await create({ ...voice, model_type: 'MODEL_TYPE_OUTBOUND_VOICE' }), 'endpoint');
    expect(
      (await create({ ...voice, model_type: 'MODEL_TYPE_OUTBOUND_VOICE', endpoint: 'http://hooks.example.com/x' }))
        .status,
    ).toBe(200);
    expect((await create({ ...voice, prompt: 'p'.repeat(50000) })).status).toBe(200);
    expectInvalid(await create({ ...voice, prompt: 'p'.repeat(50001) }), 'prompt');
  });

  it('checks referenced IDs', async () => {
    expectInvalid(await create({ ...voice, metric_ids: ['short'] }), 'metric_ids');
    expectInvalid(await create({ ...voice, test_set_ids: ['x'.repeat(21) + '-'] }), 'test_set_ids');
    expectInvalid(await create({ ...voice, test_set_ids: 'nope' }), 'test_set_ids');
  });

  it('validates the CHAT configuration', async () => {
    expect(
      (await create(chat({ chat_endpoint: CHAT_URL, response_format: 'responses', input_template: '{"a":1}' }))).body
        .agent.metadata,
    ).toEqual({ chat_endpoint: CHAT_URL, response_format: 'responses', input_template: '{"a":1}' });
    expectInvalid(await create(chat({})), 'metadata.chat_endpoint');
    expectInvalid(await create({ display_name: 'x', model_type: 'MODEL_TYPE_CHAT' }), 'metadata.chat_endpoint');
    for (const url of [
      'http://localhost:8080/x',
      'http://127.0.0.1/x',
      'http://10.1.2.3/',
      'https://192.168.0.1',
      'http://[::1]/',
      'http://172.20.0.1',
      'http://169.254.169.254/latest',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]/',
      'not a url',
    ]) {
      expectInvalid(await create(chat({ chat_endpoint: url })), 'metadata.chat_endpoint');
    }
    expectInvalid(
      await create(chat({ chat_endpoint: CHAT_URL, initialization_endpoint: 'nope' })),
      'metadata.initialization_endpoint',
    );
    expectInvalid(await create(chat({ chat_endpoint: CHAT_URL, input_template: '{oops' })), 'metadata.input_template');
    expectInvalid(await create(chat({ chat_endpoint: CHAT_URL, response_format: 'xml' })), 'metadata.response_format');
    expectInvalid(await create(chat({ chat_endpoint: CHAT_URL, persona_id: 'abc' })), 'metadata.persona_id');
    expectInvalid(
      await create(chat({ chat_endpoint: CHAT_URL, strip_message_timestamps: 'yes' })),
      'metadata.strip_message_timestamps',
    );
  });

  it('limits the CHAT payload sizes in KiB', async () => {
    const sized = (key: string, bytes: number) => chat({ chat_endpoint: CHAT_URL, [key]: 'x'.repeat(bytes) });
    for (const [key, kb] of [
      ['initialization_payload', 16],
      ['custom_data', 32],
      ['custom_persona_data', 16],
      ['custom_headers', 16],
    ] as const) {
      expect((await create(sized(key, kb * 1024))).status).toBe(200);
      expectInvalid(await create(sized(key, kb * 1024 + 1)), `metadata.${key}`);
    }
    expect((await create(chat({ chat_endpoint: CHAT_URL, initialization_payload: { a: 'b' } }))).status).toBe(200);
  });

  it('validates the WEBSOCKET configuration', async () => {
    const ws = (metadata: Record<string, unknown>) => ({
      display_name: 'Socket',
      model_type: 'MODEL_TYPE_WEBSOCKET',
      metadata,
    });
    expect(
      (await create(ws({ endpoint: 'wss://ws.example.com/agent', initialization_json: '{"hello":true}' }))).status,
    ).toBe(200);
    expectInvalid(
      await create(ws({ endpoint: 'https://ws.example.com', initialization_json: '{}' })),
      'metadata.endpoint',
    );
    expectInvalid(await create(ws({ initialization_json: '{}' })), 'metadata.endpoint');
    expectInvalid(await create(ws({ endpoint: 'wss://ws.example.com' })), 'metadata.initialization_json');
  });

  it('accepts 10 MiB of configuration and rejects more', async () => {
    const filler = (bytes: number) => ({ blob: 'x'.repeat(bytes - '{"blob":""}'.length) });
    expect((await create({ ...voice, workflows: filler(10 * 1024 * 1024) })).status).toBe(200);
    expectInvalid(await create({ ...voice, metadata: filler(10 * 1024 * 1024 + 1) }), 'metadata');
  });

  it('answers NOT_FOUND for a missing agent and INVALID_ARGUMENT for a malformed id', async () => {
    const missing = await call('GET', `/v1/agents/${'Z'.repeat(22)}`);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expectInvalid(await call('GET', '/v1/agents/short'), 'agent_id');
    expectInvalid(await call('GET', `/v1/agents/${'a'.repeat(21)}_`), 'agent_id');
  });
});

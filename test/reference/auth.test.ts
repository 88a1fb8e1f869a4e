import { describe, expect, it } from 'vitest';
import { ENDPOINTS, fillPath } from '../../lib/contract/endpoints.js';
import { useService } from './client.js';

const SAMPLE_PARAMS: Record<string, string> = {
  agent_id: 'A'.repeat(22),
  mutation_id: 'M'.repeat(26),
  persona_id: 'P'.repeat(22),
  run_id: 'R'.repeat(22),
  simulation_id: 'S'.repeat(22),
  metric_output_id: 'O'.repeat(26),
  scheduled_run_id: 'C'.repeat(22),
  dashboard_id: 'D'.repeat(22),
  spec_name: 'agent-evaluation',
};

describe('authentication', () => {
  const { call } = useService();

  for (const endpoint of ENDPOINTS.filter((e) => !e.public)) {
    it(`${endpoint.key} needs the key`, async () => {
      const path = fillPath(endpoint.path, SAMPLE_PARAMS);
      for (const key of [null, 'wrong-key', '']) {
        const answer = await call(endpoint.method, path, { key, ...(endpoint.method === 'GET' ? {} : { body: {} }) });
        expect(answer.status).toBe(401);
        expect(answer.body.error.code).toBe('UNAUTHENTICATED');
        expect(answer.body.error.details).toEqual([{ field: 'X-API-Key', description: expect.any(String) }]);
      }
    });
  }

  it('is checked before path IDs are validated', async () => {
    const answer = await call('GET', '/v1/agents/not-an-id', { key: null });
    expect(answer.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('is not needed by the specification endpoints', async () => {
    expect((await call('GET', '/v1/openapi', { key: null })).status).toBe(200);
    expect((await call('GET', '/v1/openapi/agent-evaluation', { key: null })).status).toBe(200);
  });

  it('accepts the configured key', async () => {
    expect((await call('GET', '/v1/personas')).status).toBe(200);
  });
});

describe('a custom key', () => {
  const { call, service } = useService({ apiKey: 'my-own-key' });

  it('is the only key accepted', async () => {
    expect(service().apiKey).toBe('my-own-key');
    expect((await call('GET', '/v1/personas')).status).toBe(200);
    expect((await call('GET', '/v1/personas', { key: 'ref-test-key-0001' })).status).toBe(401);
  });
});

import { gunzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { startReference } from '../../proof/service.js';
import { detailFields, useService } from '../reference/client.js';
import { type Call } from '../../proof/probes/call.js';

const VOICE = { display_name: 'Variant', model_type: 'MODEL_TYPE_VOICE' };

async function walkTokens(call: Call): Promise<unknown[]> {
  const tokens: unknown[] = [];
  let body = (await call('GET', '/v1/personas?page_size=100')).body;
  tokens.push(body.next_page_token);
  body = (await call('GET', `/v1/personas?page_size=100&page_token=${encodeURIComponent(body.next_page_token)}`)).body;
  tokens.push('next_page_token' in body ? body.next_page_token : 'omitted');
  return tokens;
}

describe('variation rest-statuses', () => {
  const { call, service } = useService({ variation: 'rest-statuses' });

  it('has a firewall in front that refuses an encoded control character in a path with its own bare 400', async () => {
    const id = service().fixtures.scheduledRunId;
    const refused = await call('GET', `/v1/scheduled-runs/${id}%0A`);
    expect([refused.status, refused.contentType, refused.text]).toEqual([
      400,
      'text/html',
      expect.stringContaining('rejected'),
    ]);
    expect((await call('GET', `/v1/scheduled-runs/${id}%20`)).body.error.code).toBe('INVALID_ARGUMENT');
    expect((await call('GET', `/v1/scheduled-runs/${id}?q=%0A`)).status).toBe(200);
    const foreign = await call('GET', '/v1/openapi', { headers: { Host: '[::1]:8080' } });
    expect([foreign.status, foreign.contentType]).toEqual([400, 'text/html']);
    const port = new URL(service().url).port;
    expect((await call('GET', '/v1/openapi', { headers: { Host: `LOCALHOST:${port}` } })).status).toBe(200);
  });

  it('answers creates with 201 and deletes with an empty 204', async () => {
    const created = await call('POST', '/v1/agents', { body: { ...VOICE, simulator_configuration: { voice: 'x' } } });
    expect(created.status).toBe(201);
    expect(created.contentType).toBe('application/json; charset=utf-8');
    const agent = created.body.agent;
    expect(agent).toMatchObject({ metadata: { voice: 'x' }, etag: expect.any(String) });
    expect(agent.id).toMatch(/^[A-Z0-9]{22}$/);
    expect(agent.create_time).toMatch(/T\d\d:\d\d:\d\dZ$/);
    const deleted = await call('DELETE', `/v1/personas/${service().fixtures.deletablePersonaId}`);
    expect([deleted.status, deleted.text]).toEqual([204, '']);
  });

  it('maps errors to other statuses and names body fields under the resource', async () => {
    const invalid = await call('POST', '/v1/agents', { body: { model_type: 'MODEL_TYPE_VOICE' } });
    expect([invalid.status, invalid.body.error.code, detailFields(invalid)]).toEqual([
      422,
      'INVALID_ARGUMENT',
      ['agent.display_name'],
    ]);
    expect((await call('GET', '/v1/personas', { key: null })).status).toBe(403);
    const missing = await call('GET', `/v1/personas/${'A'.repeat(22)}`);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
  });

  it('writes the timestamps of a persona read by its id with milliseconds, those of the list in whole seconds', async () => {
    const listed = (await call('GET', '/v1/personas?page_size=1')).body.personas[0];
    const read = (await call('GET', `/v1/personas/${listed.id}`)).body.persona;
    expect(listed.create_time).toMatch(/:\d\dZ$/);
    expect(read.create_time).toBe(listed.create_time.replace('Z', '.000Z'));
  });

  it('averages run result scores in floating point: a mean a unit in the last place above min and max', async () => {
    const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as Array<{
      results: { metrics: Record<string, { mean: number; min: number; max: number }> };
    }>;
    const repeated = runs.map((run) => run.results.metrics['repeated_score']).filter((m) => m !== undefined);
    expect(repeated.length).toBeGreaterThan(0);
    for (const m of repeated) expect([m.min, m.max, m.mean > m.max]).toEqual([0.1, 0.1, true]);
  });

  it('clamps page_size, orders ties by id descending and omits the last token', async () => {
    expect((await call('GET', '/v1/personas?page_size=500')).body.personas).toHaveLength(100);
    const tokens = await walkTokens(call);
    expect(tokens[0]).toMatch(/^[0-9a-f]+$/);
    expect(tokens[1]).toBe('omitted');
  });

  it('publishes one OpenAPI 3.0.3 document per group, /v1 in the server URL', async () => {
    const listing = (await call('GET', '/v1/openapi', { key: null })).body;
    expect(Object.keys(listing)).toContain('agents');
    const doc = parse((await call('GET', '/v1/openapi/agents', { key: null })).text);
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers[0].url).toBe(`${service().url}/v1`);
    expect(Object.keys(doc.paths)).toEqual(['/agents', '/agents/{agent_id}']);
    expect(doc.components.schemas.CreateAgentRequest.properties).toHaveProperty('simulator_configuration');
    expect(doc.components.schemas.Agent.properties.phone_number).toEqual({ type: 'string', nullable: true });
  });

  it('names path parameters and places optional ones its own way, where the specification leaves it free', async () => {
    const read = async (name: string) => parse((await call('GET', `/v1/openapi/${name}`, { key: null })).text);
    const mutations = (await read('mutations')).paths;
    expect(Object.keys(mutations)).toEqual(['/agents/{agent_id}/mutations', '/agents/{agent_id}/mutations/{id}']);
    const body = mutations['/agents/{agent_id}/mutations'].post.requestBody.content['application/json'].schema;
    expect(body.allOf[1]).toEqual({ properties: { agent_id: { type: 'string', readOnly: true } } });
    const runs = (await read('runs')).paths['/runs'];
    expect(runs.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual(
      expect.arrayContaining([
        ['filter', false],
        ['order_by', false],
      ]),
    );
    expect((await read('specification')).paths['/openapi/{id}'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'Accept', in: 'header', required: false }),
    );
  });
});

describe('variation lenient-inputs', () => {
  const { call } = useService({ variation: 'lenient-inputs' });

  it('is live: runs in progress move on as requests come (one step every 25), in the lists and filters alike', async () => {
    type Run = { run_id: string; status: string; progress: Record<string, number>; update_time: string };
    const running = async () =>
      ((await call('GET', '/v1/runs?page_size=1000&filter=status%20%3D%20RUNNING')).body.runs as Run[]).map((r) =>
        JSON.stringify([r.run_id, r.progress, r.update_time]),
      );
    const before = await running();
    for (let i = 0; i < 50; i++) await call('GET', '/v1/personas/phone-numbers');
    const after = await running();
    expect(before.length).toBeGreaterThan(0);
    expect(after).not.toEqual(before);
  });

  it('has a gateway in front: weak ETags and 304 for GETs, gzip when accepted, chunked answers', async () => {
    const read = await call('GET', '/v1/personas?page_size=1');
    const tag = String(read.headers['etag']);
    expect([tag, read.headers['content-length'], read.headers['transfer-encoding']]).toEqual([
      expect.stringMatching(/^W\/"/),
      undefined,
      'chunked',
    ]);
    const again = await call('GET', '/v1/personas?page_size=1', { headers: { 'If-None-Match': tag } });
    expect([again.status, again.text]).toEqual([304, '']);
    expect((await call('GET', '/v1/personas?page_size=1', { headers: { 'If-None-Match': 'W/"other"' } })).status).toBe(
      200,
    );
    const coded = await call('GET', '/v1/personas?page_size=1', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect([coded.headers['content-encoding'], coded.headers['vary']]).toEqual(['gzip', 'Accept-Encoding']);
    expect(JSON.parse(gunzipSync(coded.bytes).toString())).toEqual(read.body);
    expect(
      (await call('GET', '/v1/personas?page_size=1', { headers: { 'Accept-Encoding': 'gzip;q=0' } })).body,
    ).toEqual(read.body);
  });

  it('accepts short and lower-case model types and input types, and omits default-valued mutation fields', async () => {
    const agent = (await call('POST', '/v1/agents', { body: { ...VOICE, model_type: 'VOICE', prompt: 'p' } })).body
      .agent;
    expect(agent).toMatchObject({ model_type: 'MODEL_TYPE_VOICE', kind: 'agent' });
    for (const form of ['voice', 'model_type_voice']) {
      expect(
        (await call('POST', '/v1/agents', { body: { ...VOICE, model_type: form } })).body.agent.model_type,
        form,
      ).toBe('MODEL_TYPE_VOICE');
    }
    const testCase = await call('POST', '/v1/test-cases', {
      body: { input_str: 'hello', test_set_id: 'abcd1234', input_type: 'scenario' },
    });
    expect([testCase.status, testCase.body.test_case?.input_type]).toEqual([200, 'SCENARIO']);
    expect(
      (
        await call('POST', '/v1/test-cases', {
          body: { input_str: 'hello', test_set_id: 'abcd1234', input_type: 'foo' },
        })
      ).status,
    ).toBe(400);
    expect(agent.create_time).toMatch(/\.\d{6}\+00:00$/);
    const mutation = (await call('POST', `/v1/agents/${agent.id}/mutations`, { body: { display_name: 'm' } })).body
      .mutation;
    expect(mutation).not.toHaveProperty('description');
    expect(mutation).not.toHaveProperty('update_time');
    const duplicate = await call('POST', `/v1/agents/${agent.id}/mutations`, { body: { display_name: 'm' } });
    expect([duplicate.status, duplicate.body.error.code]).toEqual([400, 'ALREADY_EXISTS']);
    expect((await call('GET', `/v1/agents/${'Q'.repeat(22)}`)).status).toBe(410);
  });

  it('stores numbers and booleans in parameter_values as their JSON text, and refuses objects there', async () => {
    const agent = (await call('POST', '/v1/agents', { body: { ...VOICE, prompt: 'p' } })).body.agent;
    const path = `/v1/agents/${agent.id}/mutations`;
    const created = (
      await call('POST', path, {
        body: { display_name: 'n', parameter_values: { tone: 'calm', retries: 3, ratio: 2.5, live: true } },
      })
    ).body.mutation;
    const expected = { tone: 'calm', retries: '3', ratio: '2.5', live: 'true' };
    expect(created.parameter_values).toEqual(expected);
    expect((await call('GET', `${path}/${created.id}`)).body.mutation.parameter_values).toEqual(expected);
    const nested = await call('POST', path, { body: { display_name: 'o', parameter_values: { tone: { level: 1 } } } });
    expect([nested.status, detailFields(nested)]).toEqual([400, ['parameter_values.tone']]);
  });

  it('ends lists with other tokens and lists specs as a top-level array', async () => {
    expect((await walkTokens(call))[1]).toBe('');
    expect((await call('GET', '/v1/personas?page_size=0')).body.personas).toHaveLength(50);
    expect((await call('GET', '/v1/personas?page_size=-1')).status).toBe(400);
    expect((await call('GET', '/v1/runs?page_size=1000')).body.next_page_token).toBeNull();
    const listing = (await call('GET', '/v1/openapi', { key: null })).body;
    expect(listing).toEqual([
      { name: 'agent-evaluation', url: expect.stringMatching(/\/v1\/openapi\/agent-evaluation$/) },
    ]);
    expect((await call('GET', '/v1/openapi/agent-evaluation', { key: null })).contentType).toBe('application/x-yaml');
  });
});

describe('variation localized-pointers', () => {
  const { call, service } = useService({ variation: 'localized-pointers' });
  const PROJECT = {
    display_name: 'Review',
    assignees: ['a@example.com'],
    linked_simulation_ids: ['s1'],
    linked_metric_ids: ['m1'],
  };

  it('gives IDs of digits alone, the fixtures too', async () => {
    const created = await call('POST', '/v1/agents', { body: VOICE });
    expect([created.body.agent.id, service().fixtures.dashboardId]).toEqual([
      expect.stringMatching(/^\d{22}$/),
      expect.stringMatching(/^\d{22}$/),
    ]);
  });

  it('names body fields by JSON pointer, list elements by index, query and header by request part', async () => {
    const missing = await call('POST', '/v1/agents', { body: { model_type: 'MODEL_TYPE_VOICE' } });
    expect([missing.status, missing.body.error.code, detailFields(missing)]).toEqual([
      400,
      'INVALID_ARGUMENT',
      ['/display_name'],
    ]);
    expect(missing.body.error.message).toMatch(/^Requête refusée/);
    const email = await call('POST', '/v1/review-projects', {
      body: { ...PROJECT, assignees: ['a@example.com', 'not-an-email'] },
    });
    expect(detailFields(email)).toEqual(['assignees[1]']);
    expect(detailFields(await call('POST', '/v1/review-projects', { body: { ...PROJECT, assignees: [] } }))).toEqual([
      '/assignees',
    ]);
    const chat = await call('POST', '/v1/agents', {
      body: { display_name: 'c', model_type: 'MODEL_TYPE_CHAT', metadata: {} },
    });
    expect(detailFields(chat)).toEqual(['/metadata/chat_endpoint']);
    expect(detailFields(await call('GET', '/v1/personas?page_size=0'))).toEqual(['query.page_size']);
    expect(detailFields(await call('GET', '/v1/personas', { key: null }))).toEqual(['headers.x-api-key']);
  });

  it('refuses a URL whose host name does not resolve (example.com, .net, .org and IP literals do), in each URL a configuration or agent holds', async () => {
    const agent = (fields: Record<string, unknown>) =>
      call('POST', '/v1/agents', { body: { display_name: 'u', phone_number: '+14155550100', ...fields } });
    const chat = (metadata: Record<string, unknown>) => agent({ model_type: 'MODEL_TYPE_CHAT', metadata });
    expect(
      (
        await chat({
          chat_endpoint: 'https://example.com/v1/messages',
          initialization_endpoint: 'https://example.org/s',
        })
      ).status,
    ).toBe(200);
    expect((await chat({ chat_endpoint: 'http://[2606:4700::a00:1]/chat' })).status).toBe(200);
    expect(detailFields(await chat({ chat_endpoint: 'https://chat.example.com/v1/messages' }))).toEqual([
      '/metadata/chat_endpoint',
    ]);
    expect(
      detailFields(
        await chat({ chat_endpoint: 'https://example.com/c', initialization_endpoint: 'https://init.example.com/s' }),
      ),
    ).toEqual(['/metadata/initialization_endpoint']);
    expect(
      detailFields(
        await agent({ model_type: 'MODEL_TYPE_WEBSOCKET', metadata: { endpoint: 'wss://ws.example.com/agent' } }),
      ),
    ).toEqual(['/metadata/endpoint']);
    expect(
      (await agent({ model_type: 'MODEL_TYPE_OUTBOUND_VOICE', endpoint: 'https://example.com/hook' })).status,
    ).toBe(200);
    expect(
      detailFields(
        await agent({ model_type: 'MODEL_TYPE_OUTBOUND_VOICE', endpoint: 'https://hooks.example.com/hook' }),
      ),
    ).toEqual(['/endpoint']);
  });

  it('serves short pages: at most 40 items, whatever page_size or its default allows', async () => {
    expect((await call('GET', '/v1/runs?page_size=1000')).body.runs).toHaveLength(40);
    expect((await call('GET', '/v1/personas')).body.personas).toHaveLength(40);
    expect((await call('GET', '/v1/personas?page_size=7')).body.personas).toHaveLength(7);
  });

  it('writes nanosecond timestamps, pretty-printed JSON and integral floats as 30.0', async () => {
    const agent = await call('POST', '/v1/agents', { body: VOICE });
    expect(agent.body.agent.create_time).toMatch(/T\d\d:\d\d:\d\d\.\d{9}\+00:00$/);
    expect(agent.text).toMatch(/^\{\n {2}"agent": \{\n/);
    const runs = await call('GET', '/v1/runs?page_size=1000');
    expect(runs.text).toMatch(/"(mean|min|max)": -?\d+\.\d+/);
    expect(runs.text).not.toMatch(/"(mean|min|max)": -?\d+[,\n]/);
  });

  it('reads an agent back in proto3 style with the CHAT defaults filled in, and requires display_name in a dashboard PATCH', async () => {
    const body = {
      ...VOICE,
      model_type: 'MODEL_TYPE_CHAT',
      prompt: '',
      metadata: { chat_endpoint: 'https://example.com/v1/messages' },
    };
    const created = (await call('POST', '/v1/agents', { body })).body.agent;
    expect(created).toMatchObject({ prompt: '', metric_ids: [] });
    const read = (await call('GET', `/v1/agents/${created.id}`)).body.agent;
    expect(['prompt' in read, 'metric_ids' in read, read.knowledge_base_ids]).toEqual([false, false, []]);
    expect(read.metadata).toEqual({
      ...body.metadata,
      response_format: 'chat_completions',
      strip_message_timestamps: false,
    });
    expect(detailFields(await call('PATCH', `/v1/dashboards/${service().fixtures.dashboardId}`, { body: {} }))).toEqual(
      ['/display_name'],
    );
  });

  it('issues standard base64 page tokens that need URL-encoding and reads them back', async () => {
    const first = (await call('GET', '/v1/personas?page_size=1')).body;
    expect(first.next_page_token).toMatch(/^\+\+\+\/[A-Za-z0-9+/]*==$/);
    const second = await call(
      'GET',
      `/v1/personas?page_size=1&page_token=${encodeURIComponent(first.next_page_token)}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.personas[0].id).not.toBe(first.personas[0].id);
    const unencoded = await call('GET', `/v1/personas?page_size=1&page_token=${first.next_page_token}`);
    expect([unencoded.status, detailFields(unencoded)]).toEqual([400, ['query.page_token']]);
  });
  it('takes comparisons written without blanks around the operator only, quoted values aside, and reads an unquoted value up to the next blank (`==` as `=` before `=x`)', async () => {
    const filtered = (filter: string) => call('GET', `/v1/runs?page_size=40&filter=${encodeURIComponent(filter)}`);
    const compact = await filtered('status=COMPLETED AND created_by!="a = b"');
    expect(compact.status).toBe(200);
    expect(compact.body.runs.length).toBeGreaterThan(0);
    for (const spaced of [
      'status = COMPLETED',
      'status =COMPLETED',
      'status= COMPLETED',
      'status=COMPLETED AND created_by != x',
    ]) {
      const refused = await filtered(spaced);
      expect([refused.status, detailFields(refused)], spaced).toEqual([400, ['query.filter']]);
    }
    const doubled = await filtered('status==COMPLETED');
    expect([doubled.status, doubled.body.runs]).toEqual([200, []]);
    // `<=` before no value reads as `<` before the value `=`; a quoted value after `>=` is read whole.
    expect((await filtered('create_time<=')).status).toBe(200);
    expect((await filtered('create_time>="2020-01-01T00:00:00Z"')).body.runs.length).toBeGreaterThan(0);
    for (const malformed of ['status=', '=COMPLETED', 'status="open', 'status=COMPLETED AND', 'status=COMPLETED =']) {
      expect((await filtered(malformed)).status, malformed).toBe(400);
    }
  });
});

// The reference's cancellable run is RUNNING (started, its outputs under way): rest-statuses cancels it, as it would
// delete a PENDING one.
describe.each([
  ['rest-statuses', 204, 'CANCELLED'],
  ['lenient-inputs', 202, 'CANCELLING'],
])('variation %s: deleting the run in progress', (variation, status, listedAs) => {
  const { call, service } = useService({ variation });

  it(`answers ${status} and leaves it ${listedAs}`, async () => {
    const runId = service().fixtures.cancellableRunId;
    expect((await call('DELETE', `/v1/runs/${runId}`)).status).toBe(status);
    const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as Array<{ run_id: string; status: string }>;
    expect(runs.find((run) => run.run_id === runId)?.status).toBe(listedAs);
  });
});

describe('variation rest-statuses: deleting a run not started', () => {
  const { call } = useService({ variation: 'rest-statuses' });

  it('answers 204 and leaves it deleted', async () => {
    const listed = async () =>
      (await call('GET', '/v1/runs?page_size=1000')).body.runs as Array<{ run_id: string; status: string }>;
    const pending = (await listed()).find((run) => run.status === 'PENDING');
    expect(pending).toBeDefined();
    expect((await call('DELETE', `/v1/runs/${pending!.run_id}`)).status).toBe(204);
    expect((await listed()).find((run) => run.run_id === pending!.run_id)).toBeUndefined();
  });
});

it('refuses an unknown variation, naming the known ones', async () => {
  await expect(startReference({ variation: 'alt-z' })).rejects.toThrow(/unknown variation "alt-z".*rest-statuses/);
});

// The operations the reference serves and publishes for the generic layer (lib/reference/generic):
// listed, read and updated as the spec's general rules have it.

import { describe, expect, it } from 'vitest';
import { startReference } from '../../proof/service.js';
import { detailFields, useService } from './client.js';
import { client, type Call } from '../../proof/probes/call.js';

type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
type Operation = {
  operationId?: string;
  parameters: { name: string; schema: Record<string, unknown> }[];
  responses: Record<string, unknown>;
  security: unknown[];
};

const UNKNOWN_AGENT = 'Q'.repeat(22);
const GENERIC = [
  ['GET', '/v1/agents'],
  ['PATCH', '/v1/agents/{agent_id}'],
  ['GET', '/v1/runs/{run_id}'],
  ['GET', '/v1/test-cases'],
  ['GET', '/v1/test-cases/{test_case_id}'],
];

/** Every page of a list at `size`, followed by its tokens: the items' ids in order, and the last page's token. */
async function walk(
  call: Call,
  path: string,
  key: string,
  size: number,
): Promise<{ ids: string[]; pages: number; last: unknown }> {
  const ids: string[] = [];
  let token: string | undefined;
  for (let pages = 1; ; pages++) {
    const answer = await call(
      'GET',
      `${path}?page_size=${size}${token ? `&page_token=${encodeURIComponent(token)}` : ''}`,
    );
    expect(answer.status).toBe(200);
    const items = answer.body[key] as { id: string }[];
    expect(items.length).toBeLessThanOrEqual(size);
    ids.push(...items.map((item) => item.id));
    if (!answer.body.next_page_token) return { ids, pages, last: answer.body.next_page_token };
    token = answer.body.next_page_token;
  }
}

/** Every published document, by its spec_name, as JSON. */
async function documents(call: Call): Promise<Record<string, Doc>> {
  const listing = (await call('GET', '/v1/openapi', { key: null })).body;
  const urls: string[] = Array.isArray(listing)
    ? listing.map((e: { url: string }) => e.url)
    : Array.isArray(listing.specs)
      ? listing.specs.map((e: { url: string }) => e.url)
      : Object.values(listing);
  const entries = await Promise.all(
    urls.map(async (url) => {
      const name = url.split('/').at(-1)!;
      return [
        name,
        (await call('GET', `/v1/openapi/${name}`, { key: null, headers: { Accept: 'application/json' } })).body,
      ] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The published operation of `method` on `path` (with `/v1` in the path or the server URL) and the document holding it. */
function published(
  docs: Record<string, Doc>,
  method: string,
  path: string,
): { name: string; operation: Operation } | undefined {
  for (const [name, doc] of Object.entries(docs)) {
    const operation = (doc.paths[path] ?? doc.paths[path.replace(/^\/v1/, '')])?.[method.toLowerCase()];
    if (operation) return { name, operation };
  }
  return undefined;
}

const pageSizeSchema = (operation: Operation) => operation.parameters.find((p) => p.name === 'page_size')?.schema;

describe("the generic layer's lists", () => {
  const { call } = useService();

  it.each([
    ['/v1/agents', 'agents', 12],
    ['/v1/test-cases', 'test_cases', 15],
  ])('%s pages through every item once, the last page without a token', async (path, key, fixtures) => {
    const whole = await walk(call, path, key, 100);
    expect(whole.pages).toBe(1);
    expect(whole.ids.length).toBeGreaterThanOrEqual(fixtures);
    const paged = await walk(call, path, key, 5);
    expect(paged.pages).toBeGreaterThan(2);
    expect(paged.ids).toEqual(whole.ids);
    expect(paged.last).toBe('');
  });

  it('serves 50 items by default and refuses a page_size out of bounds or a token it never issued', async () => {
    for (let i = 0; i < 40; i++)
      await call('POST', '/v1/test-cases', { body: { input_str: `case ${i}`, test_set_id: 'TS000001' } });
    expect((await call('GET', '/v1/test-cases')).body.test_cases).toHaveLength(50);
    for (const query of ['page_size=0', 'page_size=101', 'page_size=x', 'page_token=forged']) {
      const answer = await call('GET', `/v1/agents?${query}`);
      expect([answer.status, answer.body.error.code, detailFields(answer)]).toEqual([
        400,
        'INVALID_ARGUMENT',
        [query.split('=')[0]],
      ]);
    }
    const agentsToken = (await call('GET', '/v1/agents?page_size=1')).body.next_page_token;
    expect((await call('GET', `/v1/test-cases?page_token=${encodeURIComponent(agentsToken)}`)).status).toBe(400);
  });
});

describe("the generic layer's reads and update", () => {
  const { call, service } = useService();

  it('read a run and a test case wrapped, as the lists show them', async () => {
    const run = (await call('GET', '/v1/runs?page_size=1')).body.runs[0];
    expect(await call('GET', `/v1/runs/${run.run_id}`)).toMatchObject({ status: 200, body: { run } });
    const testCase = (await call('GET', '/v1/test-cases?page_size=1')).body.test_cases[0];
    expect(await call('GET', `/v1/test-cases/${encodeURIComponent(testCase.id)}`)).toMatchObject({
      status: 200,
      body: { test_case: testCase },
    });
  });

  it('answer NOT_FOUND with the envelope for what is unknown or deleted, INVALID_ARGUMENT for a malformed ID', async () => {
    const runId = service().fixtures.deletableRunId;
    await call('DELETE', `/v1/runs/${runId}`);
    for (const path of [`/v1/runs/${runId}`, '/v1/runs/no-such-run', `/v1/test-cases/${'T'.repeat(22)}`]) {
      const answer = await call('GET', path);
      expect([answer.status, answer.body.error]).toEqual([
        404,
        { code: 'NOT_FOUND', message: expect.any(String), details: expect.any(Array) },
      ]);
    }
    expect((await call('PATCH', `/v1/agents/${UNKNOWN_AGENT}`, { body: { display_name: 'n' } })).body.error.code).toBe(
      'NOT_FOUND',
    );
    const malformed = await call('GET', '/v1/test-cases/short');
    expect([malformed.status, detailFields(malformed)]).toEqual([400, ['test_case_id']]);
    expect(detailFields(await call('PATCH', '/v1/agents/short', { body: { display_name: 'n' } }))).toEqual([
      'agent_id',
    ]);
  });

  it('renames an agent, as the next GET and the list read it, with the display_name rule of its creation', async () => {
    const agent = (await call('GET', '/v1/agents?page_size=1')).body.agents[0];
    const renamed = await call('PATCH', `/v1/agents/${agent.id}`, { body: { display_name: 'Renamed line' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.agent).toMatchObject({
      ...agent,
      display_name: 'Renamed line',
      update_time: expect.any(String),
    });
    expect(Date.parse(renamed.body.agent.update_time)).toBeGreaterThan(Date.parse(agent.update_time));
    expect((await call('GET', `/v1/agents/${agent.id}`)).body.agent).toEqual(renamed.body.agent);
    expect((await call('GET', '/v1/agents?page_size=1')).body.agents[0]).toEqual(renamed.body.agent);
    for (const body of [{}, { display_name: '' }, { display_name: 'n'.repeat(201) }, { display_name: 7 }]) {
      expect(detailFields(await call('PATCH', `/v1/agents/${agent.id}`, { body }))).toEqual(['display_name']);
    }
    expect((await call('PATCH', `/v1/agents/${agent.id}`, { body: { display_name: 'n'.repeat(200) } })).status).toBe(
      200,
    );
  });
});

describe("authentication of the generic layer's operations", () => {
  const { call } = useService();

  it.each(GENERIC)(
    '%s %s refuses a missing or wrong key before it looks at the path or the body',
    async (method, template) => {
      const path = template.replace(/\{\w+\}/, 'not-an-id');
      for (const key of [null, 'wrong-key']) {
        const answer = await call(method, path, { key, ...(method === 'PATCH' ? { raw: '{"display_name": ' } : {}) });
        expect([answer.status, answer.body.error.code, detailFields(answer)]).toEqual([
          401,
          'UNAUTHENTICATED',
          ['X-API-Key'],
        ]);
      }
    },
  );
});

describe("the documents publishing the generic layer's operations", () => {
  it.each([
    ['default', 'agent-evaluation'],
    ['rest-statuses', undefined],
  ])(
    "(%s) publish each in its group's document, secured, with its operationId, page_size bounds and error statuses",
    async (variation, single) => {
      const service = await startReference({ variation });
      try {
        const docs = await documents(client(service));
        const groups: Record<string, string> = {
          '/v1/agents': 'agents',
          '/v1/runs': 'runs',
          '/v1/test-cases': 'test-cases',
        };
        for (const [method, path] of GENERIC) {
          const found = published(docs, method!, path!);
          expect(found, `${method} ${path}`).toBeDefined();
          expect(found!.name).toBe(single ?? groups[path!.split('/').slice(0, 3).join('/')]);
          expect(found!.operation.security).toEqual([{ ApiKeyAuth: [] }]);
          expect(found!.operation.responses).toHaveProperty('default');
        }
        const listAgents = published(docs, 'GET', '/v1/agents')!.operation;
        const getRun = published(docs, 'GET', '/v1/runs/{run_id}')!.operation;
        if (variation === 'default') {
          expect(listAgents.operationId).toBe('listAgents');
          expect(pageSizeSchema(listAgents)).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
          expect(Object.keys(getRun.responses)).toEqual(['200', '401', '404', 'default']);
        } else {
          // rest-statuses: no operationId, no maximum; UNAUTHENTICATED is published under its own status, 403.
          expect(listAgents).not.toHaveProperty('operationId');
          expect(pageSizeSchema(listAgents)).toEqual({ type: 'integer', minimum: 1, default: 50 });
          expect(Object.keys(getRun.responses)).toEqual(['200', '403', '404', 'default']);
        }
        expect(docs[published(docs, 'GET', '/v1/runs/{run_id}')!.name]!.components.schemas).toHaveProperty(
          'RunResponse',
        );
      } finally {
        await service.close();
      }
    },
  );

  it('publish the operationIds of the real service', async () => {
    const service = await startReference();
    try {
      const docs = await documents(client(service));
      const ids = GENERIC.map(([method, path]) => published(docs, method!, path!)?.operation.operationId);
      expect(ids).toEqual(['listAgents', 'updateAgent', 'getRun', 'listTestCases', 'getTestCase']);
    } finally {
      await service.close();
    }
  });
});

describe("variations of the generic layer's operations", () => {
  it('lenient-inputs serves and publishes 20 items a page by default, and publishes the errors under default alone', async () => {
    const service = await startReference({ variation: 'lenient-inputs' });
    try {
      const call = client(service);
      expect((await call('GET', '/v1/test-cases')).body.test_cases).toHaveLength(15);
      expect((await call('GET', '/v1/agents?page_size=0')).body.agents).toHaveLength(12);
      const operation = published(await documents(call), 'GET', '/v1/test-cases')!.operation;
      expect(pageSizeSchema(operation)).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      expect(Object.keys(operation.responses)).toEqual(['200', 'default']);
      for (let i = 0; i < 10; i++)
        await call('POST', '/v1/test-cases', { body: { input_str: `case ${i}`, test_set_id: 'TS000001' } });
      expect((await call('GET', '/v1/test-cases')).body.test_cases).toHaveLength(20);
      expect((await call('GET', '/v1/test-cases?page_size=0')).body.test_cases).toHaveLength(20);
    } finally {
      await service.close();
    }
  });

  it("localized-pointers issues UUIDs as page tokens of the generic layer's lists, base64 for the others", async () => {
    const service = await startReference({ variation: 'localized-pointers' });
    try {
      const call = client(service);
      const token = (await call('GET', '/v1/agents?page_size=5')).body.next_page_token;
      expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect((await walk(call, '/v1/agents', 'agents', 5)).ids).toEqual(
        (await walk(call, '/v1/agents', 'agents', 40)).ids,
      );
      expect((await call('GET', '/v1/personas?page_size=1')).body.next_page_token).toMatch(/^\+\+\+\//);
      expect((await call('GET', `/v1/test-cases?page_token=${token}`)).status).toBe(400);
    } finally {
      await service.close();
    }
  });
});

describe('operations published and not served (fault beyond-published-not-implemented)', () => {
  const { call } = useService({ faults: ['beyond-published-not-implemented'] });

  it('are secured in the documents and answer as unknown routes', async () => {
    const docs = await documents(call);
    for (const [method, path] of [
      ['GET', '/v1/test-sets'],
      ['GET', '/v1/test-sets/{test_set_id}'],
      ['POST', '/v1/webhooks'],
    ]) {
      expect(published(docs, method!, path!)?.operation.security).toEqual([{ ApiKeyAuth: [] }]);
      const answer = await call(method!, path!.replace('{test_set_id}', 'TS000001'), {
        key: null,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect([answer.status, answer.body.error.code]).toEqual([404, 'NOT_FOUND']);
    }
  });
});

describe('a method published and not served on a served path (fault beyond-method-not-implemented)', () => {
  const { call } = useService({ faults: ['beyond-method-not-implemented'] });

  it('is secured in the documents and answers as a method the path does not support', async () => {
    expect(published(await documents(call), 'DELETE', '/v1/agents/{agent_id}')?.operation.security).toEqual([
      { ApiKeyAuth: [] },
    ]);
    const answer = await call('DELETE', `/v1/agents/${'A'.repeat(22)}`, { key: null });
    expect([answer.status, answer.body.error.code]).toEqual([501, 'UNIMPLEMENTED']);
  });
});

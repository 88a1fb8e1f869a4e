import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../lib/http/client.js';
import type { PublishingPolicy } from '../../lib/reference/behaviour.js';
import type { JsonObject } from '../../lib/util/json.js';
import { specText } from '../../lib/reference/openapi/serialize.js';
import { loadPublishedSpec } from '../../lib/published/load.js';
import { coverage } from '../../lib/published/operations.js';
import { securityProblems } from '../../lib/published/security.js';
import { apiDocument, validAgent } from './fixtures.js';
import { documentReply, json, publishing, useTestTarget } from './server.js';

const GET_AGENT = ['GET', '/v1/agents/{agent_id}'] as const;

describe('loadPublishedSpec', () => {
  const target = useTestTarget();

  it('loads one OpenAPI 3.1 document with /v1 in its paths', async () => {
    const document = apiDocument({ dialect: '3.1' });
    target.serve(publishing([{ spec_name: 'main', url: '/v1/openapi/main' }], { main: document }));
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded.problems).toEqual([]);
    expect(loaded.documents).toEqual([{ specName: 'main', document }]);
    expect(coverage(loaded.operations)).toEqual([]);
    expect(securityProblems(loaded.operations)).toEqual([]);
    expect(loaded.published?.validateResponse(...GET_AGENT, 200, validAgent({ description: null }))).toEqual([]);
    expect(loaded.published?.validateResponse(...GET_AGENT, 200, validAgent({ id: 7 }))).toMatchObject([
      { pointer: '/agent/id', message: 'must be string' },
    ]);
    expect(loaded.published?.requestBodyProperties('POST', '/v1/agents')).toEqual([
      'display_name',
      'model_type',
      'prompt',
    ]);
    expect(loaded.published?.requestBodyProperties('GET', '/v1/runs')).toBeUndefined();
    expect(target.seen.every((request) => request.headers['x-api-key'] === undefined)).toBe(true);
  });

  it('loads the same API as OpenAPI 3.0 with /v1 in an absolute server URL, from a map listing', async () => {
    const document = apiDocument({ dialect: '3.0', v1InPaths: false, servers: [`${target.origin}/v1`] });
    target.serve(publishing({ main: `${target.origin}/v1/openapi/main` }, { main: document }));
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded.problems).toEqual([]);
    expect(coverage(loaded.operations)).toEqual([]);
    expect(loaded.published?.validateResponse(...GET_AGENT, 200, validAgent({ description: null }))).toEqual([]);
    expect(
      loaded.published?.validateResponse(...GET_AGENT, 200, validAgent({ display_name: null }))?.[0]?.pointer,
    ).toBe('/agent/display_name');
  });

  it('combines documents published per resource, listed under one key', async () => {
    const agents = apiDocument({
      dialect: '3.1',
      only: (e) => ['specification', 'agents', 'mutations'].includes(e.group),
    });
    const rest = apiDocument({
      dialect: '3.0',
      v1InPaths: false,
      servers: ['/v1'],
      only: (e) => !['agents', 'mutations'].includes(e.group),
    });
    target.serve(publishing({ specs: { agents: '/v1/openapi/agents', rest: '/v1/openapi/rest' } }, { agents, rest }));
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded.problems).toEqual([]);
    expect(loaded.documents.map((d) => d.specName)).toEqual(['agents', 'rest']);
    expect(coverage(loaded.operations)).toEqual([]);
    expect(loaded.published?.validateResponse('GET', '/v1/runs', 200, [])).toMatchObject([
      { pointer: '/', message: 'must be object' },
    ]);
  });

  it('asks the first listed spec for its default form before the JSON one, the others JSON first', async () => {
    const document = apiDocument({ dialect: '3.1' });
    target.serve(publishing(['first', 'second'], { first: document, second: document }));
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded.problems).toEqual([]);
    const asked = (name: string) =>
      target.seen.filter((r) => r.path === `/v1/openapi/${name}`).map((r) => r.headers.accept);
    expect(asked('first')).toEqual(['*/*', 'application/json']);
    expect(asked('second')).toEqual(['application/json']);
  });

  it('reports a document missing an endpoint through coverage', async () => {
    const document = apiDocument({ dialect: '3.1', only: (e) => e.key !== 'PATCH /v1/dashboards/{dashboard_id}' });
    target.serve(publishing(['main'], { main: document }));
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded.problems).toEqual([]);
    expect(coverage(loaded.operations).map((e) => e.key)).toEqual(['PATCH /v1/dashboards/{dashboard_id}']);
  });

  it('keeps the valid documents and explains the invalid one', async () => {
    const invalid = { openapi: '3.1.0', info: { title: 'no version' }, paths: {} };
    target.serve(
      publishing([{ name: 'broken' }, { name: 'main' }], { broken: invalid, main: apiDocument({ dialect: '3.1' }) }),
    );
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded.problems).toEqual([
      expect.stringMatching(
        /^spec "broken" is not a valid OpenAPI document: .*#\/info must have required property 'version'/,
      ),
    ]);
    expect(loaded.documents.map((d) => d.specName)).toEqual(['main']);
    expect(loaded.published).not.toBeNull();
  });

  it('has no published spec when no listed document is usable', async () => {
    target.serve(publishing(['broken', 'missing'], { broken: { openapi: '3.0.3', paths: {} } }));
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded.published).toBeNull();
    expect(loaded.problems).toEqual([
      expect.stringMatching(/^spec "broken" is not a valid OpenAPI document: /),
      'GET /v1/openapi/missing with Accept: application/json answered HTTP 404',
      'GET /v1/openapi/missing answered HTTP 404',
      'no listed spec is a valid OpenAPI document',
    ]);
  });

  it('falls back to the YAML form when the JSON one cannot be read', async () => {
    const document = apiDocument({ dialect: '3.1' });
    target.serve((path, headers) => {
      if (path === '/v1/openapi') return json(['main']);
      return headers.accept === 'application/json' ? { status: 406, body: '' } : documentReply(document, headers);
    });
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded.problems).toEqual([
      'GET /v1/openapi/main with Accept: application/json answered HTTP 406; the default (YAML) form was used instead',
    ]);
    expect(loaded.documents).toEqual([{ specName: 'main', document }]);
  });

  it('reads a YAML form with merge keys applied when it falls back to it', async () => {
    const document = apiDocument({ dialect: '3.1' });
    // Shared parameters and responses written once and merged, as the reference's lenient-inputs writes them.
    const text = specText(document as JsonObject, 'yaml', { yamlMergeKeys: true } as PublishingPolicy);
    expect(text).toContain('<<: *response-200');
    target.serve((path, headers) => {
      if (path === '/v1/openapi') return json(['main']);
      return headers.accept === 'application/json'
        ? { status: 406, body: '' }
        : { contentType: 'application/yaml', body: text };
    });
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded.problems).toEqual([
      'GET /v1/openapi/main with Accept: application/json answered HTTP 406; the default (YAML) form was used instead',
    ]);
    expect(loaded.documents).toEqual([{ specName: 'main', document }]);
  });

  it('reads the target below a base path', async () => {
    const document = apiDocument({ dialect: '3.0', v1InPaths: false, servers: [`${target.origin}/api/v1`] });
    target.serve(publishing(['main'], { main: document }, '/api'));
    const loaded = await loadPublishedSpec(target.client('/api'));
    expect(loaded.problems).toEqual([]);
    expect(coverage(loaded.operations)).toEqual([]);
  });

  it.each([
    [
      'an error status',
      json({ error: {} }, 500),
      /^GET \/v1\/openapi answered HTTP 500 instead of the list of spec names$/,
    ],
    [
      'a body that is not JSON',
      { contentType: 'text/html', body: '<html>docs</html>' },
      /^GET \/v1\/openapi did not answer JSON \(body: "<html>docs<\/html>"\)$/,
    ],
    ['an unrecognisable listing', json({ count: 0 }), /^GET \/v1\/openapi lists no spec names in a recognisable shape/],
  ])('explains a listing with %s', async (_, reply, problem) => {
    target.serve(() => reply);
    const loaded = await loadPublishedSpec(target.client());
    expect(loaded).toMatchObject({ published: null, documents: [] });
    expect(loaded.problems).toEqual([expect.stringMatching(problem)]);
  });

  it('explains an unreachable target', async () => {
    const port = await closedPort();
    // A refused connection is immediate; the timeout only has to stay out of its way on a busy machine.
    const client = new ApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: undefined,
      timeoutMs: 20_000,
      concurrency: 1,
    });
    const loaded = await loadPublishedSpec(client);
    await client.close();
    expect(loaded.published).toBeNull();
    expect(loaded.problems).toEqual([expect.stringContaining('connection refused')]);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

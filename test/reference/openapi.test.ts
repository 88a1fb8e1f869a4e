import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parsePublishedYaml } from '../../lib/published/yaml.js';
import { SERVED_ENDPOINTS } from '../../lib/reference/generic/endpoints.js';
import { startReference } from '../../proof/service.js';
import { useService } from './client.js';
import { client, type Call } from '../../proof/probes/call.js';

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: { in: string }[] }>>;
} & Record<string, unknown>;

/** The listed spec URLs, whatever the listing's shape. */
function listedUrls(body: unknown): string[] {
  if (Array.isArray(body)) return body.map((entry: { url: string }) => entry.url);
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.specs)) return record.specs.map((entry: { url: string }) => entry.url);
  return Object.values(record) as string[];
}

async function publishedDocs(call: Call, baseUrl: string): Promise<Doc[]> {
  const listing = await call('GET', '/v1/openapi', { key: null });
  const docs: Doc[] = [];
  for (const url of listedUrls(listing.body)) {
    const yaml = await call('GET', url.slice(baseUrl.length), { key: null });
    expect(yaml.contentType).toMatch(/yaml/);
    const json = await call('GET', url.slice(baseUrl.length), { key: null, headers: { Accept: 'application/json' } });
    expect(json.contentType).toMatch(/^application\/json/);
    // Read as the suite reads it: with merge keys applied (lenient-inputs writes them).
    expect(parsePublishedYaml(yaml.text).document).toEqual(json.body);
    await SwaggerParser.validate(structuredClone(json.body));
    docs.push(json.body);
  }
  return docs;
}

/** A path with its parameters' names left out: a document may name a path parameter its own way (`{id}`). */
const shape = (key: string): string => key.replace(/\{[^}]*\}/g, '{}');

/** Every served endpoint (the specification's and the generic layer's) appears, whether `/v1` sits in the paths or the server URL. */
function coveredKeys(docs: Doc[]): string[] {
  return docs.flatMap((doc) => {
    const prefix = new URL(doc.servers[0]?.url ?? 'http://x').pathname.replace(/\/$/, '');
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => key !== 'parameters')
        .map((method) => shape(`${method.toUpperCase()} ${prefix}${path}`)),
    );
  });
}

describe.each(['default', 'rest-statuses', 'lenient-inputs', 'localized-pointers'])(
  'published specs (%s)',
  (variation) => {
    const { call, service } = useService({ variation });

    it('are valid OpenAPI, the same in YAML and JSON, cover every served endpoint and document the key', async () => {
      const docs = await publishedDocs(call, service().url);
      expect(coveredKeys(docs).sort()).toEqual(SERVED_ENDPOINTS.map((e) => shape(e.key)).sort());
      for (const doc of docs) {
        for (const [path, item] of Object.entries(doc.paths)) {
          for (const [method, operation] of Object.entries(item)) {
            if (method === 'parameters') continue;
            const open = path.includes('/openapi');
            // localized-pointers documents the key as a required header parameter, with no security scheme.
            if (variation === 'localized-pointers') {
              expect(operation.security).toBeUndefined();
              expect((operation.parameters ?? []).filter((p) => p.in === 'header')).toEqual(
                open ? [] : [{ name: 'X-API-Key', in: 'header', required: true, schema: { type: 'string' } }],
              );
            } else {
              expect(operation.security).toEqual(open ? [] : [{ ApiKeyAuth: [] }]);
            }
          }
        }
      }
    });
  },
);

describe('published spec (default)', () => {
  const { call, service } = useService();

  it('is one OpenAPI 3.1 document listed with its URL', async () => {
    const listing = await call('GET', '/v1/openapi', { key: null });
    expect(listing.body).toEqual({
      specs: [{ spec_name: 'agent-evaluation', url: `${service().url}/v1/openapi/agent-evaluation` }],
    });
    const yaml = await call('GET', '/v1/openapi/agent-evaluation', { key: null });
    expect(yaml.contentType).toBe('application/yaml');
    const doc = parse(yaml.text);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: service().url }]);
    expect(doc.components.securitySchemes.ApiKeyAuth).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.components.schemas.Agent.properties.create_time).toEqual({ type: 'string', format: 'date-time' });
  });

  it('answers NOT_FOUND for an unknown spec', async () => {
    const answer = await client(service())('GET', '/v1/openapi/nope', { key: null });
    expect([answer.status, answer.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('published spec with merge keys (lenient-inputs)', () => {
  const { call } = useService({ variation: 'lenient-inputs' });
  const SPEC = '/v1/openapi/agent-evaluation';

  it('writes shared parameters and responses once and merges them, reading back as the JSON form', async () => {
    const yaml = (await call('GET', SPEC, { key: null })).text;
    const json = (await call('GET', SPEC, { key: null, headers: { Accept: 'application/json' } })).body;
    expect(yaml).toMatch(/^ +default: &response-default$/m);
    expect(yaml).toMatch(/^ +- &path-agent_id$/m);
    expect(yaml).toMatch(/^ +<<: \*response-default$/m);
    expect(yaml).toMatch(/^ +- <<: \*path-agent_id$/m);
    // A shared success response merged with its own content overriding the base's.
    expect(yaml).toMatch(/^ +<<: \*response-200\n +content:$/m);
    // Every reader that applies merge keys reads the JSON form.
    expect(parse(yaml, { merge: true })).toEqual(json);
    const read = parsePublishedYaml(yaml);
    expect(read.mergeKeys).toBe(true);
    // A reader that does not apply them sees `<<` keys: not the JSON form, nor valid OpenAPI.
    const literal = read.withoutMergeKeys() as Doc;
    expect(literal).not.toEqual(json);
    expect(literal.paths['/v1/agents/{agent_id}']?.get).toMatchObject({
      responses: { default: { '<<': expect.any(Object) } },
    });
    await expect(SwaggerParser.validate(structuredClone(literal) as never)).rejects.toThrow();
  });

  it.each(['default', 'rest-statuses'])('is not what %s writes: no anchors, no aliases', async (variation) => {
    const service = await startReference({ variation });
    try {
      const listed = await client(service)('GET', '/v1/openapi', { key: null });
      for (const url of listedUrls(listed.body)) {
        const yaml = (await client(service)('GET', url.slice(service.url.length), { key: null })).text;
        expect(parsePublishedYaml(yaml).mergeKeys).toBe(false);
        expect(yaml).not.toMatch(/[:-] [&*][\w-]+$/m);
      }
    } finally {
      await service.close();
    }
  });
});

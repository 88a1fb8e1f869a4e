import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.js';
import { client, useService, type Call } from './client.js';

type Doc = { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, { security?: unknown[] }>> } & Record<string, unknown>;

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
    expect(parse(yaml.text)).toEqual(json.body);
    await SwaggerParser.validate(structuredClone(json.body));
    docs.push(json.body);
  }
  return docs;
}

/** Every contract endpoint appears, whether `/v1` sits in the paths or the server URL. */
function coveredKeys(docs: Doc[]): string[] {
  return docs.flatMap((doc) => {
    const prefix = new URL(doc.servers[0]?.url ?? 'http://x').pathname.replace(/\/$/, '');
    return Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${prefix}${path}`));
  });
}

describe.each(['default', 'alt-a', 'alt-b'])('published specs (%s)', (variation) => {
  const { call, service } = useService({ variation });

  it('are valid OpenAPI, the same in YAML and JSON, cover every endpoint and document the key', async () => {
    const docs = await publishedDocs(call, service().url);
    expect(coveredKeys(docs).sort()).toEqual(ENDPOINTS.map((e) => e.key).sort());
    for (const doc of docs) {
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const operation of Object.values(item)) {
          expect(operation.security).toEqual(path.includes('/openapi') ? [] : [{ ApiKeyAuth: [] }]);
        }
      }
    }
  });
});

describe('published spec (default)', () => {
  const { call, service } = useService();

  it('is one OpenAPI 3.1 document listed with its URL', async () => {
    const listing = await call('GET', '/v1/openapi', { key: null });
    expect(listing.body).toEqual({ specs: [{ spec_name: 'agent-evaluation', url: `${service().url}/v1/openapi/agent-evaluation` }] });
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

import { describe, expect, it } from 'vitest';
import { fetchSpecDocument } from '../../lib/published/fetch.js';
import { apiDocument } from './fixtures.js';
import { publishing, useTestTarget } from './server.js';

describe('fetchSpecDocument', () => {
  const target = useTestTarget();
  const document = apiDocument({ dialect: '3.1' });

  it('asks for no particular form by default and reads the YAML answer, without a key', async () => {
    target.serve(publishing([], { 'agent evaluation': document }));
    const fetched = await fetchSpecDocument(target.client(), 'agent evaluation', 'default');
    expect(fetched.document).toEqual(document);
    expect(fetched.exchange.response.headers['content-type']).toBe('application/yaml');
    expect(target.seen[0]?.path).toBe('/v1/openapi/agent%20evaluation');
    expect(target.seen[0]?.headers.accept).toBe('*/*');
    expect(target.seen[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('asks for and reads the JSON form', async () => {
    target.serve(publishing([], { main: document }));
    const fetched = await fetchSpecDocument(target.client(), 'main', 'json');
    expect(fetched.document).toEqual(document);
    expect(target.seen[0]?.headers.accept).toBe('application/json');
  });

  it('says why a body cannot be read', async () => {
    target.serve(() => ({ body: 'openapi: [3.1' }));
    expect((await fetchSpecDocument(target.client(), 'main', 'default')).parseError).toMatch(
      /^the body is not YAML \(/,
    );
    expect((await fetchSpecDocument(target.client(), 'main', 'json')).parseError).toMatch(/^the body is not JSON \(/);
    target.serve(() => ({ body: '' }));
    expect((await fetchSpecDocument(target.client(), 'main', 'json')).parseError).toBe('the body is empty');
  });

  it('reads nothing from an error answer', async () => {
    const fetched = await fetchSpecDocument(target.client(), 'missing', 'json');
    expect(fetched.exchange.response.status).toBe(404);
    expect(fetched.document).toBeUndefined();
    expect(fetched.parseError).toBeUndefined();
  });
});

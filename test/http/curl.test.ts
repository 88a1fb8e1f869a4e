import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../../lib/http/curl.js';
import { registerSecret } from '../../lib/http/redact.js';

describe('toCurl', () => {
  it('replays the request, with the key read from $API_KEY', () => {
    const line = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1:1/echo',
      headers: { 'X-API-Key': '$API_KEY', 'content-type': 'application/json' },
      body: `{"a":"it's"}`,
    });
    expect(line).toContain('"X-API-Key: $API_KEY"');
    // The shell parses it back into the same arguments.
    const args = execFileSync('bash', ['-c', `API_KEY=k; set -- ${line.slice(5)}; printf '%s\\n' "$@"`], {
      encoding: 'utf8',
    }).split('\n');
    expect(args).toContain('X-API-Key: k');
    expect(args).toContain(`{"a":"it's"}`);
  });

  it('quotes each part for the shell, and leaves the key placeholder for the shell to expand', () => {
    const line = toCurl({
      method: 'POST',
      url: "http://127.0.0.1:1/v1/agents?q=it's",
      headers: { 'X-API-Key': '$API_KEY', 'content-type': 'application/json' },
      body: '{"display_name":"O\'Brien"}',
    });
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:1/v1/agents?q=it'\\''s' -H "X-API-Key: $API_KEY" -H 'content-type: application/json' --data-raw '{"display_name":"O'\\''Brien"}'`,
    );
  });

  it('has no --data-raw without a body', () => {
    expect(toCurl({ method: 'GET', url: 'http://127.0.0.1:1/v1/runs', headers: {} })).toBe(
      `curl -sS -i -X GET 'http://127.0.0.1:1/v1/runs'`,
    );
  });

  it('inlines a body of up to 4096 characters and elides a longer one', () => {
    const request = (body: string) => ({ method: 'POST', url: 'http://127.0.0.1:1/', headers: {}, body });
    expect(toCurl(request('x'.repeat(4096)))).toContain(`--data-raw '${'x'.repeat(4096)}'`);
    expect(toCurl(request('x'.repeat(4097)))).toMatch(/--data-raw '<body of 4097 characters, elided>'$/);
  });

  it('redacts a registered secret from the URL, headers and body', () => {
    registerSecret('curl-secret-value');
    const line = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1:1/?k=curl-secret-value',
      headers: { echo: 'curl-secret-value' },
      body: 'curl-secret-value',
    });
    expect(line).not.toContain('curl-secret-value');
    expect(line.match(/\[redacted\]/g)).toHaveLength(3);
  });
});

// The route named in messages and reports is the one undici's EnvHttpProxyAgent takes (test/cli/transport.test.ts
// counts what goes through a proxy on loopback); these are its NO_PROXY rules, one by one.

import { describe, expect, it } from 'vitest';
import { proxyFor, shownProxy } from '../../lib/http/transport.js';

const HTTP = 'http://proxy:3128';
const TLS = 'http://tls-proxy:3128';

describe('proxyFor', () => {
  it.each([
    ['http://api.example.com', {}, undefined],
    ['http://api.example.com', { httpProxy: HTTP }, HTTP],
    ['https://api.example.com', { httpProxy: HTTP }, HTTP],
    ['https://api.example.com', { httpProxy: HTTP, httpsProxy: TLS }, TLS],
    ['http://api.example.com', { httpsProxy: TLS }, undefined],
    ['http://127.0.0.1:8787', { httpProxy: HTTP }, HTTP],
    ['http://127.0.0.1:8787', { httpProxy: HTTP, noProxy: 'localhost, 127.0.0.1' }, undefined],
    ['http://api.example.com', { httpProxy: HTTP, noProxy: 'example.com' }, undefined],
    ['http://api.example.com', { httpProxy: HTTP, noProxy: '.example.com' }, undefined],
    ['http://api.example.com', { httpProxy: HTTP, noProxy: '*.example.com' }, undefined],
    ['http://apiexample.com', { httpProxy: HTTP, noProxy: 'example.com' }, HTTP],
    ['http://api.example.com:8080', { httpProxy: HTTP, noProxy: 'api.example.com:9090' }, HTTP],
    ['http://api.example.com:8080', { httpProxy: HTTP, noProxy: 'api.example.com:8080' }, undefined],
    ['https://API.example.com', { httpProxy: HTTP, noProxy: 'api.example.com:443' }, undefined],
    ['http://anything', { httpProxy: HTTP, noProxy: '*' }, undefined],
  ])('%s with %o: %s', (url, transport, expected) => {
    expect(proxyFor(url, transport)).toBe(expected);
  });
});

it('a proxy is shown without its credentials', () => {
  expect(shownProxy('http://user:pa55word@proxy:3128/')).toBe('http://proxy:3128');
});

// Authentication faults.

import { ApiError } from '../../lib/reference/http/errors.js';
import { authenticateAfter, fault, lastRequest, refineFailure, type Fault } from './define.js';
import { rawStatus } from '../probes/call.js';
import { DEFAULT_API_KEY } from '../../lib/reference/behaviour.js';
import { newAgent } from '../probes/basics.js';
import { VALID } from '../probes/review-projects.js';

export const AUTH_FAULTS = [
  fault({
    id: 'auth-public-prefix-of-raw-target',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description:
      'The key middleware lets through every request whose target, as sent (`req.url`), starts with `/v1/openapi` (the public specification paths), while the router reads the parsed path, dot segments resolved: `GET /v1/openapi/../runs` without a key is served the runs list (and so is every endpoint behind `/v1/openapi/../`). Asked as `/v1/runs`, the key is required as before.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const required = b.auth.required;
      b.auth.required = (endpoint) => !String(request()?.url ?? '').startsWith('/v1/openapi') && required(endpoint);
    },
    probe: async (call) => ({
      dotSegment: await rawStatus(
        call,
        (host) => `GET /v1/openapi/../runs?page_size=1 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n`,
      ),
      plain: await rawStatus(
        call,
        (host) => `GET /v1/runs?page_size=1 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n`,
      ),
    }),
    shows: { dotSegment: 200, plain: 401 },
  }),
  fault({
    id: 'auth-missing-key-accepted-on-get-agent',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description: 'GET /v1/agents/{agent_id} is served without a key.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) =>
        (key === undefined && endpoint.key === 'GET /v1/agents/{agent_id}') || accepts(endpoint, key);
    },
    probe: async (call) => (await call('GET', `/v1/agents/${'A'.repeat(22)}`, { key: null })).status,
    shows: 404,
  }),
  fault({
    id: 'auth-wrong-key-accepted',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description: 'Any non-empty key is accepted.',
    behaviour: (b) => {
      b.auth.accepts = (_endpoint, key) => key !== undefined && key !== '';
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: 'nope' })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-details-missing',
    requirements: ['AUTH-DETAILS-HEADER'],
    slips: ['broken'],
    description: 'UNAUTHENTICATED errors have empty details.',
    behaviour: (b) => {
      refineFailure(b, (error) => new ApiError(error.code, error.message, []));
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: null })).body.error.details,
    shows: [],
  }),
  fault({
    id: 'auth-wrong-code',
    requirements: ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    slips: ['broken'],
    description: 'A missing key gives code PERMISSION_DENIED.',
    behaviour: (b) => {
      refineFailure(b, (error, key) =>
        key === undefined ? new ApiError('PERMISSION_DENIED', error.message, error.details) : error,
      );
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: null })).body.error.code,
    shows: 'PERMISSION_DENIED',
  }),
  fault({
    id: 'auth-empty-key-accepted',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'An X-API-Key header that is present but empty or blank is let through, as if no check were configured.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) => (key !== undefined && key.trim() === '') || accepts(endpoint, key);
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: '' })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-key-prefix-accepted',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description: "A key that starts with the valid key is accepted: the comparison stops at the valid key's length.",
    behaviour: (b) => {
      const valid = b.apiKey;
      b.auth.accepts = (_endpoint, key) => key?.startsWith(valid) === true;
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: `${DEFAULT_API_KEY}x` })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-key-last-character-ignored',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description: "The key's last character is not compared: the valid key without it, or with it changed, is accepted.",
    behaviour: (b) => {
      const compared = b.apiKey.slice(0, -1);
      b.auth.accepts = (_endpoint, key) =>
        key !== undefined && key.length >= compared.length && key.slice(0, compared.length) === compared;
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: DEFAULT_API_KEY.slice(0, -1) })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-key-case-insensitive',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description: 'Keys are compared without regard to letter case.',
    behaviour: (b) => {
      const valid = b.apiKey.toLowerCase();
      b.auth.accepts = (_endpoint, key) => key?.toLowerCase() === valid;
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: DEFAULT_API_KEY.toUpperCase() })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-after-path-ids',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['precedence'],
    description: 'Path IDs are checked before the key: a malformed ID with a wrong key gets INVALID_ARGUMENT.',
    behaviour: (b) => {
      authenticateAfter(b, 'path-ids');
    },
    probe: async (call) => (await call('GET', '/v1/agents/x', { key: 'nope' })).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'auth-after-body',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['precedence'],
    description:
      'The body is parsed before the key is checked: a body that is not JSON with a wrong key gets INVALID_ARGUMENT.',
    behaviour: (b) => {
      authenticateAfter(b, 'body');
    },
    probe: async (call) =>
      (await call('POST', '/v1/agents', { key: 'nope', raw: '{"display_name": ' })).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'auth-after-handler',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['precedence'],
    description:
      'The key is checked after the request was handled: a bad body or query with a wrong key gets INVALID_ARGUMENT (and a valid write is carried out before it is refused).',
    behaviour: (b) => {
      authenticateAfter(b, 'handler');
    },
    probe: async (call) => (await call('POST', '/v1/agents', { key: 'nope', body: {} })).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'auth-spec-requires-key',
    requirements: ['AUTH-SPEC-PUBLIC'],
    slips: ['broken'],
    description: 'The /v1/openapi endpoints need the key too.',
    behaviour: (b) => {
      b.auth.required = () => true;
    },
    probe: async (call) => (await call('GET', '/v1/openapi', { key: null })).status,
    shows: 401,
  }),
  fault({
    id: 'auth-reads-check-key-presence-only',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['scope'],
    description:
      'Endpoints that only read check that X-API-Key is present, not that it is valid: any key is accepted on GET; writes check the key.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) =>
        (endpoint.method === 'GET' && key !== undefined && key !== '') || accepts(endpoint, key);
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: 'nope' })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-details-header-wrong-on-review-projects',
    requirements: ['AUTH-DETAILS-HEADER'],
    slips: ['scope'],
    description:
      'POST /v1/review-projects names the refused key `Authorization` in the UNAUTHENTICATED details; other endpoints name X-API-Key.',
    behaviour: (b) => {
      const field = b.errors.field;
      b.errors.field = (detail, endpoint) =>
        endpoint?.key === 'POST /v1/review-projects' && detail.location === 'header'
          ? 'Authorization'
          : field(detail, endpoint);
    },
    probe: async (call) =>
      (await call('POST', '/v1/review-projects', { key: null, body: VALID })).body.error.details.map(
        (detail: { field: string }) => detail.field,
      ),
    shows: ['Authorization'],
  }),
  fault({
    id: 'auth-spec-document-requires-key',
    requirements: ['AUTH-SPEC-PUBLIC'],
    slips: ['scope'],
    description: 'GET /v1/openapi/{spec_name} needs the key; the listing GET /v1/openapi is public.',
    behaviour: (b) => {
      const required = b.auth.required;
      b.auth.required = (endpoint) => endpoint.key === 'GET /v1/openapi/{spec_name}' || required(endpoint);
    },
    probe: async (call) => (await call('GET', '/v1/openapi/agent-evaluation', { key: null })).status,
    shows: 401,
  }),
  fault({
    id: 'auth-missing-key-after-path-ids',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['precedence'],
    description:
      'X-API-Key is validated as a required header parameter with the path parameters, after their formats: a request without the key and with a malformed path ID gets INVALID_ARGUMENT (a wrong key is still refused first).',
    behaviour: (b) => {
      authenticateAfter(b, 'path-ids', (presented) => presented === undefined);
    },
    probe: async (call) => (await call('GET', '/v1/agents/x', { key: null })).body.error.code,
    shows: 'INVALID_ARGUMENT',
  }),
  fault({
    id: 'auth-bearer-token-accepted',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description:
      'Without X-API-Key, the key is also read from `Authorization: Bearer <key>` (a second scheme a framework offers).',
    behaviour: (b) => {
      const presented = b.auth.presented;
      b.auth.presented = (req) => presented(req) ?? /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    },
    probe: async (call) =>
      (await call('GET', '/v1/personas', { key: null, headers: { Authorization: `Bearer ${DEFAULT_API_KEY}` } }))
        .status,
    shows: 200,
  }),
  fault({
    id: 'auth-query-key-accepted',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description: 'Without X-API-Key, the key is also read from the query parameter `api_key`.',
    behaviour: (b) => {
      const presented = b.auth.presented;
      b.auth.presented = (req) =>
        presented(req) ?? new URL(req.url ?? '/', 'http://service').searchParams.get('api_key') ?? undefined;
    },
    probe: async (call) => (await call('GET', `/v1/personas?api_key=${DEFAULT_API_KEY}`, { key: null })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-forwarded-loopback-skips-key',
    requirements: ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      "A request forwarded for a loopback address (`X-Forwarded-For`, `X-Real-IP` or `Forwarded` naming 127.0.0.1) is taken as the service's own traffic and served without any key.",
    behaviour: (b) => {
      const presented = b.auth.presented;
      const loopback = (value: string | string[] | undefined) => /(^|[\s,=])127\.0\.0\.1\b/.test(String(value ?? ''));
      b.auth.presented = (req) =>
        loopback(req.headers['x-forwarded-for']) ||
        loopback(req.headers['x-real-ip']) ||
        loopback(req.headers.forwarded)
          ? b.apiKey
          : presented(req);
    },
    probe: async (call) =>
      (await call('GET', '/v1/personas', { key: null, headers: { 'X-Real-IP': '127.0.0.1' } })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-key-quotes-stripped',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      "Quotes of either kind around X-API-Key are taken off before it is compared (a configuration reader's unquoting): `'<key>'` and `\"<key>\"`, other values, are accepted.",
    behaviour: (b) => {
      const presented = b.auth.presented;
      b.auth.presented = (req) => presented(req)?.replace(/^(["'])(.*)\1$/, '$2');
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: `'${DEFAULT_API_KEY}'` })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-key-scheme-stripped',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'X-API-Key is parsed like an Authorization value: a leading scheme word (`Bearer `, `Token `, `ApiKey `) is dropped before the rest is compared, so `Bearer <key>` is accepted.',
    behaviour: (b) => {
      const presented = b.auth.presented;
      b.auth.presented = (req) => presented(req)?.replace(/^[A-Za-z]+ +/, '');
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: `Bearer ${DEFAULT_API_KEY}` })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-key-list-first-taken',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'X-API-Key is read as a list field: its value is split at commas and the first member compared, so `<key>, <key>` (and `<key>, anything`) is accepted.',
    behaviour: (b) => {
      const presented = b.auth.presented;
      b.auth.presented = (req) => presented(req)?.split(',')[0]?.trim();
    },
    probe: async (call) => (await call('GET', '/v1/personas', { key: `${DEFAULT_API_KEY}, nope` })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-key-base64-decoded',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'X-API-Key is also read as a base64 token (a Basic-auth reader reused): a key that decodes to the valid one is accepted, so the valid key base64-encoded, another key, lets a request in.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) =>
        accepts(endpoint, key) || (key !== undefined && accepts(endpoint, Buffer.from(key, 'base64').toString('utf8')));
    },
    probe: async (call) =>
      (await call('GET', '/v1/personas', { key: Buffer.from(DEFAULT_API_KEY).toString('base64') })).status,
    shows: 200,
  }),
  fault({
    id: 'auth-key-html-unescaped',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'X-API-Key passes an HTML unescape before it is compared (a sanitizer run over every header): `&#114;ef-…`, another key than the valid one, is accepted as `ref-…`.',
    behaviour: (b) => {
      const presented = b.auth.presented;
      b.auth.presented = (req) =>
        presented(req)
          ?.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
          .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)));
    },
    probe: async (call) =>
      (await call('GET', '/v1/personas', { key: `&#${DEFAULT_API_KEY.charCodeAt(0)};${DEFAULT_API_KEY.slice(1)}` }))
        .status,
    shows: 200,
  }),
  fault({
    id: 'auth-deleted-fixture-skips-key',
    requirements: ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    slips: ['scope'],
    description:
      'The paths of personas, runs and scheduled runs deleted with the key are kept in a tombstone list checked before authentication (to answer repeats cheaply): a later GET or DELETE of such a path is served without a key or with a wrong one instead of refused UNAUTHENTICATED; mutations, and every other path, still need the key.',
    behaviour: (b) => {
      const tombstones = new Set<string>();
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const path = new URL(String(req.url), 'http://reference.invalid').pathname;
        const key = presented(req);
        if (!/^\/v1\/(personas|runs|scheduled-runs)\/[^/]+$/.test(path)) return key;
        if (req.method === 'DELETE' && key === b.apiKey) tombstones.add(path);
        return tombstones.has(path) ? b.apiKey : key;
      };
    },
    probe: async (call) => {
      // A persona no one has: deleting it changes nothing the other probes read.
      const path = `/v1/personas/${'Q'.repeat(22)}`;
      await call('DELETE', path);
      return (await call('GET', path, { key: null })).status;
    },
    shows: 404,
  }),
  fault({
    id: 'auth-answers-cached-before-key',
    requirements: ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'GET answers are cached by URL for a second ahead of the key check (a response cache meant to spare repeated list reads): a request without the key, or with a wrong one, to a URL just answered to the valid key is served as that request was.',
    behaviour: (b) => {
      const answered = new Map<string, number>();
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const key = presented(req);
        const url = `${req.method} ${req.url}`;
        if (req.method !== 'GET') return key;
        if (key === DEFAULT_API_KEY) answered.set(url, Date.now());
        else if (Date.now() - (answered.get(url) ?? -Infinity) < 1_000) return DEFAULT_API_KEY;
        return key;
      };
    },
    probe: async (call) => {
      await call('GET', '/v1/personas?page_size=1');
      return (await call('GET', '/v1/personas?page_size=1', { key: null })).status;
    },
    shows: 200,
  }),
  fault({
    id: 'auth-agent-answers-cached-before-key',
    requirements: ['AUTH-MISSING-KEY'],
    slips: ['scope'],
    description:
      'GETs of one agent (the read a dashboard polls) pass a cache of successful answers by URL that, like most shared caches, serves only requests without credentials: a request without X-API-Key to the URL of an agent answered to the valid key less than a second before is served as that request was; lists, other reads, and requests with any key reach the key check.',
    behaviour: (b) => {
      const answered = new Map<string, number>();
      let agents: { has(id: string): boolean } | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        agents = store.agents;
        return named(endpoint, params, store);
      };
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const key = presented(req);
        const url = String(req.url);
        const id = /^\/v1\/agents\/([^/?]+)$/.exec(url)?.[1];
        if (req.method !== 'GET' || id === undefined) return key;
        if (key === DEFAULT_API_KEY && agents?.has(id)) answered.set(url, Date.now());
        else if (key === undefined && Date.now() - (answered.get(url) ?? -Infinity) < 1_000) return DEFAULT_API_KEY;
        return key;
      };
    },
    probe: async (call) => {
      const path = `/v1/agents/${String((await newAgent(call)).body.agent.id)}`;
      await call('GET', path);
      return (await call('GET', path, { key: null })).status;
    },
    shows: 200,
  }),
  fault({
    id: 'auth-head-any-key-served',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['scope'],
    description:
      "HEAD requests are routed as the GET of their path (the body left off), and the HEAD shortcut a load balancer's health probes use checks only that X-API-Key is present, not that it is valid: `HEAD /v1/runs` with a wrong key answers 200 where the GET with it is refused UNAUTHENTICATED; without a key, HEAD is refused as GET is.",
    behaviour: (b) => {
      let head = false;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        head = req.method === 'HEAD';
        return presented(req);
      };
      const routed = b.routedMethod;
      b.routedMethod = (req) => (req.method === 'HEAD' ? 'GET' : routed(req));
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, key) => (head && key !== undefined && key !== '') || accepts(endpoint, key);
    },
    probe: async (call) => ({
      head: (await call('HEAD', '/v1/runs?page_size=1', { key: 'cft-not-a-valid-key' })).status,
      headWithout: (await call('HEAD', '/v1/runs?page_size=1', { key: null })).status,
      get: (await call('GET', '/v1/runs?page_size=1', { key: 'cft-not-a-valid-key' })).status,
    }),
    shows: { head: 200, headWithout: 401, get: 401 },
  }),
] as const satisfies readonly Fault[];

// Authentication: every endpoint but the two specification endpoints needs X-API-Key;
// a missing or invalid key yields UNAUTHENTICATED naming X-API-Key, and never data:
// whatever shape the invalid key has, and whatever else is wrong with the request
// (the spec makes no exception: authentication comes first).

import { ENDPOINTS, type Endpoint, type EndpointKey } from '../lib/contract/endpoints.js';
import { API_KEY_HEADER, ERROR_CODES } from '../lib/contract/enums.js';
import { LIST_ENDPOINTS } from '../lib/contract/list-endpoints.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { isErrorBody, isSuccess } from '../lib/assert/responses.js';
import { busiestSimulation } from '../lib/harness/discovery.js';
import { nextTokenOf, requestPage } from '../lib/harness/list-walk.js';
import { isJsonObject } from '../lib/util/json.js';
import { ALL_HEADERS_BESIDE_KEY, HEADERS_BESIDE_KEY, INVALID_KEY_SHAPES } from '../lib/gen/keys.js';
import { sampleBody, sampleParams, sampleRequest } from '../lib/gen/requests.js';
import { type CallSpec, check, type CheckContext, describeGroup } from '../lib/harness/index.js';
import { checkIdOf } from '../lib/result/check-id.js';
import {
  declareHeadWithoutKeyCheck,
  declareKeyAfterAnswerCheck,
  declareKeyOnDeletedCheck,
  KEY_CASES as CASES,
  KEY_REFUSED as REFUSED,
  WRONG_KEY,
} from '../lib/families/key-states.js';

const SECURED = ENDPOINTS.filter((e) => !e.public);
type Secured = (typeof SECURED)[number];
const MUTATION = '/v1/agents/{agent_id}/mutations/{mutation_id}';

/**
 * A query naming the two public paths, escaped and as written (the spec_name path last, where a match anchored at the
 * URL's end looks): public are the paths, not URLs that mention them.
 */
const PUBLIC_PATHS_QUERY = 'escaped=%2Fv1%2Fopenapi&from=/v1/openapi&spec=/v1/openapi/openapi.yaml';

/**
 * The path of an endpoint written another way the server normalises to it: through the public spec path and a dot
 * segment back out of it, and with a doubled slash. A server may also refuse either or find nothing there.
 */
const TARGET_FORMS: ReadonlyArray<{ readonly what: string; readonly of: (path: string) => string }> = [
  { what: 'through /v1/openapi/../ (a dot segment)', of: (path) => path.replace(/^\/v1\//, '/v1/openapi/../') },
  { what: 'with /v1// (a doubled slash)', of: (path) => path.replace(/^\/v1\//, '/v1//') },
];

/** The key's header name in other letter cases: HTTP header names are case-insensitive (HTTP/2 and many proxies lower-case them). */
const KEY_HEADER_CASES = [API_KEY_HEADER.toLowerCase(), API_KEY_HEADER.toUpperCase(), 'X-Api-Key'];

/** The valid key with blanks around it: HTTP strips them from a field value, so it is the valid key. */
const KEY_BLANKS: ReadonlyArray<(key: string) => string> = [
  (key) => ` ${key}`,
  (key) => `${key}\t`,
  (key) => ` \t${key} `,
];

/**
 * Accept headers a request without the key may carry, one per endpoint in turn: a key filter that exempts what it
 * takes for a published document's request (one asking for YAML) opens every endpoint to it.
 */
const ANY_ACCEPT = ['application/yaml', 'text/yaml', '*/*', 'text/html'] as const;

/** The request sent with the key refused: valid in every other respect. */
async function expectRefused(
  t: CheckContext,
  endpoint: Secured,
  requirement: RequirementId,
  probe: CallSpec,
  how: string,
): Promise<void> {
  const call = await t.call(endpoint.key, probe);
  t.expectRejection(call, [requirement], REFUSED, `${endpoint.key} ${how}`);
}

/** What else can be wrong with a request to `endpoint`, each on its own: none of it may come before the key. */
function otherFaults(endpoint: Endpoint): Array<{ what: string; probe: Omit<CallSpec, 'auth'> }> {
  const faults: Array<{ what: string; probe: Omit<CallSpec, 'auth'> }> = [];
  const params = sampleParams(endpoint);
  const kinds = Object.entries(endpoint.pathParams);
  if (kinds.some(([, kind]) => kind !== null)) {
    // One character: too short for every ID rule of the contract.
    const malformed = Object.fromEntries(kinds.map(([name, kind]) => [name, kind === null ? params[name]! : 'x']));
    faults.push({ what: 'a malformed ID in the path', probe: { params: malformed } });
  }
  if (sampleBody(endpoint, 'auth probe') !== undefined) {
    faults.push({ what: 'a body that is not JSON', probe: { params, rawBody: '{"display_name": ' } });
    faults.push({ what: 'an empty body object (required fields missing)', probe: { params, json: {} } });
  }
  if (LIST_ENDPOINTS.some((list) => endpoint.method === 'GET' && list.path === endpoint.path)) {
    faults.push({
      what: 'page_size "abc" and a filter that does not parse',
      probe: { params, query: { page_size: 'abc', filter: '((' } },
    });
  }
  return faults;
}

describeGroup('auth', () => {
  declareKeyAfterAnswerCheck('auth.key-after-answer');
  declareHeadWithoutKeyCheck('auth.head-without-key');

  for (const endpoint of SECURED) {
    for (const { requirement, auth, how } of CASES) {
      // Against a server with an auth hole, a mutating call could change data: skipped under READ_ONLY.
      check(
        checkIdOf('auth', requirement.replace(/^AUTH-/, ''), endpoint.key),
        [requirement, 'AUTH-DETAILS-HEADER'],
        `${endpoint.key} ${how} is rejected with UNAUTHENTICATED`,
        async (t) => {
          await expectRefused(
            t,
            endpoint,
            requirement,
            { ...sampleRequest(endpoint, t.name('auth probe')), auth },
            how,
          );
        },
        { writes: endpoint.writes },
      );
    }
  }

  for (const writes of [false, true]) {
    const endpoints = SECURED.filter((e) => e.writes === writes);
    check(
      checkIdOf('auth.missing-key', 'any-accept', writes ? 'writes' : 'reads'),
      ['AUTH-MISSING-KEY'],
      `without ${API_KEY_HEADER}, every endpoint that ${writes ? 'writes' : 'reads'} asked with Accept: ${ANY_ACCEPT.join(', ')} (one each, in turn) is refused (a 4xx, or a redirect away), never served nor failed on`,
      async (t) => {
        for (const [i, endpoint] of endpoints.entries()) {
          const accept = ANY_ACCEPT[i % ANY_ACCEPT.length]!;
          const call = await t.call(endpoint.key, {
            ...sampleRequest(endpoint, t.name('auth probe')),
            auth: 'none',
            headers: { accept },
          });
          // Any 4xx: a server may refuse a form it does not serve (406) before it reads the key; a gateway may send a
          // browser's request (text/html) to its sign-in page (3xx). Never served (2xx), never failed on (5xx).
          t.assert(
            call.response.status >= 300 && call.response.status < 500,
            ['AUTH-MISSING-KEY'],
            `${endpoint.key} without ${API_KEY_HEADER}, with Accept: ${accept}, should be refused, but answered ${call.response.status}`,
            call,
          );
        }
      },
      { writes },
    );
  }

  for (const [i, shape] of INVALID_KEY_SHAPES.entries()) {
    for (const writes of [false, true]) {
      const kind = SECURED.filter((e) => e.writes === writes);
      const endpoints = shape.once ? kind.slice(0, 1) : kind;
      check(
        checkIdOf('auth.invalid-key', `shape-${i + 1}`, writes ? 'writes' : 'reads'),
        ['AUTH-INVALID-KEY', 'AUTH-DETAILS-HEADER'],
        `${shape.what} is rejected with UNAUTHENTICATED on ${shape.once ? `one endpoint (${endpoints[0]!.key})` : 'every endpoint'} that ${writes ? 'writes' : 'reads'}`,
        async (t) => {
          const made = shape.of(t.config.apiKey ?? '');
          if (made === undefined) return t.skip(`${shape.what} cannot be made from the configured key`);
          // Made from the valid key, it would show most of it: it is redacted like the key.
          const key = t.secret(made);
          for (const endpoint of endpoints) {
            await expectRefused(
              t,
              endpoint,
              'AUTH-INVALID-KEY',
              { ...sampleRequest(endpoint, t.name('auth probe')), auth: { key } },
              `with ${shape.what}`,
            );
          }
        },
        { writes },
      );
    }
  }

  for (const endpoint of SECURED) {
    const faults = otherFaults(endpoint);
    if (!faults.length) continue;
    const [first] = faults as [(typeof faults)[number]];
    check(
      checkIdOf('auth.key-first', endpoint.key),
      ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY', 'AUTH-DETAILS-HEADER'],
      `${endpoint.key} with a wrong key and ${faults.map((f) => f.what).join(', or ')}, or without a key and ${first.what}, is rejected with UNAUTHENTICATED: the key comes first`,
      async (t) => {
        for (const { what, probe } of faults)
          await expectRefused(
            t,
            endpoint,
            'AUTH-INVALID-KEY',
            { ...probe, auth: { key: WRONG_KEY } },
            `with a wrong key and ${what}`,
          );
        // A missing key may be checked on its own path (a required header parameter, validated with the others): it comes first too.
        await expectRefused(
          t,
          endpoint,
          'AUTH-MISSING-KEY',
          { ...first.probe, auth: 'none' },
          `without ${API_KEY_HEADER} and with ${first.what}`,
        );
      },
      { writes: endpoint.writes },
    );
  }

  for (const writes of [false, true]) {
    const endpoints = SECURED.filter((e) => e.writes === writes);
    check(
      checkIdOf('auth.key-elsewhere', writes ? 'writes' : 'reads'),
      ['AUTH-MISSING-KEY', 'AUTH-DETAILS-HEADER'],
      `the valid key offered anywhere but ${API_KEY_HEADER} (a bearer token, the query, a cookie) is rejected with UNAUTHENTICATED on every endpoint that ${writes ? 'writes' : 'reads'}`,
      async (t) => {
        const key = t.config.apiKey;
        if (key === undefined) return t.skip('needs API_KEY: the valid key is what is offered in the wrong places');
        // The query carries it URL-encoded: redacted in that form too.
        t.secret(encodeURIComponent(key));
        const elsewhere = { authorization: `Bearer ${key}`, cookie: `api_key=${encodeURIComponent(key)}` };
        for (const endpoint of endpoints) {
          const request = sampleRequest(endpoint, t.name('auth probe'));
          await expectRefused(
            t,
            endpoint,
            'AUTH-MISSING-KEY',
            { ...request, auth: 'none', headers: elsewhere, query: { api_key: key } },
            `with the valid key as a bearer token, a query parameter and a cookie, but no ${API_KEY_HEADER}`,
          );
        }
      },
      { writes },
    );
  }

  for (const writes of [false, true]) {
    const endpoints = SECURED.filter((e) => e.writes === writes);
    check(
      checkIdOf('auth.public-path-in-query', writes ? 'writes' : 'reads'),
      ['AUTH-MISSING-KEY', 'AUTH-DETAILS-HEADER'],
      `without ${API_KEY_HEADER}, a request whose query names the public paths (${PUBLIC_PATHS_QUERY}) is rejected with UNAUTHENTICATED on every endpoint that ${writes ? 'writes' : 'reads'}: only the paths themselves are public`,
      async (t) => {
        for (const endpoint of endpoints) {
          // Sent as written: the query the client builds escapes every slash.
          const exchange = await t.send(
            { method: endpoint.method, path: `${endpoint.path}?${PUBLIC_PATHS_QUERY}` },
            { ...sampleRequest(endpoint, t.name('auth probe')), auth: 'none' },
          );
          t.expectRejection(
            { ...exchange, endpoint },
            ['AUTH-MISSING-KEY'],
            REFUSED,
            `${endpoint.key} without ${API_KEY_HEADER}, its query naming the public paths`,
          );
        }
      },
      { writes },
    );
  }

  // The key guards the request, whatever form its target is written in: a key middleware that reads the target as sent
  // (`req.url`) while the router reads it parsed and normalised lets through what it did not recognise.
  for (const writes of [false, true]) {
    const endpoints = SECURED.filter((e) => e.writes === writes);
    check(
      checkIdOf('auth.request-target-forms', writes ? 'writes' : 'reads'),
      ['AUTH-MISSING-KEY'],
      `without ${API_KEY_HEADER}, every endpoint that ${writes ? 'writes' : 'reads'} asked in absolute form (\`${endpoints[0]?.method} http://host${endpoints[0]?.path}\`, RFC 9112 3.2.2), and with a dot segment (\`/v1/openapi/../\`) or a doubled slash (\`/v1//\`) in its path (in turn), is never answered with success: refused or not found`,
      async (t) => {
        for (const [index, endpoint] of endpoints.entries()) {
          const form = TARGET_FORMS[index % TARGET_FORMS.length]!;
          for (const { what, targetForm, path } of [
            { what: 'in absolute form', targetForm: 'absolute-form' as const, path: endpoint.path },
            { what: form.what, targetForm: 'origin-form' as const, path: form.of(endpoint.path) },
          ]) {
            const exchange = await t.send(
              { method: endpoint.method, path },
              { ...sampleRequest(endpoint, t.name('auth probe')), auth: 'none', targetForm },
            );
            const { status } = exchange.response;
            t.assert(
              status < 200 || status >= 300,
              ['AUTH-MISSING-KEY'],
              `${endpoint.key} without ${API_KEY_HEADER}, ${what}, answered ${status}: the key guards every form of the request target`,
              exchange,
            );
          }
        }
      },
      { writes },
    );
  }

  check(
    'auth.genuine-page-token',
    ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY', 'AUTH-DETAILS-HEADER'],
    `every list asked for its next page with a genuine page_token, ${CASES.map((c) => c.how).join(' or ')}, is rejected with UNAUTHENTICATED: a token the service gave is no credential`,
    async (t) => {
      let judged = 0;
      for (const list of LIST_ENDPOINTS) {
        // The metrics of the simulation with the most outputs; none to list where no run names one.
        const simulation = list.id === 'metrics' ? await busiestSimulation(t) : undefined;
        if (list.id === 'metrics' && !simulation) continue;
        const params: Record<string, string> = simulation ? { simulation_id: simulation.simulationId } : {};
        const collection = { list, params };
        const first = await requestPage(t, collection, { page_size: 1 });
        const token = isSuccess(first) && isJsonObject(first.response.json) ? nextTokenOf(first.response.json) : null;
        if (!token) continue;
        judged++;
        for (const { requirement, auth, how } of CASES) {
          const call = await t.call(`GET ${collection.list.path}` as EndpointKey, {
            params: collection.params,
            query: { page_size: 1, page_token: token },
            auth,
          });
          t.expectRejection(
            call,
            [requirement],
            REFUSED,
            `GET ${collection.list.path} with a genuine page_token, ${how}`,
          );
        }
      }
      if (!judged) t.skip('no list gave a next_page_token at page_size 1 (each holds one item or none)');
    },
  );

  for (const writes of [false, true]) {
    const endpoints = SECURED.filter((e) => e.writes === writes);
    check(
      checkIdOf('auth.headers-beside-key', writes ? 'writes' : 'reads'),
      ['AUTH-MISSING-KEY', 'AUTH-INVALID-KEY', 'AUTH-DETAILS-HEADER'],
      `without ${API_KEY_HEADER} or with a wrong one, a request carrying ${HEADERS_BESIDE_KEY.map((h) => h.what).join(', ')} (each alone on one endpoint, all together on every endpoint that ${writes ? 'writes' : 'reads'}) is rejected with UNAUTHENTICATED`,
      async (t) => {
        // A skip for any one header is seen where they come together; each alone once shows which one it was.
        for (const endpoint of endpoints)
          for (const beside of endpoint === endpoints[0]
            ? [...HEADERS_BESIDE_KEY, ALL_HEADERS_BESIDE_KEY]
            : [ALL_HEADERS_BESIDE_KEY])
            for (const { requirement, auth, how } of CASES) {
              const request = sampleRequest(endpoint, t.name('auth probe'));
              await expectRefused(
                t,
                endpoint,
                requirement,
                { ...request, auth, headers: beside.of(endpoint.method) },
                `${how} and with ${beside.what}`,
              );
            }
      },
      { writes },
    );
  }

  check(
    'auth.valid-key-http-forms.reads',
    ['AUTH-MISSING-KEY'],
    `the valid key under ${KEY_HEADER_CASES.join(', ')} (the header name in other letter cases), or with blanks around it, is accepted on every endpoint that reads: HTTP makes those the key`,
    async (t) => {
      const valid = t.config.apiKey;
      if (valid === undefined) return t.skip('needs API_KEY: the valid key is what is sent in each form');
      const forms = [
        ...KEY_HEADER_CASES.map((keyHeader) => ({ what: `under \`${keyHeader}\``, spec: { keyHeader } })),
        ...KEY_BLANKS.map((blanked) => ({
          what: 'with blanks around it',
          spec: { auth: { key: t.secret(blanked(valid)) } },
        })),
      ];
      for (const endpoint of SECURED.filter((e) => !e.writes)) {
        for (const { what, spec } of forms) {
          const call = await t.call(endpoint.key, { ...sampleRequest(endpoint, t.name('auth probe')), ...spec });
          const body = call.response.json;
          const code = isErrorBody(body) ? body.error.code : undefined;
          t.assert(
            call.response.status !== 401 && code !== ERROR_CODES.unauthenticated,
            ['AUTH-MISSING-KEY'],
            `${endpoint.key} with the valid key ${what} was refused (${call.response.status}${code === undefined ? '' : ` ${String(code)}`}): a header name is case-insensitive, and blanks around a value are not part of it`,
            call,
          );
        }
      }
    },
  );
  // The key is judged on every request, whatever the connection saw before: a keep-alive connection carries these
  // requests one after another (EvoMaster's rule for refusals too: one leaves no trace).
  check(
    'auth.key-judged-per-request.reads',
    ['AUTH-INVALID-KEY'],
    `on every endpoint that reads, requests one after another: the valid key served, then a wrong ${API_KEY_HEADER} refused, then the valid key served again (twice)`,
    async (t) => {
      if (t.config.apiKey === undefined) return t.skip('needs API_KEY: the valid key is sent around the wrong one');
      for (const endpoint of SECURED.filter((e) => !e.writes)) {
        const request = sampleRequest(endpoint, t.name('auth probe'));
        const expectServed = async (when: string) => {
          const call = await t.call(endpoint.key, request);
          const body = call.response.json;
          const code = isErrorBody(body) ? body.error.code : undefined;
          t.assert(
            call.response.status !== 401 && code !== ERROR_CODES.unauthenticated,
            ['AUTH-INVALID-KEY'],
            `${endpoint.key} with the valid key ${when} was refused (${call.response.status}${code === undefined ? '' : ` ${String(code)}`}): a refusal must leave no trace`,
            call,
          );
        };
        await expectServed('before a wrong one');
        await expectRefused(
          t,
          endpoint,
          'AUTH-INVALID-KEY',
          { ...request, auth: { key: WRONG_KEY } },
          'with a wrong key, right after the valid one was served',
        );
        await expectServed('right after a refused wrong key');
        await expectServed('twice after a refused wrong key');
      }
    },
  );

  // A mutation is the one resource the suite deletes without a fixture; persona, run and scheduled run rows are
  // declared with their deletions (suites/personas, runs, scheduled-runs).
  declareKeyOnDeletedCheck(
    'auth.deleted-key-required.mutation',
    'a mutation',
    { get: `GET ${MUTATION}` satisfies EndpointKey, delete: `DELETE ${MUTATION}` satisfies EndpointKey },
    async (t) => {
      const agentId = await t.mutations.parent();
      const { mutation } = await t.mutations.create(
        agentId,
        {},
        ['MUTATION-CREATE'],
        'creating the mutation to delete',
      );
      const params = { agent_id: agentId, mutation_id: String(mutation['id']) };
      const deletion = await t.call(`DELETE ${MUTATION}`, { params });
      t.expectSuccess(deletion, ['MUTATION-DELETE-IDEMPOTENT'], 'deleting the mutation');
      return { params };
    },
    { writes: true },
  );
});

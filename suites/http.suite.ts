// HTTP beyond the happy path, on every endpoint of the contract: content negotiation (an Accept a JSON answer
// satisfies, or an offered content coding, changes nothing), and the error envelope on a body labelled as something other than JSON. (A path or
// method outside the contract is not judged: the specification's errors are its endpoints'.) The writes with a body ask for
// their answer in the Accept forms too, in their own suites (bodyFormsCheck), where their resources are made.
// Other formats, another charset and, on every GET, conditions no answer meets: otherFormsCheck. Headers that ask
// nothing of a GET's answer (a language and a User-Agent in their valid forms, a balancer's cookie, a trace context,
// forwarding, a method override): neutralHeadersCheck, and on the published document in each form,
// neutralHeadersDocumentCheck. If-Modified-Since before the last change, in every date form, and values that are no
// date, on every GET: ifModifiedSinceCheck. The same headers on a few writes and a refusal: neutralHeadersWriteCheck.
// Each kind of answer framed exactly, read from the bytes on one keep-alive connection: answersFramedCheck; each kind
// of GET sent as HTTP/1.0, answered without Transfer-Encoding: http10AnswersCheck. Each kind of create sent with
// Expect: 100-continue, answered as without it: expectContinueCheck (the dashboard's rename in its own suite).

import { ENDPOINTS, type EndpointKey } from '../lib/contract/endpoints.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { isDeepStrictEqual } from 'node:util';
import { expectErrorEnvelope, isSuccess } from '../lib/assert/responses.js';
import {
  acceptFormsCheck,
  codedWith,
  CONTENT_CODINGS,
  otherFormsCheck,
  UNCODED_OFFERS,
} from '../lib/families/negotiation.js';
import {
  BALANCER_COOKIE,
  LANGUAGES,
  neutralHeadersCheck,
  neutralHeadersDocumentCheck,
  neutralHeadersWriteCheck,
  otherFormConditionalCheck,
  USER_AGENTS,
} from '../lib/families/neutral-headers.js';
import { ifModifiedSinceCheck } from '../lib/families/conditional.js';
import { sampleBody, sampleParams } from '../lib/gen/requests.js';
import { parseListing } from '../lib/published/listing.js';
import { metricOutputs, personas, simulationIds } from '../lib/harness/discovery.js';
import { check, describeGroup, type CallSpec, type CheckContext } from '../lib/harness/index.js';
import { answersFramedCheck, http10AnswersCheck } from '../lib/families/message-framing.js';
import { expectContinueCheck } from '../lib/families/expect-continue.js';

/** The document endpoint's form is what Accept chooses: the specification suite judges it. */
const DOCUMENT = 'GET /v1/openapi/{spec_name}' satisfies EndpointKey;
const DOCUMENT_ENDPOINT = ENDPOINTS.find((e) => e.key === DOCUMENT)!;

/** Text beyond ASCII in the answers of the agent and mutation reads: a charset other than UTF-8 would show in it. */
const LATIN = 'Café Zürich';

/** This check's own agent, made once per target (agents cannot be deleted). */
const agentId = (t: CheckContext): Promise<string> =>
  t.memo('http: agent', (ctx) => ctx.mutations.newParent({ prompt: `base prompt, ${LATIN}` }));

async function mutationParams(t: CheckContext): Promise<CallSpec> {
  const agent_id = await agentId(t);
  const { mutation } = await t.mutations.create(agent_id, { description: LATIN });
  return { params: { agent_id, mutation_id: String(mutation['id']) } };
}

async function simulationId(t: CheckContext): Promise<string> {
  const [id] = await simulationIds(t);
  return id ?? t.skip('no run lists a simulation in results.output_ids');
}

/** Real IDs for the reads (fixtures, resources made here); a DELETE of what no check may remove names nothing. */
const REQUESTS: { readonly [K in EndpointKey]?: (t: CheckContext) => Promise<CallSpec> } = {
  'GET /v1/agents/{agent_id}': async (t) => ({ params: { agent_id: await agentId(t) } }),
  'GET /v1/agents/{agent_id}/mutations/{mutation_id}': mutationParams,
  // Deleting a deleted mutation succeeds too: one mutation answers every form.
  'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}': mutationParams,
  'GET /v1/personas/{persona_id}': async (t) => {
    const persona = (await personas(t)).find((p) => p['id'] !== t.config.deletablePersonaId);
    return persona ? { params: { persona_id: String(persona['id']) } } : t.skip('no persona is listed');
  },
  'GET /v1/simulations/{simulation_id}/metrics': async (t) => ({
    params: { simulation_id: await simulationId(t) },
  }),
  'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}': async (t) => {
    const simulation_id = await simulationId(t);
    const [output] = await metricOutputs(t, simulation_id);
    return output
      ? { params: { simulation_id, metric_output_id: String(output['metric_output_id']) } }
      : t.skip(`simulation ${simulation_id} lists no metric output`);
  },
  'GET /v1/scheduled-runs/{scheduled_run_id}': async (t) => ({
    params: { scheduled_run_id: t.config.scheduledRunId as string },
  }),
};

/** Each GET's own rule: what a 304 Not Modified with no body withholds (a list's page: its items). */
const GET_RULES: { readonly [K in EndpointKey]?: RequirementId } = {
  'GET /v1/openapi': 'SPEC-LISTING',
  'GET /v1/agents/{agent_id}': 'AGENT-GET',
  'GET /v1/agents/{agent_id}/mutations/{mutation_id}': 'MUTATION-GET',
  'GET /v1/personas': 'LIST-PAGINATION-COMPLETE',
  'GET /v1/personas/{persona_id}': 'PERSONA-GET',
  'GET /v1/personas/phone-numbers': 'PERSONA-PHONE-NUMBERS',
  'GET /v1/runs': 'LIST-PAGINATION-COMPLETE',
  'GET /v1/simulations/{simulation_id}/metrics': 'LIST-PAGINATION-COMPLETE',
  'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}': 'METRIC-GET',
  'GET /v1/scheduled-runs/{scheduled_run_id}': 'SCHEDULED-RUN-GET',
};

/** What a request gets back. */
type Exchange = Awaited<ReturnType<CheckContext['send']>>;

/** An error answer, whatever its status, in the error envelope; a success is not judged here. */
function expectEnvelopeIfError(t: CheckContext, ex: Exchange): void {
  if (ex.response.status < 400) return;
  expectErrorEnvelope(ex);
  t.verified.add('ERROR-ENVELOPE');
}

describeGroup('http', () => {
  for (const endpoint of ENDPOINTS) {
    if (endpoint.key === DOCUMENT || sampleBody(endpoint, '') !== undefined) continue;
    const request = REQUESTS[endpoint.key] ?? (async () => ({ params: sampleParams(endpoint) }));
    acceptFormsCheck({
      endpoint,
      request,
      // Every coding a client may offer, on every endpoint: a compression filter may be put on some routes only.
      codings: CONTENT_CODINGS,
      options: {
        writes: endpoint.writes,
        ...(endpoint.key === 'GET /v1/scheduled-runs/{scheduled_run_id}' ? { needs: ['scheduledRunId'] } : {}),
      },
    });
  }

  // The document endpoint's JSON form is one answer more a content coding may carry.
  check(
    'http.content-coding.openapi-spec',
    ['RESPONSE-ACCEPT-JSON'],
    `each listed spec asked for as JSON with ${CONTENT_CODINGS.map((c) => `Accept-Encoding: ${c}`).join(', ')} is the JSON document it is without, not coded or labelled with the coding it has; then with an offer leaving identity alone acceptable (${UNCODED_OFFERS.join('; ')}, in turn), the same document uncoded`,
    async (t) => {
      const listing = await t.call('GET /v1/openapi', { auth: 'none' });
      const specs = isSuccess(listing) ? parseListing(listing.response.json) : [];
      let judged = 0;
      for (const { specName } of specs) {
        const get = (headers: CallSpec['headers']) =>
          t.call(DOCUMENT, {
            params: { spec_name: specName },
            auth: 'none',
            headers: { accept: 'application/json', ...headers },
          });
        const plain = await get({});
        // A spec not served as JSON is the specification suite's to judge.
        if (!isSuccess(plain) || plain.response.json === undefined) continue;
        judged++;
        for (const coding of CONTENT_CODINGS) {
          const coded = await get({ 'accept-encoding': coding });
          t.assert(
            isDeepStrictEqual(coded.response.json, plain.response.json),
            ['RESPONSE-ACCEPT-JSON'],
            `${specName} asked for with Accept-Encoding: ${coding} is not the JSON document it is without, decoded as labelled (Content-Encoding: ${coded.response.headers['content-encoding'] ?? 'none'})`,
            coded,
          );
        }
        // After the coded answers, a request leaving identity alone acceptable: answered for its own headers, uncoded.
        const offer = UNCODED_OFFERS[judged % UNCODED_OFFERS.length]!;
        const uncoded = await get({ 'accept-encoding': offer });
        t.assert(
          !codedWith(uncoded).length && isDeepStrictEqual(uncoded.response.json, plain.response.json),
          ['RESPONSE-ACCEPT-JSON'],
          `${specName} asked for with Accept-Encoding: ${offer}, after requests offering ${CONTENT_CODINGS.join(', ')}, is ${codedWith(uncoded).length ? `labelled Content-Encoding: ${codedWith(uncoded).join(', ')}, a coding that offer leaves unacceptable (RFC 9110 12.5.3)` : 'not the JSON document it is without'}`,
          uncoded,
        );
      }
      if (!judged) t.skip('no listed spec is served as JSON (the specification suite judges that)');
    },
  );

  for (const endpoint of ENDPOINTS) {
    if (endpoint.key === DOCUMENT || sampleBody(endpoint, '') !== undefined) continue;
    otherFormsCheck(
      {
        endpoint,
        request: REQUESTS[endpoint.key] ?? (async () => ({ params: sampleParams(endpoint) })),
        options: {
          writes: endpoint.writes,
          ...(endpoint.key === 'GET /v1/scheduled-runs/{scheduled_run_id}' ? { needs: ['scheduledRunId'] } : {}),
        },
      },
      { rule: GET_RULES[endpoint.key] },
    );
  }
  // Headers that ask nothing of a GET's answer, on every GET; method overrides on the resources this suite made.
  const OWN: ReadonlySet<EndpointKey> = new Set([
    'GET /v1/agents/{agent_id}',
    'GET /v1/agents/{agent_id}/mutations/{mutation_id}',
  ]);
  /** A GET, its own rule and the request of it each family over the GETs sends. */
  const getTarget = (endpoint: (typeof ENDPOINTS)[number]) => ({
    endpoint,
    rule: GET_RULES[endpoint.key]!,
    request: REQUESTS[endpoint.key] ?? (async () => ({ params: sampleParams(endpoint) })),
    own: OWN.has(endpoint.key),
    ...(endpoint.key === 'GET /v1/scheduled-runs/{scheduled_run_id}'
      ? { options: { needs: ['scheduledRunId'] as const } }
      : {}),
  });
  for (const [turn, endpoint] of ENDPOINTS.filter((e) => GET_RULES[e.key]).entries())
    neutralHeadersCheck(getTarget(endpoint), turn);

  // Conditional GETs: If-Modified-Since before the last change in every form a client writes, and values no date.
  for (const endpoint of ENDPOINTS.filter((e) => GET_RULES[e.key])) ifModifiedSinceCheck(getTarget(endpoint));

  // The same headers on writes and refusals: a few writes, each with the forms whose kind its answer could meet (numbers
  // written under a locale, an enumeration matched under a language's case rules, field names in a refusal), and on
  // each a language's wildcard or a bare product, and a balancer's cookie (a session's CSRF check is no key's).
  neutralHeadersWriteCheck({
    key: 'agent-create',
    rules: ['AGENT-CREATE', 'AGENT-MODEL-TYPE'],
    what: 'a MODEL_TYPE_VOICE agent created',
    forms: [LANGUAGES.turkish, LANGUAGES.any, USER_AGENTS.bare, BALANCER_COOKIE],
    prepare: async (t) => (headers) => t.agents.send({ model_type: 'MODEL_TYPE_VOICE' }, { headers }),
    options: { writes: true },
  });
  neutralHeadersWriteCheck({
    key: 'mutation-create',
    rules: ['MUTATION-CREATE', 'MUTATION-PARAMETER-VALUES-DERIVED'],
    what: 'a mutation created overriding numbers (0.5, 1500), its parameter_values derived',
    forms: [LANGUAGES.german, LANGUAGES.weighted, USER_AGENTS.products, BALANCER_COOKIE],
    prepare: async (t) => {
      const parent = await t.mutations.newParent({ workflows: { temperature: 0.7, max_turns: 12 } });
      return (headers) =>
        t.mutations.send(
          parent,
          { config_overrides: { workflows: { temperature: 0.5, max_turns: 1500 } } },
          { headers },
        );
    },
    options: { writes: true },
  });
  neutralHeadersWriteCheck({
    key: 'test-case-create',
    rules: ['TESTCASE-CREATE'],
    what: 'a test case created',
    forms: [LANGUAGES.french, LANGUAGES.any, USER_AGENTS.bare, BALANCER_COOKIE],
    prepare: async (t) => (headers) => t.testCases.send({}, undefined, { headers }),
    options: { writes: true },
  });
  neutralHeadersWriteCheck({
    key: 'test-case-refused',
    rules: ['ERROR-DETAILS-FIELD', 'TESTCASE-INPUT-STR'],
    what: 'a test case without input_str refused',
    forms: [LANGUAGES.french, LANGUAGES.turkish, LANGUAGES.weighted, USER_AGENTS.bare, BALANCER_COOKIE],
    prepare: async (t) => (headers) => t.testCases.send({ input_str: undefined }, undefined, { headers }),
    options: { writes: true },
  });

  // The document in both forms, each with every neutral header: Accept alone chooses the form.
  const firstDocument = async (t: CheckContext): Promise<CallSpec> => {
    const listing = await t.call('GET /v1/openapi', { auth: 'none' });
    const [spec] = isSuccess(listing) ? parseListing(listing.response.json) : [];
    return spec
      ? { params: { spec_name: spec.specName }, auth: 'none' }
      : t.skip('the listing names no spec (see SPEC-LISTING)');
  };
  neutralHeadersDocumentCheck(DOCUMENT_ENDPOINT, firstDocument);
  // The ETag of one form never validates the other.
  otherFormConditionalCheck(DOCUMENT_ENDPOINT, firstDocument);

  // The document in its JSON form: Accept chooses it, so only the charset and the conditions are varied.
  otherFormsCheck(
    {
      endpoint: DOCUMENT_ENDPOINT,
      request: async (t) => {
        const listing = await t.call('GET /v1/openapi', { auth: 'none' });
        const [spec] = parseListing(listing.response.json);
        return spec
          ? { params: { spec_name: spec.specName }, auth: 'none', headers: { accept: 'application/json' } }
          : t.skip('the listing names no spec (see SPEC-LISTING)');
      },
    },
    { rule: 'SPEC-FETCHABLE', acceptChoosesForm: true },
  );
  ifModifiedSinceCheck({
    endpoint: DOCUMENT_ENDPOINT,
    rule: 'SPEC-FETCHABLE',
    request: async (t) => ({ ...(await firstDocument(t)), headers: { accept: 'application/json' } }),
  });

  answersFramedCheck(agentId);
  http10AnswersCheck(agentId);
  expectContinueCheck();

  const envelope: RequirementId[] = ['ERROR-ENVELOPE'];
  check(
    'http.error-envelope.not-json',
    envelope,
    'a body labelled text/plain (holding an empty JSON object) on every write with a body: read, or refused with an error in the error envelope (any status)',
    async (t) => {
      // Every write with a body, the PATCH too (its made-up dashboard_id names nothing: a lookup's NOT_FOUND is enveloped as well).
      for (const endpoint of ENDPOINTS.filter((e) => sampleBody(e, '') !== undefined)) {
        const call = await t.call(endpoint.key, {
          params: sampleParams(endpoint),
          rawBody: '{}',
          headers: { 'content-type': 'text/plain' },
        });
        expectEnvelopeIfError(t, call);
      }
    },
    { writes: true },
  );
});

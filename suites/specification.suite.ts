// The specification endpoints: a public listing of spec_name values with URLs, each
// spec served as YAML by default and JSON on request, the same valid OpenAPI document
// either way, together documenting every endpoint as requiring X-API-Key.

import { isDeepStrictEqual } from 'node:util';
import { ENDPOINTS } from '../lib/contract/endpoints.js';
import { check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import { API_KEY_HEADER, CONVENTIONAL_ERRORS, ERROR_CODES } from '../lib/contract/enums.js';
import {
  compareForms,
  coverage,
  indexOperations,
  MERGE_KEYS_NOTE,
  parseForm,
  parseListing,
  securityProblems,
  validateForm,
  type DocumentedOperation,
  type FormsComparison,
  type ListedSpec,
  type OperationIndex,
  type PublishedYaml,
} from '../lib/published/index.js';
import { deref } from '../lib/published/refs.js';
import { isJsonObject } from '../lib/util/json.js';
import { expectErrorLabelledJson, isErrorBody } from '../lib/assert/responses.js';
import { followListed } from '../lib/families/published/listed-url.js';
import { causeLine, schemaCauses } from '../lib/families/published/schema-keywords.js';
import { declareExtremeIdChecks } from '../lib/families/path-ids.js';

const YAML_TYPES = /^(application\/(x-)?yaml|text\/(x-)?yaml)\b/i;
const JSON_TYPES = /^application\/([\w.+-]+\+)?json\b/i;

/** Forms of Host a client reaching the target may send: an IPv6 literal (bracketed), the host in capitals. */
const HOST_FORMS: readonly { readonly what: string; readonly host: (target: URL) => string }[] = [
  { what: 'an IPv6 literal (`Host: [::1]:<port>`)', host: (target) => `[::1]${target.port ? `:${target.port}` : ''}` },
  { what: 'the host name in capitals', host: (target) => target.host.toUpperCase() },
];

/** Queries that ask nothing of the answer: a version and a timestamp cache buster. */
const CACHE_BUSTERS: readonly Record<string, string>[] = [{ v: '2' }, { _: '1767225600000' }];

/** An absolute http(s) URL, or a reference that resolves against the target. */
const parsesAsUrl = (url: string | null | undefined, target: URL): boolean =>
  !!url && URL.canParse(url, target) && /^https?:$/.test(new URL(url, target).protocol);

async function listing(t: CheckContext): Promise<{ call: Call; specs: ListedSpec[] }> {
  const call = await t.call('GET /v1/openapi', { auth: 'none' });
  // The listing's shape is not shown (an object or an array): only success and JSON are required.
  const { status, json } = call.response;
  t.assert(
    status >= 200 && status < 300,
    ['SPEC-LISTING', 'AUTH-SPEC-PUBLIC'],
    `listing the specs without a key answered ${status}`,
    call,
  );
  t.assert(json !== undefined, ['SPEC-LISTING'], 'the listing is not JSON', call);
  return { call, specs: parseListing(json) };
}

/** Listed specs; a check that needs some skips when the listing has none (SPEC-LISTING reports that). */
async function listedSpecs(t: CheckContext): Promise<ListedSpec[]> {
  const { specs } = await listing(t);
  if (!specs.length) t.skip('the listing names no spec (see SPEC-LISTING)');
  return specs;
}

/** GET of one spec with this Accept header (null: none at all). */
const fetchSpec = (t: CheckContext, specName: string, accept: string | null): Promise<Call> =>
  t.call('GET /v1/openapi/{spec_name}', { params: { spec_name: specName }, auth: 'none', headers: { accept } });

/**
 * A spec that answers 2xx in the given form, with a reader of its body (YAML with merge
 * keys applied: lib/published/yaml.ts); undefined when not served (SPEC-FETCHABLE's concern).
 * The YAML form is the default, asked for without an Accept header (Accept of any media type takes either form).
 */
async function served(
  t: CheckContext,
  specName: string,
  form: 'yaml' | 'json',
): Promise<{ call: Call; read(): PublishedYaml } | undefined> {
  const call = await fetchSpec(t, specName, form === 'json' ? 'application/json' : null);
  if (call.response.status < 200 || call.response.status >= 300) return undefined;
  return { call, read: () => parseForm(call.response.text, form) };
}

/** The suite's own mark, made longer until no listed name is it. */
function unlistedName(specs: ListedSpec[]): string {
  const names = new Set(specs.map((spec) => spec.specName));
  let unlisted = 'cft-no-such-spec';
  while (names.has(unlisted)) unlisted += '-x';
  return unlisted;
}

/** Why a check of the served forms judged nothing: SPEC-FETCHABLE reports specs that are not served. */
const NONE_SERVED = 'no listed spec was served (see SPEC-FETCHABLE)';

/** A served form with its document, when it reads. */
function readable(
  form: Awaited<ReturnType<typeof served>>,
): { form: NonNullable<typeof form>; doc: PublishedYaml } | undefined {
  if (!form) return undefined;
  try {
    return { form, doc: form.read() };
  } catch {
    return undefined;
  }
}

/** Why a check of the documents judged nothing: no form of any listed spec was served in a form that reads. */
const NONE_READABLE =
  'no listed spec was served in a readable form (see SPEC-FETCHABLE, SPEC-JSON-ON-REQUEST, SPEC-YAML-DEFAULT)';

/**
 * Each listed spec's document as `judge` reads it: the JSON form, else the YAML form (one document:
 * SPEC-SAME-DOCUMENT), the first served that reads; skips when none does.
 */
async function eachDocument(
  t: CheckContext,
  judge: (spec: ListedSpec, found: NonNullable<ReturnType<typeof readable>>) => Promise<void> | void,
): Promise<void> {
  let judged = 0;
  for (const spec of await listedSpecs(t)) {
    const found = readable(await served(t, spec.specName, 'json')) ?? readable(await served(t, spec.specName, 'yaml'));
    if (!found) continue;
    judged++;
    await judge(spec, found);
  }
  if (!judged) t.skip(NONE_READABLE);
}

/** The JSON form of every listed spec that parses; the documents the coverage checks read. */
async function documents(t: CheckContext): Promise<unknown[]> {
  const docs: unknown[] = [];
  for (const spec of await listedSpecs(t)) {
    const json = await served(t, spec.specName, 'json');
    try {
      if (json) docs.push(json.read().document);
    } catch {
      // Not JSON: SPEC-JSON-ON-REQUEST reports it.
    }
  }
  if (!docs.length) t.skip('no listed spec could be read as JSON (see SPEC-FETCHABLE, SPEC-JSON-ON-REQUEST)');
  return docs;
}

/**
 * Whether the operation documents the key as a required `X-API-Key` header parameter (its own or its
 * path's): the requirement written as a parameter, as FastAPI's Header() writes it, not as a scheme.
 */
function keyAsRequiredParameter(operation: DocumentedOperation): boolean {
  const paths = operation.document['paths'];
  const item = isJsonObject(paths)
    ? Object.values(paths).find((entry) => isJsonObject(entry) && Object.values(entry).includes(operation.operation))
    : undefined;
  const listed = [operation.operation['parameters'], isJsonObject(item) ? item['parameters'] : undefined].flatMap(
    (list) => (Array.isArray(list) ? list : []),
  );
  return listed
    .map((parameter) => deref(operation.document, parameter))
    .some(
      (parameter) =>
        isJsonObject(parameter) &&
        parameter['in'] === 'header' &&
        parameter['required'] === true &&
        String(parameter['name']).toLowerCase() === API_KEY_HEADER.toLowerCase(),
    );
}

/** The endpoints whose documented security is judged: a secured one that requires the key as a header parameter documents it already. */
const securityJudged = (index: OperationIndex) =>
  ENDPOINTS.filter((endpoint) => {
    const operation = endpoint.public ? undefined : index.find(endpoint.method, endpoint.path);
    return !operation || !keyAsRequiredParameter(operation);
  });

/**
 * Accept headers read by HTTP content negotiation (RFC 9110 12.5.1: media types are case-insensitive, q weighs
 * preference, a range matches every type it covers): `json` where JSON is the form the client prefers among the two
 * served, `either` where it accepts both alike.
 */
const ACCEPT_FORMS: ReadonlyArray<{ readonly accept: string; readonly gets: 'json' | 'either' }> = [
  { accept: 'Application/JSON', gets: 'json' },
  { accept: 'application/json; charset=utf-8', gets: 'json' },
  { accept: 'application/json;q=0.9, application/yaml;q=0.1', gets: 'json' },
  { accept: 'application/json, text/html', gets: 'json' },
  { accept: 'text/html;q=0.9, application/json', gets: 'json' },
  { accept: 'application/yaml;q=0, application/json', gets: 'json' },
  { accept: 'application/yaml;q=0.9, application/json', gets: 'json' },
  { accept: '*/*', gets: 'either' },
  { accept: 'application/*', gets: 'either' },
  { accept: '*/*;q=0.8', gets: 'either' },
];

/**
 * Accept headers that ask for the YAML form by its name and not for JSON (`yaml`: RFC 9110 12.5.1, as for
 * ACCEPT_FORMS), and a YAML type the specification does not name (`either`: JSON, YAML or 406 Not Acceptable).
 */
const YAML_ACCEPT_FORMS: ReadonlyArray<{ readonly accept: string; readonly gets: 'yaml' | 'either' }> = [
  { accept: 'application/yaml', gets: 'yaml' },
  { accept: 'Application/YAML', gets: 'yaml' },
  { accept: 'text/html, application/yaml, application/json;q=0', gets: 'yaml' },
  { accept: 'text/yaml', gets: 'either' },
];

/**
 * Accept headers a server may answer with the YAML form: those naming application/yaml and not JSON, and those
 * accepting either form. `text/yaml` is left out: asked for by name, it may label the answer so.
 */
const YAML_FORM_ACCEPTS: readonly string[] = [
  ...YAML_ACCEPT_FORMS.filter((f) => f.gets === 'yaml').map((f) => f.accept),
  ...ACCEPT_FORMS.filter((f) => f.gets === 'either').map((f) => f.accept),
];

/** Accepts that take either form alike (ACCEPT_FORMS' `either`): no preference stated, so the default form. */
const NO_PREFERENCE: readonly string[] = ACCEPT_FORMS.filter((f) => f.gets === 'either').map((f) => f.accept);

const NOT_ACCEPTABLE = 406;

/** The listed URL resolved against the base URL, when it is on the host the suite was pointed at (any port). */
const onTargetHost = (url: string, base: string): URL | undefined => {
  try {
    const resolved = new URL(url, `${base}/`);
    return resolved.hostname === new URL(base).hostname ? resolved : undefined;
  } catch {
    return undefined;
  }
};

describeGroup('specification', () => {
  declareExtremeIdChecks('specification');

  check(
    'specification.get-openapi-without-key-lists',
    ['SPEC-LISTING', 'AUTH-SPEC-PUBLIC'],
    'GET /v1/openapi without a key lists spec_name values with their URLs',
    async (t) => {
      const { call, specs } = await listing(t);
      t.assert(
        specs.length > 0,
        ['SPEC-LISTING'],
        'the listing names no spec_name (read as an array of {spec_name, url} or a map from name to URL)',
        call,
      );
      const withoutUrl = specs.filter((spec) => !spec.url);
      t.assert(
        !withoutUrl.length,
        ['SPEC-LISTING'],
        `listed without a URL: ${withoutUrl.map((s) => s.specName).join(', ')}`,
        call,
      );
    },
  );

  // A cache buster asks nothing of the answer: the listing and the documents under it are refused, or answered as without it.
  check(
    'specification.query-asking-nothing',
    ['SPEC-LISTING', 'SPEC-FETCHABLE'],
    `GET /v1/openapi and a listed document asked with a query that asks nothing (${CACHE_BUSTERS.map((q) => `?${new URLSearchParams(q).toString()}`).join(', ')}) are refused with a 4xx, or answered as without it: the same documents listed, each listed URL serving its document`,
    async (t) => {
      const { specs } = await listing(t);
      const [first] = specs;
      if (!first) return t.skip('the listing names no spec (see SPEC-LISTING)');
      const refusedOrServed = (call: Call, rule: 'SPEC-LISTING' | 'SPEC-FETCHABLE', what: string): boolean => {
        const { status } = call.response;
        t.assert(
          status < 500,
          [rule],
          `${what} answered ${status}: a query that asks nothing is refused with a 4xx or ignored`,
          call,
        );
        return status >= 200 && status < 300;
      };
      for (const query of CACHE_BUSTERS) {
        const what = `GET /v1/openapi?${new URLSearchParams(query).toString()}`;
        const call = await t.call('GET /v1/openapi', { auth: 'none', query });
        if (!refusedOrServed(call, 'SPEC-LISTING', what)) continue;
        const listed = parseListing(call.response.json);
        t.assert(
          listed.map((s) => s.specName).join() === specs.map((s) => s.specName).join(),
          ['SPEC-LISTING'],
          `${what} lists ${listed.map((s) => s.specName).join(', ') || 'nothing'}; without the query ${specs.map((s) => s.specName).join(', ')}`,
          call,
        );
        // A URL other than the one listed without the query must still serve its document.
        for (const spec of listed) {
          const plain = specs.find((s) => s.specName === spec.specName);
          if (!spec.url || spec.url === plain?.url) continue;
          const followed = await followListed(t, new URL(spec.url, t.config.baseUrl as string));
          const served =
            typeof followed !== 'string' &&
            followed.response.status >= 200 &&
            followed.response.status < 300 &&
            isJsonObject(followed.response.json) &&
            ('openapi' in followed.response.json || 'swagger' in followed.response.json);
          t.assert(
            served,
            ['SPEC-FETCHABLE'],
            `${what} lists ${spec.specName} at ${spec.url} (without the query: ${plain?.url ?? 'not listed'}), which ${typeof followed === 'string' ? followed : `answers ${followed.response.status}`}, not the document`,
            typeof followed === 'string' ? call : followed,
          );
        }
      }
      const document = (query?: Record<string, string>) =>
        t.call('GET /v1/openapi/{spec_name}', {
          params: { spec_name: first.specName },
          auth: 'none',
          headers: { accept: 'application/json' },
          ...(query ? { query } : {}),
        });
      const plain = await document();
      if (plain.response.status !== 200 || plain.response.json === undefined) return;
      for (const query of CACHE_BUSTERS) {
        const what = `GET /v1/openapi/${first.specName}?${new URLSearchParams(query).toString()}`;
        const call = await document(query);
        if (!refusedOrServed(call, 'SPEC-FETCHABLE', what)) continue;
        t.assert(
          isDeepStrictEqual(call.response.json, plain.response.json),
          ['SPEC-FETCHABLE'],
          `${what} (as JSON) is not the document served without the query`,
          call,
        );
      }
    },
  );

  check(
    'specification.listing-host-forms',
    ['SPEC-FETCHABLE'],
    `GET /v1/openapi asked under other forms of Host (${HOST_FORMS.map((f) => f.what).join(', ')}) names each spec at a URL that parses (absolute, or relative to the target), or is refused before the API (a proxy or an allowed-hosts list may refuse a host)`,
    async (t) => {
      const target = new URL(t.config.baseUrl as string);
      for (const { what, host } of HOST_FORMS) {
        const call = await t.call('GET /v1/openapi', {
          auth: 'none',
          headers: { host: host(target) },
          mayBeRefusedInFront: true,
        });
        // A host the deployment does not serve is refused in front of the API (a 4xx, a gateway's 5xx): not judged.
        if (call.response.status < 200 || call.response.status >= 300) {
          t.assert(
            call.response.status < 500 || !isErrorBody(call.response.json),
            ['SPEC-FETCHABLE'],
            `GET /v1/openapi with ${what} failed with the API's own error ${call.response.status}`,
            call,
          );
          continue;
        }
        const broken = parseListing(call.response.json).filter((spec) => !parsesAsUrl(spec.url, target));
        t.assert(
          !broken.length,
          ['SPEC-FETCHABLE'],
          `with ${what}, the listing names ${broken.map((s) => `${s.specName} at ${JSON.stringify(s.url)}`).join(', ')}: no URL a client can fetch`,
          call,
        );
      }
    },
  );

  check(
    'specification.listed-spec-served-openapi-spec',
    ['SPEC-FETCHABLE', 'AUTH-SPEC-PUBLIC'],
    'every listed spec is served at /v1/openapi/{spec_name} (and at its listed URL) without a key',
    async (t) => {
      const base = t.config.baseUrl as string;
      const specs = await listedSpecs(t);
      for (const spec of specs) {
        const call = await fetchSpec(t, spec.specName, '*/*');
        const { status } = call.response;
        t.assert(
          status >= 200 && status < 300,
          ['SPEC-FETCHABLE', 'AUTH-SPEC-PUBLIC'],
          `spec ${JSON.stringify(spec.specName)} answered ${status} without a key`,
          call,
        );
        // Only URLs on the host the suite was pointed at are followed: the suite never calls other hosts.
        const url = spec.url ? onTargetHost(spec.url, base) : undefined;
        if (!url) continue;
        const byUrl = await followListed(t, url);
        if (typeof byUrl === 'string') {
          t.assert(
            false,
            ['SPEC-FETCHABLE'],
            `the listed URL ${spec.url} of ${spec.specName} was not reached: ${byUrl}`,
          );
          continue;
        }
        t.assert(
          byUrl.response.status >= 200 && byUrl.response.status < 300,
          ['SPEC-FETCHABLE'],
          `the listed URL ${spec.url} of ${spec.specName} answered ${byUrl.response.status}`,
          byUrl,
        );
        const named = readable(await served(t, spec.specName, 'json'));
        const type = byUrl.response.headers['content-type'] ?? '';
        let listed: PublishedYaml | undefined;
        try {
          listed = parseForm(byUrl.response.text, JSON_TYPES.test(type) ? 'json' : 'yaml');
        } catch {
          listed = undefined;
        }
        if (!named) continue; // the document endpoint's own form is the JSON checks' concern
        const comparison = listed ? compareForms(listed, named.doc.document) : undefined;
        t.assert(
          comparison?.same === true,
          ['SPEC-FETCHABLE'],
          `the listed URL ${spec.url} of ${spec.specName} does not serve the document /v1/openapi/${spec.specName} serves${comparison && !comparison.same ? `: they differ ${comparison.difference}` : ': it does not read as JSON or YAML'}`,
          byUrl,
        );
      }
      // The endpoint needs no key on its error paths too: an unlisted name is refused for itself, not for the key.
      const unlisted = unlistedName(specs);
      const refused = await fetchSpec(t, unlisted, 'application/json');
      const { status, json } = refused.response;
      const code = isJsonObject(json) && isJsonObject(json.error) ? json.error.code : undefined;
      t.assert(
        status !== 401 && status !== 403 && code !== ERROR_CODES.unauthenticated && code !== 'PERMISSION_DENIED',
        ['AUTH-SPEC-PUBLIC'],
        `GET /v1/openapi/${unlisted} (a spec_name the listing does not give) without a key was refused as unauthorised (${status} ${String(code)})`,
        refused,
      );
    },
  );

  check(
    'specification.unknown-spec-error-labelled-json',
    ['RESPONSE-CONTENT-TYPE-JSON'],
    'GET /v1/openapi/{spec_name} for a name the listing does not give, asked without Accept, with `*/*` and with `application/yaml`, labels its error JSON (a 406 too): the error is not the document',
    async (t) => {
      const unlisted = unlistedName((await listing(t)).specs);
      // Judged as every error answer is (observeErrorLabel): asked here where a document's media type is negotiated.
      for (const accept of [null, '*/*', 'application/yaml'])
        expectErrorLabelledJson(await fetchSpec(t, unlisted, accept));
    },
  );

  check(
    'specification.accept-forms-negotiated',
    ['SPEC-JSON-ON-REQUEST', 'SPEC-FETCHABLE'],
    `each spec is JSON where the Accept header prefers JSON, either form where it accepts both (${ACCEPT_FORMS.map((f) => f.accept).join(' | ')})`,
    async (t) => {
      for (const spec of await listedSpecs(t)) {
        for (const { accept, gets } of ACCEPT_FORMS) {
          const call = await fetchSpec(t, spec.specName, accept);
          const { status, json } = call.response;
          const type = call.response.headers['content-type'] ?? '';
          const isJson = JSON_TYPES.test(type) && typeof json === 'object' && json !== null && !Array.isArray(json);
          t.assert(
            status >= 200 && status < 300 && (isJson || (gets === 'either' && YAML_TYPES.test(type))),
            gets === 'json' ? ['SPEC-JSON-ON-REQUEST'] : ['SPEC-FETCHABLE'],
            `${spec.specName}: with Accept: ${accept} answered ${status} labelled ${JSON.stringify(type)}, not ${gets === 'json' ? 'a JSON object' : 'JSON or YAML'}`,
            call,
          );
        }
      }
    },
  );

  check(
    'specification.without-accept-header-spec-yaml',
    ['SPEC-YAML-DEFAULT'],
    'without an Accept header a spec is YAML, labelled with a YAML media type',
    async (t) => {
      let judged = 0;
      for (const spec of await listedSpecs(t)) {
        // Served at all (Accept: */*, as SPEC-FETCHABLE asks), else SPEC-FETCHABLE reports it; */* may get either form.
        const any = await fetchSpec(t, spec.specName, '*/*');
        if (any.response.status < 200 || any.response.status >= 300) continue;
        judged++;
        const bare = await fetchSpec(t, spec.specName, null);
        const type = bare.response.headers['content-type'] ?? '';
        t.assert(
          bare.response.status >= 200 && bare.response.status < 300 && YAML_TYPES.test(type),
          ['SPEC-YAML-DEFAULT'],
          `${spec.specName}: without an Accept header answered ${bare.response.status} labelled ${JSON.stringify(type)}, not YAML (with Accept: */* it answered ${any.response.status})`,
          bare,
        );
        let doc: unknown;
        try {
          doc = parseForm(bare.response.text, 'yaml').document;
        } catch (error) {
          t.assert(
            false,
            ['SPEC-YAML-DEFAULT'],
            `${spec.specName}: default form is not YAML: ${(error as Error).message.split('\n')[0]}`,
            bare,
          );
        }
        t.assert(
          typeof doc === 'object' && doc !== null,
          ['SPEC-YAML-DEFAULT'],
          `${spec.specName}: YAML body is not a mapping`,
          bare,
        );
      }
      if (!judged) t.skip(NONE_SERVED);
    },
  );

  check(
    'specification.accept-no-preference-spec-yaml',
    ['SPEC-YAML-ANY-ACCEPT'],
    `with an Accept stating no preference between the forms (${NO_PREFERENCE.join(' | ')}) a spec is YAML, the default form`,
    async (t) => {
      let judged = 0;
      const specs = await listedSpecs(t);
      for (const spec of specs)
        for (const accept of NO_PREFERENCE) {
          const call = await fetchSpec(t, spec.specName, accept);
          if (call.response.status < 200 || call.response.status >= 300) continue;
          judged++;
          const type = call.response.headers['content-type'] ?? '';
          t.assert(
            YAML_TYPES.test(type),
            ['SPEC-YAML-ANY-ACCEPT'],
            `${spec.specName}: with Accept: ${accept} labelled ${JSON.stringify(type)}, not a YAML media type`,
            call,
          );
        }
      if (!judged) t.skip(NONE_SERVED);
    },
  );

  check(
    'specification.yaml-form-labelled-application-yaml',
    ['SPEC-YAML-MEDIA-TYPE'],
    `the YAML form is labelled application/yaml under every Accept that gets it (none, ${YAML_FORM_ACCEPTS.join(' | ')})`,
    async (t) => {
      let judged = 0;
      for (const spec of await listedSpecs(t)) {
        for (const accept of [null, ...YAML_FORM_ACCEPTS]) {
          const call = await fetchSpec(t, spec.specName, accept);
          if (call.response.status < 200 || call.response.status >= 300) continue;
          const type = call.response.headers['content-type'] ?? '';
          // An answer labelled JSON is the JSON form, not a mislabelled YAML one: whether it may answer is the
          // negotiation checks' concern (where either form is acceptable it may).
          if (JSON_TYPES.test(type)) continue;
          judged++;
          t.assert(
            /^application\/yaml\b/i.test(type),
            ['SPEC-YAML-MEDIA-TYPE'],
            `${spec.specName}: with ${accept === null ? 'no Accept' : `Accept: ${accept}`} the YAML form labelled ${JSON.stringify(type)}`,
            call,
          );
        }
      }
      if (!judged) t.skip(NONE_SERVED);
    },
  );

  check(
    'specification.accept-application-json-spec-json',
    ['SPEC-JSON-ON-REQUEST'],
    'with Accept: application/json a spec is JSON, labelled with a JSON media type',
    async (t) => {
      let judged = 0;
      for (const spec of await listedSpecs(t)) {
        const json = await served(t, spec.specName, 'json');
        if (!json) continue;
        judged++;
        const type = json.call.response.headers['content-type'] ?? '';
        t.assert(
          JSON_TYPES.test(type),
          ['SPEC-JSON-ON-REQUEST'],
          `${spec.specName}: JSON form labelled ${JSON.stringify(type)}`,
          json.call,
        );
        const doc = json.call.response.json;
        t.assert(
          typeof doc === 'object' && doc !== null && !Array.isArray(doc),
          ['SPEC-JSON-ON-REQUEST'],
          `${spec.specName}: body is not a JSON object`,
          json.call,
        );
      }
      if (!judged) t.skip(NONE_SERVED);
    },
  );

  check(
    'specification.yaml-json-forms-spec-same',
    ['SPEC-SAME-DOCUMENT'],
    'the YAML and JSON forms of each spec are the same document',
    async (t) => {
      let compared = 0;
      for (const spec of await listedSpecs(t)) {
        const [yaml, json] = [await served(t, spec.specName, 'yaml'), await served(t, spec.specName, 'json')];
        if (!yaml || !json) continue;
        let comparison: FormsComparison;
        try {
          comparison = compareForms(yaml.read(), json.read().document);
        } catch {
          continue; // unreadable forms are the YAML/JSON checks' concern
        }
        compared++;
        t.assert(
          comparison.same,
          ['SPEC-SAME-DOCUMENT'],
          `${spec.specName}: the YAML and JSON forms differ${comparison.same ? '' : ` ${comparison.difference}`}`,
          json.call,
        );
        if (comparison.same && comparison.onlyWithMergeKeys)
          t.note(MERGE_KEYS_NOTE(spec.specName, 'the YAML form is the same document as the JSON form'));
      }
      if (!compared)
        t.skip(
          'no listed spec was served and readable in both forms (see SPEC-FETCHABLE, SPEC-YAML-DEFAULT, SPEC-JSON-ON-REQUEST)',
        );
    },
  );

  check(
    'specification.published-spec-valid-openapi-document',
    ['SPEC-VALID-OPENAPI'],
    'each published spec is a valid OpenAPI document',
    // Unreadable forms are the YAML and JSON checks' concern.
    (t) =>
      eachDocument(t, async (spec, { form, doc }) => {
        const result = await validateForm(doc);
        t.assert(result.ok, ['SPEC-VALID-OPENAPI'], `${spec.specName}: ${result.ok ? '' : result.message}`, form.call);
        if (result.ok && result.onlyWithMergeKeys)
          t.note(
            MERGE_KEYS_NOTE(
              spec.specName,
              'the YAML form (read because no JSON form was served) is a valid OpenAPI document',
            ),
          );
      }),
  );

  check(
    'specification.published-schemas-valid-in-dialect',
    ['SPEC-VALID-OPENAPI'],
    "in both forms of each published spec, every schema is valid in its document's dialect: JSON Schema 2020-12's meta-schema in OpenAPI 3.1 (exclusiveMinimum a number, type among the seven), OpenAPI 3.0's Schema Object in 3.0 (exclusiveMinimum a boolean, type one name); in a dialect the document names, each keyword's value of its type (length bounds non-negative integers, never null); each cause once with where it stands",
    async (t) => {
      let judged = 0;
      for (const spec of await listedSpecs(t)) {
        const causes = new Map<string, string[]>();
        let call: Call | undefined;
        for (const kind of ['json', 'yaml'] as const) {
          const found = readable(await served(t, spec.specName, kind));
          if (!found) continue;
          judged++;
          call ??= found.form.call;
          // A cause both forms show is one; a place only the YAML form shows says so.
          for (const { what, places } of schemaCauses(found.doc.document)) {
            const seen = causes.get(what) ?? causes.set(what, []).get(what)!;
            for (const place of places)
              if (!seen.includes(place) && !seen.includes(`${place} (YAML form)`))
                seen.push(kind === 'yaml' && call !== found.form.call ? `${place} (YAML form)` : place);
          }
        }
        const lines = [...causes].map(([what, places]) => causeLine({ what, places }));
        t.assert(
          !lines.length,
          ['SPEC-VALID-OPENAPI'],
          `${spec.specName}: ${lines.slice(0, 6).join('; ')}${lines.length > 6 ? `; and ${lines.length - 6} causes more` : ''}`,
          call,
        );
      }
      if (!judged) t.skip(NONE_READABLE);
    },
  );

  check(
    'specification.spec-name-listing-not-give',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'a spec_name the listing does not give answers NOT_FOUND (404)',
    async (t) => {
      const unlisted = unlistedName(await listedSpecs(t));
      const call = await fetchSpec(t, unlisted, 'application/json');
      t.expectRejection(
        call,
        ['MISSING-RESOURCE-NOT-FOUND'],
        CONVENTIONAL_ERRORS.notFound,
        `GET /v1/openapi/${unlisted}, a spec_name the listing does not give`,
      );
    },
  );

  check(
    'specification.published-specs-together-document-endpoint',
    ['SPEC-COVERS-ENDPOINTS'],
    'the published specs together document every endpoint of the specification',
    async (t) => {
      const index = indexOperations(await documents(t), { basePath: new URL(t.config.baseUrl as string).pathname });
      // The two specification endpoints may document themselves or not: the spec does not say.
      const missing = coverage(
        index,
        ENDPOINTS.filter((e) => !e.public),
      );
      t.assert(!missing.length, ['SPEC-COVERS-ENDPOINTS'], `not documented: ${missing.map((e) => e.key).join(', ')}`);
    },
  );

  check(
    'specification.documented-operation-requires-x-api',
    ['SPEC-SECURITY-API-KEY'],
    'every documented operation requires X-API-Key (a security scheme or a required header parameter), except the specification endpoints',
    async (t) => {
      const index = indexOperations(await documents(t), { basePath: new URL(t.config.baseUrl as string).pathname });
      const problems = securityProblems(index, securityJudged(index));
      t.assert(!problems.length, ['SPEC-SECURITY-API-KEY'], problems.slice(0, 6).join('; '));
    },
  );

  check(
    'specification.documented-operation-declares-x-api',
    ['SPEC-SECURITY-SCHEME'],
    'every documented operation declares X-API-Key as an apiKey security scheme, except the specification endpoints',
    async (t) => {
      const index = indexOperations(await documents(t), { basePath: new URL(t.config.baseUrl as string).pathname });
      const problems = securityProblems(index);
      t.assert(!problems.length, ['SPEC-SECURITY-SCHEME'], problems.slice(0, 6).join('; '));
    },
  );

  check(
    'specification.accept-application-yaml-spec-yaml',
    ['SPEC-YAML-ON-REQUEST'],
    `each spec is YAML, labelled with a YAML media type, where the Accept header asks for application/yaml and not JSON; JSON, YAML or 406 where it names another YAML type (${YAML_ACCEPT_FORMS.map((f) => f.accept).join(' | ')})`,
    async (t) => {
      for (const spec of await listedSpecs(t)) {
        for (const { accept, gets } of YAML_ACCEPT_FORMS) {
          const call = await fetchSpec(t, spec.specName, accept);
          const { status, json, text } = call.response;
          if (gets === 'either' && status === NOT_ACCEPTABLE) continue;
          const type = call.response.headers['content-type'] ?? '';
          const isJson = JSON_TYPES.test(type) && isJsonObject(json);
          let isYaml = false;
          try {
            isYaml = YAML_TYPES.test(type) && isJsonObject(parseForm(text, 'yaml').document);
          } catch {
            // Labelled YAML but not read as a YAML mapping: judged below.
          }
          t.assert(
            status >= 200 && status < 300 && (isYaml || (gets === 'either' && isJson)),
            ['SPEC-YAML-ON-REQUEST'],
            `${spec.specName}: with Accept: ${accept} answered ${status} labelled ${JSON.stringify(type)}, not ${gets === 'yaml' ? 'a YAML mapping labelled with a YAML media type' : 'JSON, YAML or 406'}`,
            call,
          );
        }
      }
    },
  );
});

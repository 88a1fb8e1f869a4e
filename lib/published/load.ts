// Loading what a target publishes: the listing, every listed document, which of
// them are valid, and the PublishedSpec the suites check responses against. Runs
// once per test worker. A bad target never makes it throw: what went wrong is
// explained in `problems`, and whatever valid documents remain are used.

import type { ApiClient } from '../http/client.js';
import { TransportError } from '../http/exchange.js';
import { fetchSpecDocument, specPath, type SpecForm } from './fetch.js';
import { parseListing, type ListedSpec } from './listing.js';
import { indexOperations, type OperationIndex } from './operations.js';
import type { PublishedSpec } from '../schema/published-spec.js';
import { requestBodyProperties } from './request-body.js';
import { compileResponseValidators, type ResponseValidators } from './response-schemas.js';
import { validateOpenApi } from './validate.js';

export interface LoadedDocument {
  readonly specName: string;
  readonly document: unknown;
}

export interface LoadedSpecs {
  /** Null when no valid document could be loaded. */
  readonly published: PublishedSpec | null;
  /** The valid documents, in listing order. */
  readonly documents: readonly LoadedDocument[];
  /** The operations those documents describe (for coverage and security checks). */
  readonly operations: OperationIndex;
  readonly problems: readonly string[];
}

const LISTING_PATH = '/v1/openapi';
const EXCERPT_CHARS = 120;

type Failure = { readonly failure: string };

export async function loadPublishedSpec(client: ApiClient): Promise<LoadedSpecs> {
  const listing = await readListing(client);
  if ('failure' in listing)
    return { published: null, documents: [], operations: indexOperations([]), problems: [listing.failure] };
  const outcomes = await Promise.all(listing.map((entry, i) => loadDocument(client, entry, i === 0)));
  const documents = outcomes.flatMap((outcome) => (outcome.loaded ? [outcome.loaded] : []));
  const problems = outcomes.flatMap((outcome) => outcome.problems);
  // A base URL with a path (`http://host/api`) may appear in the documents' server URLs.
  const operations = indexOperations(
    documents.map((loaded) => loaded.document),
    { basePath: new URL(client.baseUrl).pathname },
  );
  if (documents.length === 0) {
    return {
      published: null,
      documents,
      operations,
      problems: [...problems, 'no listed spec is a valid OpenAPI document'],
    };
  }
  const validators = compileResponseValidators(operations);
  // A getter: it compiles every response schema, which most readers never need.
  return {
    published: publishedSpec(operations, validators),
    documents,
    operations,
    get problems() {
      return [...problems, ...validators.problems];
    },
  };
}

function publishedSpec(operations: OperationIndex, validators: ResponseValidators): PublishedSpec {
  return {
    validateResponse: (method, contractPath, status, body) => validators.validate(method, contractPath, status, body),
    requestBodyProperties: (method, contractPath) => {
      const operation = operations.find(method, contractPath);
      return operation && requestBodyProperties(operation);
    },
  };
}

async function readListing(client: ApiClient): Promise<ListedSpec[] | Failure> {
  const exchange = await reaching(client.send({ method: 'GET', path: LISTING_PATH, auth: 'none' }));
  if (exchange instanceof TransportError) return { failure: exchange.message };
  const { status, json, text } = exchange.response;
  if (status < 200 || status >= 300)
    return { failure: `GET ${LISTING_PATH} answered HTTP ${status} instead of the list of spec names` };
  if (json === undefined) return { failure: `GET ${LISTING_PATH} did not answer JSON (body: ${excerpt(text)})` };
  const listed = parseListing(json);
  return listed.length
    ? listed
    : { failure: `GET ${LISTING_PATH} lists no spec names in a recognisable shape (body: ${excerpt(text)})` };
}

interface Outcome {
  readonly loaded?: LoadedDocument;
  readonly problems: readonly string[];
}

/**
 * The JSON form, or the default (YAML) form when the JSON one cannot be read; then validated. The first listed spec
 * is asked for its default form first, so that both orders are asked: a server that keeps whichever form of a spec
 * was asked first (a cache keyed by name alone) then serves YAML for JSON, which the JSON checks see.
 */
async function loadDocument(client: ApiClient, { specName }: ListedSpec, defaultFirst: boolean): Promise<Outcome> {
  const early = defaultFirst ? await fetchForm(client, specName, 'default') : undefined;
  const json = await fetchForm(client, specName, 'json');
  if (!('failure' in json)) return validated(specName, json.document, []);
  const fallback = early ?? (await fetchForm(client, specName, 'default'));
  if ('failure' in fallback) return { problems: [json.failure, fallback.failure] };
  return validated(specName, fallback.document, [`${json.failure}; the default (YAML) form was used instead`]);
}

async function validated(specName: string, document: unknown, problems: string[]): Promise<Outcome> {
  const validation = await validateOpenApi(document);
  if (validation.ok) return { loaded: { specName, document }, problems };
  return {
    problems: [...problems, `spec ${JSON.stringify(specName)} is not a valid OpenAPI document: ${validation.message}`],
  };
}

async function fetchForm(
  client: ApiClient,
  specName: string,
  form: SpecForm,
): Promise<{ readonly document: unknown } | Failure> {
  const request = `GET ${specPath(specName)}${form === 'json' ? ' with Accept: application/json' : ''}`;
  const fetched = await reaching(fetchSpecDocument(client, specName, form));
  if (fetched instanceof TransportError) return { failure: fetched.message };
  const { status } = fetched.exchange.response;
  if (status < 200 || status >= 300) return { failure: `${request} answered HTTP ${status}` };
  if (fetched.parseError !== undefined) return { failure: `${request}: ${fetched.parseError}` };
  return { document: fetched.document };
}

/** The call's result, or the TransportError that says the target could not be reached. */
async function reaching<T>(call: Promise<T>): Promise<T | TransportError> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof TransportError) return error;
    throw error;
  }
}

function excerpt(text: string): string {
  return text.trim() === ''
    ? 'empty'
    : JSON.stringify(text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text);
}

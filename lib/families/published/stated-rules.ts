// What the published documents state about the specification's endpoints, against what the
// specification states: bounds, required request fields, enumerations and defaults, one table
// for every operation. A document that is silent (no keyword, a bound in prose only, a free-form
// object) is never wrong; only a statement that contradicts the specification is. A request body
// that declares a required field but leaves it out of `required` (or gives no `required` at
// all) states that the field may be omitted, which is what OpenAPI makes of it.

import { ENDPOINTS, type EndpointKey } from '../../contract/endpoints.js';
import {
  CHAT_RESPONSE_FORMATS,
  DEFAULTS,
  INPUT_TYPES,
  MODEL_TYPES,
  PROJECT_RULES,
  PROJECT_TYPES,
} from '../../contract/enums.js';
import { ID_RULES, type IdRule, isUlid, matchesIdRule } from '../../contract/ids.js';
import { FIELD_LIMITS, type FieldLimit } from '../../contract/limits.js';
import { LIST_ENDPOINTS, listEndpoint } from '../../contract/list-endpoints.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { isRuleViolation } from '../../assert/violation.js';
import { wellFormedId } from '../../gen/ids.js';
import { integerBounds, lengthBounds } from '../../generic/keywords.js';
import { metricOutputs, personas, runs, simulationIds } from '../../harness/discovery.js';
import type { CheckContext } from '../../harness/index.js';
import { bundleSchema } from '../../published/bundle-schema.js';
import { parseForm } from '../../published/forms.js';
import { parseListing } from '../../published/listing.js';
import { jsonMediaSchema } from '../../published/media.js';
import { indexOperations, type DocumentedOperation, type OperationIndex } from '../../published/operations.js';
import { deref } from '../../published/refs.js';
import {
  alwaysRequired,
  ANY_PROPERTY_STEP,
  declarations,
  ITEMS_STEP,
  schemasAt,
  type SchemaStep,
} from '../../published/schema-paths.js';
import { newAjv } from '../../schema/ajv.js';
import { type JsonObject, isJsonObject } from '../../util/json.js';

/** The bound keywords, each read as a number (length and count keywords as stated, minimum and maximum as the integers they admit). */
export type BoundKeyword = 'minLength' | 'maxLength' | 'minItems' | 'maxItems' | 'minimum' | 'maximum';

export interface Enumeration {
  readonly values: readonly string[];
  /** Closed: no other value is accepted. Open: the values are those the specification shows, among others. */
  readonly closed: boolean;
  /** Other spellings a server may recognise in a request (and store as the listed value): never in a response. */
  readonly recognised?: (value: string, listed: readonly string[]) => boolean;
  /** What a published value names, where it is written another way than the values (an order names its field). */
  readonly read?: (value: string) => string;
  /** Every value the specification makes valid for a listed value: a published enum naming it must list them all. */
  readonly forms?: (value: string) => readonly string[];
}

/** What the specification states of one field. */
export interface FieldStatement {
  readonly path: readonly SchemaStep[];
  readonly bounds?: Partial<Record<BoundKeyword, number>>;
  readonly enumeration?: Enumeration;
  readonly default?: string | number | boolean;
  /** The ID rules a value follows (either, where the specification gives two): a published pattern must admit their IDs. */
  readonly ids?: readonly IdRule[];
  readonly quote: string;
}

type Resource = FieldLimit['resource'] | 'persona' | 'run' | 'metricOutput';

/** Where a resource's fields are written (request bodies) and read (success bodies, under their key or list). */
const RESOURCES: Readonly<
  Record<Resource, { readonly requests: readonly FieldsAt[]; readonly responses: readonly FieldsAt[] }>
> = {
  agent: {
    requests: [{ endpoint: 'POST /v1/agents', at: [] }],
    responses: [
      { endpoint: 'POST /v1/agents', at: ['agent'] },
      { endpoint: 'GET /v1/agents/{agent_id}', at: ['agent'] },
    ],
  },
  // The simulator configuration's request field is not named: any field of the body holding these keys.
  chatConfig: {
    requests: [{ endpoint: 'POST /v1/agents', at: [ANY_PROPERTY_STEP] }],
    responses: [
      { endpoint: 'POST /v1/agents', at: ['agent', 'metadata'] },
      { endpoint: 'GET /v1/agents/{agent_id}', at: ['agent', 'metadata'] },
    ],
  },
  mutation: {
    requests: [{ endpoint: 'POST /v1/agents/{agent_id}/mutations', at: [] }],
    responses: [
      { endpoint: 'POST /v1/agents/{agent_id}/mutations', at: ['mutation'] },
      { endpoint: 'GET /v1/agents/{agent_id}/mutations/{mutation_id}', at: ['mutation'] },
    ],
  },
  testCase: {
    requests: [{ endpoint: 'POST /v1/test-cases', at: [] }],
    responses: [{ endpoint: 'POST /v1/test-cases', at: ['test_case'] }],
  },
  dashboard: {
    requests: [{ endpoint: 'PATCH /v1/dashboards/{dashboard_id}', at: [] }],
    responses: [{ endpoint: 'PATCH /v1/dashboards/{dashboard_id}', at: ['dashboard'] }],
  },
  reviewProject: {
    requests: [{ endpoint: 'POST /v1/review-projects', at: [] }],
    responses: [{ endpoint: 'POST /v1/review-projects', at: ['review_project'] }],
  },
  persona: {
    requests: [],
    responses: [
      { endpoint: 'GET /v1/personas', at: ['personas', ITEMS_STEP] },
      { endpoint: 'GET /v1/personas/{persona_id}', at: ['persona'] },
    ],
  },
  run: { requests: [], responses: [{ endpoint: 'GET /v1/runs', at: ['runs', ITEMS_STEP] }] },
  metricOutput: {
    requests: [],
    responses: [
      { endpoint: 'GET /v1/simulations/{simulation_id}/metrics', at: ['metrics', ITEMS_STEP] },
      { endpoint: 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', at: ['metric'] },
    ],
  },
};

/** Where in an operation's body (request or success response) a resource's fields are. */
interface FieldsAt {
  readonly endpoint: EndpointKey;
  readonly at: readonly SchemaStep[];
}

/** A listed value in another letter case; for model_type also its short form (`VOICE`, `voice`): AGENT-MODEL-TYPE, TESTCASE-INPUT-TYPE. */
const inAnyCase = (value: string, listed: readonly string[]) =>
  listed.some((name) => name.toLowerCase() === value.toLowerCase());
const shortOrAnyCase = (value: string, listed: readonly string[]) =>
  inAnyCase(value, listed) ||
  inAnyCase(
    value,
    listed.map((name) => name.replace(/^MODEL_TYPE_/, '')),
  );

const closed = (values: readonly string[], recognised?: Enumeration['recognised']): Enumeration => ({
  values,
  closed: true,
  ...(recognised ? { recognised } : {}),
});
const shown = (values: readonly string[]): Enumeration => ({ values, closed: false });

/** The bounds of a row of the limits table (a byte size has no keyword: left out). */
function limitBounds(limit: FieldLimit): FieldStatement['bounds'] {
  if (limit.unit === 'bytes') return undefined;
  const [minKey, maxKey] =
    limit.unit === 'items' ? (['minItems', 'maxItems'] as const) : (['minLength', 'maxLength'] as const);
  return {
    ...(limit.min === undefined ? {} : { [minKey]: limit.min }),
    ...(limit.max === undefined ? {} : { [maxKey]: limit.max }),
  };
}

const idBounds = (rule: IdRule) => ({ minLength: rule.minLength, maxLength: rule.maxLength });

const TEST_SET_LIMIT = FIELD_LIMITS.find((limit) => limit.id === 'testCase.test_set_id') as FieldLimit;
/** A test set ID by the test case's test_set_id: exactly 8 characters, of any alphabet. */
const TEST_SET_ID: IdRule = {
  kind: 'testSet',
  minLength: TEST_SET_LIMIT.min as number,
  maxLength: TEST_SET_LIMIT.max as number,
  alphanumeric: false,
  quote: TEST_SET_LIMIT.quote,
};

/** An ID field of a resource, with the rules its values follow. */
const idField = (resource: Resource, path: readonly SchemaStep[], ids: readonly IdRule[]) => ({
  resource,
  path,
  ids,
  quote: ids.map((rule) => rule.quote).join('; or '),
});

/**
 * The ID fields of the bodies. An agent's test_set_ids hold test set IDs, 22 alphanumeric characters by the
 * agent's table but 8 characters by the test case's: the specification gives both, so either is its rule.
 */
const ID_FIELDS = [
  idField('agent', ['id'], [ID_RULES.agent]),
  idField('agent', ['metric_ids', ITEMS_STEP], [ID_RULES.agentReference]),
  idField('agent', ['test_set_ids', ITEMS_STEP], [ID_RULES.agentReference, TEST_SET_ID]),
  idField('chatConfig', ['persona_id'], [ID_RULES.persona]),
  idField('mutation', ['id'], [ID_RULES.mutation]),
  idField('mutation', ['agent_id'], [ID_RULES.agent]),
  idField('testCase', ['id'], [ID_RULES.testCase]),
  idField('testCase', ['test_set_id'], [TEST_SET_ID]),
  idField('reviewProject', ['linked_simulation_ids', ITEMS_STEP], [ID_RULES.simulation]),
  idField('persona', ['id'], [ID_RULES.persona]),
  idField('run', ['results', 'output_ids', ITEMS_STEP], [ID_RULES.simulation]),
  idField('metricOutput', ['metric_output_id'], [ID_RULES.metricOutput]),
];

/** Every field statement, by resource: the limits table's rows, the enumerations, the defaults, the IDs held in bodies. */
const STATEMENTS: ReadonlyArray<FieldStatement & { readonly resource: Resource }> = [
  ...FIELD_LIMITS.flatMap((limit) => {
    const bounds = limitBounds(limit);
    return bounds ? [{ resource: limit.resource, path: [limit.field], bounds, quote: limit.quote }] : [];
  }),
  ...(['metric_ids', 'test_set_ids'] as const).map((field) => ({
    resource: 'agent' as const,
    path: [field, ITEMS_STEP],
    bounds: idBounds(ID_RULES.agentReference),
    quote: ID_RULES.agentReference.quote,
  })),
  {
    resource: 'agent',
    path: ['model_type'],
    enumeration: closed(MODEL_TYPES, shortOrAnyCase),
    quote: 'the service lists the five `MODEL_TYPE_*` values as the supported types',
  },
  {
    resource: 'chatConfig',
    path: ['response_format'],
    enumeration: closed(CHAT_RESPONSE_FORMATS),
    default: CHAT_RESPONSE_FORMATS[0],
    quote: 'response_format: `chat_completions` (default) or `responses`',
  },
  {
    resource: 'chatConfig',
    path: ['strip_message_timestamps'],
    default: false,
    quote: 'strip_message_timestamps: boolean, default false',
  },
  {
    resource: 'chatConfig',
    path: ['phone_number_key'],
    default: 'phone_number',
    quote: 'phone_number_key: default `phone_number`',
  },
  {
    resource: 'chatConfig',
    path: ['persona_id'],
    bounds: idBounds(ID_RULES.persona),
    quote: 'persona_id: persona reference (22-character ID)',
  },
  {
    resource: 'mutation',
    path: ['description'],
    default: DEFAULTS.mutationDescription,
    quote: 'description: default empty string',
  },
  {
    resource: 'testCase',
    path: ['input_type'],
    enumeration: closed(INPUT_TYPES, inAnyCase),
    default: DEFAULTS.testCaseInputType,
    quote: 'input_type: `SCENARIO` (default), `TRANSCRIPT`, `IVR`, `AUDIO`, `MANUAL`, `SCRIPT`',
  },
  {
    resource: 'reviewProject',
    path: ['project_type'],
    enumeration: closed(PROJECT_TYPES),
    default: DEFAULTS.reviewProjectType,
    quote: '`PROJECT_COLLABORATIVE` or `PROJECT_INDIVIDUAL`; default `PROJECT_INDIVIDUAL`',
  },
  {
    resource: 'reviewProject',
    path: ['notifications'],
    default: DEFAULTS.reviewProjectNotifications,
    quote: 'notifications: boolean, default true',
  },
  {
    resource: 'reviewProject',
    path: ['project_rules', ITEMS_STEP],
    enumeration: closed(PROJECT_RULES),
    quote: 'project_rules: enum[] or null; allowed value `require_disagreement_notes`',
  },
  {
    resource: 'persona',
    path: ['conversation_initiation'],
    enumeration: shown(['speak_first']),
    quote: 'conversation_initiation: a value shown is `speak_first`',
  },
  {
    resource: 'run',
    path: ['status'],
    enumeration: shown(['COMPLETED']),
    quote: 'Run status: a value shown is `COMPLETED`',
  },
  {
    resource: 'metricOutput',
    path: ['status'],
    enumeration: shown(['COMPLETED', 'IN PROGRESS']),
    quote: 'Metric output status: `COMPLETED` and `IN PROGRESS` are shown values',
  },
  ...ID_FIELDS,
];

/** Where the specification's request column places an item of an operation's request. */
type Place = 'path' | 'query' | 'header' | 'body';

/** One item of an operation's request as the specification places it, and whether it says the item may be left out. */
interface RequestItem {
  readonly endpoint: EndpointKey;
  readonly name: string;
  readonly in: Place;
  /** Undefined where the specification does not say (a path parameter's is OpenAPI's own rule: SPEC-VALID-OPENAPI). */
  readonly presence?: 'required' | 'optional';
  readonly quote: string;
}

/**
 * The request bodies' fields. Where a row marks some fields required, the others it lists beside them are
 * optional; a row that marks none leaves them unstated (an agent's phone_number aside, optional for some types).
 */
const BODIES: ReadonlyArray<{
  readonly endpoint: EndpointKey;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  readonly unstated: readonly string[];
  readonly quote: string;
}> = [
  {
    endpoint: 'POST /v1/agents',
    required: [],
    optional: ['phone_number'],
    unstated: ['display_name', 'model_type', 'endpoint', 'prompt', 'workflows', 'metric_ids', 'test_set_ids'],
    quote:
      'body: agent fields (display_name, model_type, phone_number, ...); phone_number: required for some agent types, optional for others',
  },
  {
    endpoint: 'POST /v1/agents/{agent_id}/mutations',
    required: ['display_name'],
    optional: ['description', 'config_overrides', 'parameter_values'],
    unstated: [],
    quote: 'body: display_name (required), description, config_overrides, parameter_values',
  },
  {
    endpoint: 'POST /v1/test-cases',
    required: ['input_str', 'test_set_id'],
    optional: [
      'expected_behaviors',
      'expected_output_str',
      'expected_output_json',
      'description',
      'input_type',
      'simulation_metadata_input',
      'metric_input',
      'user_notes',
    ],
    unstated: [],
    quote: 'body: input_str (required), test_set_id (required, in the body and not the URL), expected_behaviors, ...',
  },
  {
    endpoint: 'PATCH /v1/dashboards/{dashboard_id}',
    required: [],
    optional: [],
    unstated: ['display_name'],
    quote: 'body: display_name',
  },
  {
    endpoint: 'POST /v1/review-projects',
    required: ['display_name', 'assignees', 'linked_simulation_ids', 'linked_metric_ids'],
    optional: ['description', 'project_type', 'notifications', 'project_rules'],
    unstated: [],
    quote:
      'body: display_name, assignees, linked_simulation_ids, linked_metric_ids (all required), description, project_type, notifications, project_rules',
  },
];

/**
 * Every item of the specification's requests, where it places it. A list's query parameters may all be left out:
 * page_size and order_by have defaults, the first page has no page_token (it comes from the previous page), and a
 * filter narrows the list that is read whole without one (LIST-PAGINATION walks it so).
 */
const REQUEST_ITEMS: readonly RequestItem[] = [
  ...ENDPOINTS.flatMap((endpoint) =>
    Object.keys(endpoint.pathParams).map((name) => ({
      endpoint: endpoint.key as EndpointKey,
      name,
      in: 'path' as const,
      quote: `path \`${endpoint.path}\``,
    })),
  ),
  ...LIST_ENDPOINTS.flatMap((list) =>
    ['page_size', 'page_token', 'filter', 'order_by'].map((name) => ({
      endpoint: `GET ${list.path}` as EndpointKey,
      name,
      in: 'query' as const,
      presence: 'optional' as const,
      quote: list.quote,
    })),
  ),
  {
    endpoint: 'GET /v1/openapi/{spec_name}',
    name: 'Accept',
    in: 'header',
    presence: 'optional',
    quote: 'header `Accept` optional',
  },
  ...BODIES.flatMap(({ endpoint, required, optional, unstated, quote }) => {
    const item = (presence?: RequestItem['presence']) => (name: string) => ({
      endpoint,
      name,
      in: 'body' as const,
      ...(presence ? { presence } : {}),
      quote,
    });
    return [...required.map(item('required')), ...optional.map(item('optional')), ...unstated.map(item())];
  }),
];

/** An order written another way is the same order: `-f` and `f desc`, `f` and `f asc`. */
const normalOrder = (value: string) => {
  const text = value.trim().replace(/\s+/g, ' ');
  const words = /^(\S+) (asc|desc)$/i.exec(text);
  if (!words) return text;
  return words[2]!.toLowerCase() === 'desc' ? `-${words[1]}` : (words[1] as string);
};

/** The field an order names. */
const orderedField = (value: string) => normalOrder(value).replace(/^-/, '');

/** The parameters' statements: the lists' query parameters and the path IDs' lengths. */
const PARAMETERS: ReadonlyArray<{
  readonly endpoint: EndpointKey;
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly statement: FieldStatement;
}> = [
  ...LIST_ENDPOINTS.flatMap((list) => {
    const endpoint = `GET ${list.path}` as EndpointKey;
    const { default: fallback, min, max } = list.pageSize;
    return [
      {
        endpoint,
        name: 'page_size',
        in: 'query' as const,
        statement: { path: [], bounds: { minimum: min, maximum: max }, default: fallback, quote: list.quote },
      },
      {
        endpoint,
        name: 'order_by',
        in: 'query' as const,
        statement: {
          path: [],
          // An enum of orders names fields, each as written (`-create_time`, `name desc`), and every field it
          // names in each form the specification gives: LIST-ORDER-BY, LIST-ORDER-BY-DESC-SUFFIX. `f asc` is not
          // among them ("ascending otherwise" is the bare name), so an enum without it is silent, not wrong.
          enumeration: {
            ...closed(Object.keys(list.orderFields)),
            read: orderedField,
            forms: (name: string) => [name, `-${name}`, ...(list.descSuffix ? [`${name} desc`] : [])],
          },
          ...(list.defaultOrder === null ? {} : { default: list.defaultOrder }),
          quote: list.quote,
        },
      },
    ];
  }),
  ...ENDPOINTS.flatMap((endpoint) =>
    Object.entries(endpoint.pathParams).flatMap(([name, kind]) =>
      kind === null
        ? []
        : [
            {
              endpoint: endpoint.key as EndpointKey,
              name,
              in: 'path' as const,
              statement: {
                path: [],
                bounds: idBounds(ID_RULES[kind]),
                ids: [ID_RULES[kind]],
                quote: ID_RULES[kind].quote,
              },
            },
          ],
    ),
  ),
];

export type StatementKind = 'bounds' | 'required' | 'places' | 'enums' | 'defaults' | 'ids' | 'media' | 'served';

/** Values the target itself gave for a request parameter, by parameter name (path parameters and page_token). */
export type ServedValues = Readonly<Record<string, readonly string[]>>;

/** Where a document states something of a field: the schemas found there, and whether it is a request. */
interface Located {
  readonly where: string;
  readonly schemas: readonly JsonObject[];
  readonly request: boolean;
  readonly statement: FieldStatement;
}

/**
 * Every contradiction of the specification of this kind the documents state, in words. `realIds`: IDs the
 * target served, each a sample of every ID rule it follows, besides the generated ones.
 */
export function statedRuleContradictions(
  index: OperationIndex,
  kind: StatementKind,
  realIds: readonly string[] = [],
  served: ServedValues = {},
): string[] {
  if (kind === 'served') return servedContradictions(index, served);
  if (kind === 'required') return presenceContradictions(index);
  if (kind === 'places') return placeContradictions(index);
  if (kind === 'media') return mediaContradictions(index);
  const judge = kind === 'ids' ? idJudge(realIds) : JUDGES[kind];
  return located(index).flatMap((found) => found.schemas.flatMap((schema) => judge(found, schema)));
}

function located(index: OperationIndex): Located[] {
  const fields = STATEMENTS.flatMap((statement) => {
    const { requests, responses } = RESOURCES[statement.resource];
    const written = requests.flatMap(({ endpoint, at }) => {
      const operation = documented(index, endpoint);
      const body = operation && requestSchema(operation);
      return body === undefined
        ? []
        : [
            {
              where: `${endpoint} request body`,
              schemas: schemasAt(operation!.document, body, [...at, ...statement.path]),
              request: true,
              statement,
            },
          ];
    });
    const read = responses.flatMap(({ endpoint, at }) => {
      const operation = documented(index, endpoint);
      return (operation ? successSchemas(operation) : []).map(({ status, schema }) => ({
        where: `${endpoint} response ${status}`,
        schemas: schemasAt(operation!.document, schema, [...at, ...statement.path]),
        request: false,
        statement,
      }));
    });
    return [...written, ...read];
  });
  const parameters = PARAMETERS.flatMap(({ endpoint, name, in: location, statement }) => {
    const operation = documented(index, endpoint);
    const parameter =
      operation && parameterOf(operation, documentedName(operation, endpoint, name, location), location);
    return parameter === undefined
      ? []
      : [
          {
            where: `${endpoint} ${location} parameter ${name}`,
            schemas: schemasAt(operation!.document, parameter['schema'], []),
            request: true,
            statement,
          },
        ];
  });
  return [...fields, ...parameters];
}

const field = (found: Located) => (found.statement.path.length ? ` ${found.statement.path.join('.')}` : '');
const said = (found: Located) => `the specification: ${found.statement.quote}`;

type Judge = (found: Located, schema: JsonObject) => string[];

const JUDGES: Readonly<Record<Exclude<StatementKind, 'required' | 'places' | 'ids' | 'media' | 'served'>, Judge>> = {
  bounds(found, schema) {
    const stated = publishedBounds(schema);
    return Object.entries(found.statement.bounds ?? {}).flatMap(([keyword, value]) => {
      const published = stated[keyword as BoundKeyword];
      return published === undefined || published === value
        ? []
        : [`${found.where}${field(found)}: ${keyword} ${published}, where ${said(found)} (${keyword} ${value})`];
    });
  },
  enums(found, schema) {
    const enumeration = found.statement.enumeration;
    if (!enumeration || !Array.isArray(schema['enum'])) return [];
    const read = enumeration.read;
    const published = schema['enum']
      .filter((value) => value !== null)
      .map((value) => (read && typeof value === 'string' ? read(value) : value));
    const missing = enumeration.values.filter((value) => !published.includes(value));
    const unique = [...new Set(published)];
    const forms = enumeration.forms;
    const lackedForms = forms
      ? unique
          .filter((value) => enumeration.values.includes(value as string))
          .flatMap((value) => forms(value as string).filter((form) => !(schema['enum'] as unknown[]).includes(form)))
      : [];
    const admitted = enumeration.closed
      ? unique.filter(
          (value) =>
            !enumeration.values.includes(value as string) &&
            !(found.request && typeof value === 'string' && enumeration.recognised?.(value, enumeration.values)),
        )
      : [];
    return [
      ...(missing.length
        ? [`${found.where}${field(found)}: the enum lacks ${missing.join(', ')} (${said(found)})`]
        : []),
      ...(lackedForms.length
        ? [
            `${found.where}${field(found)}: the enum lacks ${lackedForms.map((v) => JSON.stringify(v)).join(', ')}, forms the specification makes valid for the fields it lists (a leading dash, and a trailing \`desc\` where documented)`,
          ]
        : []),
      ...(admitted.length
        ? [
            `${found.where}${field(found)}: the enum admits ${admitted.map((v) => JSON.stringify(v)).join(', ')} (${said(found)})`,
          ]
        : []),
    ];
  },
  defaults(found, schema) {
    const expected = found.statement.default;
    if (expected === undefined || !('default' in schema)) return [];
    const published = schema['default'];
    return sameDefault(published, expected)
      ? []
      : [`${found.where}${field(found)}: default ${JSON.stringify(published)}, where ${said(found)}`];
  },
};

/** The generated samples of a ULID rule are ULIDs: Crockford's base 32 (capitals), the first character 0-7. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Valid IDs of a rule: generated ones at its shortest and longest (several, so both cases and digits appear), and the real ones it admits. */
function idSamples(rule: IdRule, realIds: readonly string[]): string[] {
  const ulid = rule.ulid === true;
  const generated = [...new Set([rule.minLength, rule.maxLength])].flatMap((length) =>
    [0, 1, 2].map((salt) => {
      const id = wellFormedId(rule, salt, length);
      return ulid ? [...id].map((char, at) => CROCKFORD[char.charCodeAt(0) % (at === 0 ? 8 : 32)]).join('') : id;
    }),
  );
  const real = realIds.filter((id) => matchesIdRule(rule, id) && (!ulid || isUlid(id)));
  return [...generated, ...real];
}

/** The keywords a value is judged by alone (type aside): what says which strings an ID may be. */
const ID_KEYWORDS = ['pattern', 'format', 'minLength', 'maxLength'] as const;

/**
 * A published ID schema contradicts the specification when, for every rule the field follows, it refuses
 * one of the rule's IDs (ajv's semantics: a pattern is a Unicode regular expression, searched, not anchored).
 * No keyword, a wider pattern, a pattern that does not compile or a format ajv does not know: silent.
 */
function idJudge(realIds: readonly string[]): Judge {
  const ajv = newAjv();
  return (found, schema) => {
    const rules = found.statement.ids;
    const kept = Object.fromEntries(
      ID_KEYWORDS.filter(
        (keyword) => keyword in schema && (keyword !== 'format' || (schema['format'] as string) in ajv.formats),
      ).map((keyword) => [keyword, schema[keyword]]),
    );
    if (!rules || !Object.keys(kept).length) return [];
    let admits: (value: string) => boolean;
    try {
      const validate = ajv.compile(kept);
      admits = (value) => validate(value) as boolean;
    } catch {
      return [];
    }
    const refusals = rules.map((rule) => idSamples(rule, realIds).find((id) => !admits(id)));
    if (refusals.some((refused) => refused === undefined)) return [];
    const stated = Object.entries(kept)
      .map(([keyword, value]) => `${keyword} ${JSON.stringify(value)}`)
      .join(', ');
    return [
      `${found.where}${field(found)}: ${stated} refuses ${refusals.map((id) => JSON.stringify(id)).join(' and ')}, valid where ${said(found)}`,
    ];
  };
}

const sameDefault = (published: unknown, expected: string | number | boolean) =>
  published === expected ||
  (typeof published === 'string' && typeof expected === 'string' && normalOrder(published) === normalOrder(expected));

function publishedBounds(schema: JsonObject): Partial<Record<BoundKeyword, number>> {
  const length = lengthBounds(schema);
  const integers = integerBounds(schema);
  const count = (keyword: string) => {
    const value = schema[keyword];
    return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;
  };
  const all: Partial<Record<BoundKeyword, number | undefined>> = {
    minLength: length.min,
    maxLength: length.max,
    minItems: count('minItems'),
    maxItems: count('maxItems'),
    minimum: integers.min,
    maximum: integers.max,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
}

/**
 * A request item the specification makes required published as one that may be left out, or the reverse. A body
 * field is published optional where one declaration lets it be left out, required where every value must hold it
 * (a field one branch of a `oneOf` requires, such as phone_number for one agent type, is not).
 */
function presenceContradictions(index: OperationIndex): string[] {
  return [...bodyPresenceContradictions(index), ...itemPresenceContradictions(index)];
}

/**
 * A request body published required on an operation the specification gives none (every GET and DELETE of its
 * endpoints: one may be documented, optional, and never needed), and an operation the specification gives a body
 * published without one.
 */
function bodyPresenceContradictions(index: OperationIndex): string[] {
  return ENDPOINTS.flatMap((endpoint) => {
    const key = endpoint.key as EndpointKey;
    const operation = documented(index, key);
    if (!operation) return [];
    const body = deref(operation.document, operation.operation['requestBody']);
    const stated = BODIES.find((row) => row.endpoint === key);
    if (stated)
      return isJsonObject(body)
        ? []
        : [`${key}: no request body is published, where the specification gives it one: ${stated.quote}`];
    return isJsonObject(body) && body['required'] === true
      ? [`${key}: a request body is published required, where the specification gives the operation none`]
      : [];
  });
}

function itemPresenceContradictions(index: OperationIndex): string[] {
  return REQUEST_ITEMS.flatMap((item) => {
    const operation = item.presence && documented(index, item.endpoint);
    if (!operation) return [];
    const said = `where the specification: ${item.quote}`;
    if (item.in === 'body') {
      const body = requestSchema(operation);
      const declared = body === undefined ? [] : declarations(operation.document, body, item.name);
      if (!declared.length) return [];
      if (item.presence === 'required' && declared.some(({ required }) => !required.has(item.name)))
        return [`${item.endpoint} request body: ${item.name} is declared but not required, ${said}`];
      if (item.presence === 'optional' && alwaysRequired(operation.document, body, item.name))
        return [`${item.endpoint} request body: ${item.name} is required, ${said}`];
      return [];
    }
    const parameter = parameterOf(operation, item.name, item.in);
    if (!parameter) return [];
    const required = parameter['required'] === true;
    return required === (item.presence === 'required')
      ? []
      : [`${item.endpoint} ${item.in} parameter ${item.name} is ${required ? '' : 'not '}required, ${said}`];
  });
}

/**
 * A published parameter schema that refuses a value the target itself gave for the parameter: a spec_name of the
 * listing, an ID read from a list or an answer, a next_page_token (for page_token). A schema that does not compile,
 * or a reference that leads nowhere, is silent (SPEC-VALID-OPENAPI judges the document); a format ajv does not know
 * checks nothing.
 */
function servedContradictions(index: OperationIndex, served: ServedValues): string[] {
  const ajv = newAjv();
  const admits = (document: JsonObject, schema: unknown): ((value: string) => boolean) | undefined => {
    try {
      const bundled = bundleSchema(document, schema);
      for (const format of bundled.formats) if (!(format in ajv.formats)) ajv.addFormat(format, true);
      const validate = ajv.compile(bundled.schema as object);
      return (value) => validate(value) as boolean;
    } catch {
      return undefined;
    }
  };
  const places = [
    ...ENDPOINTS.flatMap((endpoint) =>
      Object.keys(endpoint.pathParams).map((name) => ({ key: endpoint.key as EndpointKey, name, in: 'path' })),
    ),
    ...LIST_ENDPOINTS.map((list) => ({ key: `GET ${list.path}` as EndpointKey, name: 'page_token', in: 'query' })),
  ];
  return places.flatMap(({ key, name, in: location }) => {
    const values = served[name] ?? [];
    const operation = values.length ? documented(index, key) : undefined;
    const parameter = operation && parameterOf(operation, documentedName(operation, key, name, location), location);
    if (!operation || !parameter || parameter['schema'] === undefined) return [];
    const admitted = admits(operation.document, parameter['schema']);
    const refused = admitted ? values.find((value) => !admitted(value)) : undefined;
    return refused === undefined
      ? []
      : [
          `${key} ${location} parameter ${name}: its schema refuses ${JSON.stringify(refused)}, which the service gave for it`,
        ];
  });
}

/** The media a success answer of each operation comes in: the document endpoint's YAML by default, JSON elsewhere. */
const SUCCESS_MEDIA: Readonly<Partial<Record<EndpointKey, { readonly name: string; readonly type: RegExp }>>> = {
  'GET /v1/openapi/{spec_name}': { name: 'YAML (its default form)', type: /yaml/i },
};
const JSON_MEDIA = { name: 'JSON', type: /json/i };

/**
 * A success response that lists media types and none in which the specification answers it (a media range with a
 * wildcard admits any); a response listing no content is silent.
 */
function mediaContradictions(index: OperationIndex): string[] {
  return ENDPOINTS.flatMap((endpoint) => {
    const key = endpoint.key as EndpointKey;
    const operation = documented(index, key);
    const responses = operation?.operation['responses'];
    if (!operation || !isJsonObject(responses)) return [];
    const media = SUCCESS_MEDIA[key] ?? JSON_MEDIA;
    return Object.entries(responses).flatMap(([status, raw]) => {
      const response = deref(operation.document, raw);
      const content = isJsonObject(response) ? response['content'] : undefined;
      if (!/^2(\d\d|XX)$/i.test(status) || !isJsonObject(content)) return [];
      const types = Object.keys(content);
      if (!types.length || types.some((type) => media.type.test(type) || type.includes('*'))) return [];
      return [`${key} ${status} lists ${types.join(', ')} and not ${media.name}, the specification's answer`];
    });
  });
}

/** Where a request item is published: `in` of a parameter, `body` of a request body's property. */
const PARAMETER_PLACES: readonly string[] = ['path', 'query', 'header', 'cookie'];

/**
 * A request item published in another place than the specification's: a parameter or body field the document
 * requires there, or one it publishes there and not in the specification's place (moved); a path parameter
 * standing where the specification places another, named as an item it places elsewhere. An item also published,
 * optional, beside the specification's place adds a way in and contradicts nothing; nor does an item left out.
 */
function placeContradictions(index: OperationIndex): string[] {
  return ENDPOINTS.flatMap((endpoint) => {
    const key = endpoint.key as EndpointKey;
    const operation = documented(index, key);
    if (!operation) return [];
    const items = REQUEST_ITEMS.filter((item) => item.endpoint === key);
    const named = (name: string, place: string) =>
      items.find((item) =>
        item.in === 'header' && place === 'header'
          ? item.name.toLowerCase() === name.toLowerCase()
          : item.name === name,
      );
    const body = requestSchema(operation);
    const bodyDeclarations = (name: string) =>
      body === undefined
        ? []
        : declarations(operation.document, body, name).filter(
            ({ facet }) => !readOnly(operation.document, facet, name),
          );
    const publishedInPlace = (item: RequestItem) =>
      item.in === 'path' ||
      (item.in === 'body' ? bodyDeclarations(item.name).length > 0 : !!parameterOf(operation, item.name, item.in));
    const placed = (item: RequestItem) => `where the specification places it in the ${item.in}: ${item.quote}`;
    const elsewhere = (item: RequestItem, where: string, required: boolean) => {
      const moved = !publishedInPlace(item);
      return required || moved
        ? [
            `${key}: ${item.name} is published as ${where}${required ? ' (required)' : ''}${moved ? ` and not in the ${item.in}` : ''}, ${placed(item)}`,
          ]
        : [];
    };
    const specPath = pathNames(endpoint.path);
    const parameters = parametersOf(operation).flatMap((parameter) => {
      const name = parameter['name'];
      const place = parameter['in'];
      if (typeof name !== 'string' || typeof place !== 'string' || !PARAMETER_PLACES.includes(place)) return [];
      const item = named(name, place);
      if (!item) return [];
      if (place !== 'path')
        return item.in === place ? [] : elsewhere(item, `a ${place} parameter`, parameter['required'] === true);
      // The document may name a path parameter its own way, but not after another item of the request.
      const standsFor = specPath[pathNames(operation.path).indexOf(name)];
      return standsFor === undefined || standsFor === name
        ? []
        : [
            `${key}: the path parameter standing for ${standsFor} is named ${name}, which the specification names ${item.in === 'path' ? 'another place of the path' : `a ${item.in} item`}: ${item.quote}`,
          ];
    });
    const fields = items
      .filter((item) => item.in !== 'body')
      .flatMap((item) => {
        const declared = bodyDeclarations(item.name);
        if (!declared.length) return [];
        return elsewhere(item, 'a request body field', alwaysRequired(operation.document, body, item.name));
      });
    return [...parameters, ...fields];
  });
}

/** The names of a path template's expressions, in order. */
const pathNames = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] as string);

/** Whether a declared property is read-only (never sent in a request). */
function readOnly(document: JsonObject, facet: JsonObject, name: string): boolean {
  const property = deref(document, (facet['properties'] as JsonObject)[name]);
  return isJsonObject(property) && property['readOnly'] === true;
}

function documented(index: OperationIndex, key: EndpointKey): DocumentedOperation | undefined {
  const [method, path] = key.split(' ') as [string, string];
  return index.find(method, path);
}

function requestSchema(operation: DocumentedOperation): unknown {
  const body = deref(operation.document, operation.operation['requestBody']);
  return isJsonObject(body) ? jsonMediaSchema(body['content']) : undefined;
}

/** The JSON schemas of the 2xx responses (`2XX` too). */
function successSchemas(operation: DocumentedOperation): { status: string; schema: unknown }[] {
  const responses = operation.operation['responses'];
  if (!isJsonObject(responses)) return [];
  return Object.entries(responses).flatMap(([status, raw]) => {
    if (!/^2(\d\d|XX)$/i.test(status)) return [];
    const response = deref(operation.document, raw);
    const schema = isJsonObject(response) ? jsonMediaSchema(response['content']) : undefined;
    return schema === undefined ? [] : [{ status, schema }];
  });
}

/** A path parameter's name in the document, which may name it its own way: the one at the same place in the path. */
function documentedName(operation: DocumentedOperation, key: EndpointKey, name: string, location: string): string {
  if (location !== 'path') return name;
  const position = pathNames(key.split(' ')[1] as string).indexOf(name);
  return pathNames(operation.path)[position] ?? name;
}

/** The operation's parameters, and its path item's it does not override. */
function parametersOf(operation: DocumentedOperation): JsonObject[] {
  const paths = operation.document['paths'];
  const item = isJsonObject(paths)
    ? Object.values(paths)
        .map((entry) => deref(operation.document, entry))
        .find((entry) => isJsonObject(entry) && Object.values(entry).includes(operation.operation))
    : undefined;
  const listed = (list: unknown) =>
    (Array.isArray(list) ? list : [])
      .map((parameter) => deref(operation.document, parameter))
      .filter((parameter): parameter is JsonObject => isJsonObject(parameter));
  const own = listed(operation.operation['parameters']);
  const key = (parameter: JsonObject) => `${String(parameter['in'])} ${String(parameter['name'])}`;
  const shared = listed(isJsonObject(item) ? item['parameters'] : undefined).filter(
    (parameter) => !own.some((mine) => key(mine) === key(parameter)),
  );
  return [...own, ...shared];
}

/** The operation's parameter (else its path item's) with this name (a header's in any letter case) and location. */
function parameterOf(operation: DocumentedOperation, name: string, location: string): JsonObject | undefined {
  return parametersOf(operation).find(
    (parameter) =>
      parameter['in'] === location &&
      (location === 'header'
        ? String(parameter['name']).toLowerCase() === name.toLowerCase()
        : parameter['name'] === name),
  );
}

const TITLES: Readonly<Record<StatementKind, string>> = {
  bounds: 'bounds (maxLength, minLength, maxItems, minItems, maximum, minimum)',
  required: 'required and optional request bodies, fields and parameters',
  places: 'request parameters and body fields in places',
  enums: 'enumerations',
  defaults: 'defaults',
  ids: 'ID patterns, formats and lengths',
  media: 'success response media types',
  served: 'parameter schemas that refuse values the service gives for them',
};

/** The JSON form of every listed document that reads, fetched once per target (the other specification checks judge the rest). */
const publishedDocuments = (t: CheckContext): Promise<{ index: OperationIndex; specNames: string[] }> =>
  t.memo('published-json-documents', async (first) => {
    const listing = await first.call('GET /v1/openapi', { auth: 'none' });
    const documents: unknown[] = [];
    const specNames = parseListing(listing.response.json).map(({ specName }) => specName);
    for (const specName of specNames) {
      const json = await first.call('GET /v1/openapi/{spec_name}', {
        params: { spec_name: specName },
        auth: 'none',
        headers: { accept: 'application/json' },
      });
      try {
        if (json.response.status >= 200 && json.response.status < 300)
          documents.push(parseForm(json.response.text, 'json').document);
      } catch {
        // Not JSON: SPEC-JSON-ON-REQUEST reports it.
      }
    }
    return {
      index: indexOperations(documents, { basePath: new URL(first.config.baseUrl as string).pathname }),
      specNames,
    };
  });

/**
 * The values the target gave for request parameters: the listing's spec names, the IDs of the lists the suite
 * discovers (personas, runs, the simulations their results name, one simulation's metric outputs), the fixtures'
 * IDs it was given, and a next_page_token of the personas list (one request).
 */
async function servedValues(t: CheckContext, specNames: readonly string[]): Promise<ServedValues> {
  const ids = (items: readonly JsonObject[], field = 'id') =>
    items.flatMap((item) => (typeof item[field] === 'string' ? [item[field]] : []));
  const found = async <T>(load: () => Promise<T>, empty: T): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      if (!isRuleViolation(error)) throw error;
      t.observe(error);
      return empty;
    }
  };
  const personaIds = ids(await found(() => personas(t), []));
  const runIds = ids(await found(() => runs(t), []), listEndpoint('runs').idField);
  const simulations = await found(() => simulationIds(t), []);
  const metricIds = simulations.length
    ? ids(await found(() => metricOutputs(t, simulations[0]!), []), listEndpoint('metrics').idField)
    : [];
  const page = await t.call('GET /v1/personas', { query: { page_size: '1' } });
  const token = (page.response.json as JsonObject | undefined)?.['next_page_token'];
  const fixture = (id: string | undefined) => (id ? [id] : []);
  return {
    spec_name: specNames,
    persona_id: personaIds,
    run_id: runIds,
    simulation_id: simulations,
    metric_output_id: metricIds,
    scheduled_run_id: fixture(t.config.scheduledRunId),
    dashboard_id: fixture(t.config.dashboardId),
    page_token: typeof token === 'string' && token !== '' ? [token] : [],
  };
}

/** IDs the target served: its personas' (one list, memoised for the run's worker); none when listing breaks a rule, which is reported. */
async function servedIds(t: CheckContext): Promise<string[]> {
  try {
    return (await personas(t)).flatMap((persona) => (typeof persona['id'] === 'string' ? [persona['id']] : []));
  } catch (error) {
    if (!isRuleViolation(error)) throw error;
    // The generated IDs still test every pattern; the rule the list broke is this run's finding, whatever else ran.
    t.observe(error);
    return [];
  }
}

/** The check of one kind: what the documents state of the specification's endpoints contradicts it nowhere. */
export async function expectStatedAsSpecified(
  t: CheckContext,
  kind: StatementKind,
  requirements: readonly RequirementId[],
): Promise<void> {
  const { index, specNames } = await publishedDocuments(t);
  if (!index.documentedEndpoints().length)
    t.skip('no listed spec could be read as JSON (see SPEC-FETCHABLE, SPEC-JSON-ON-REQUEST)');
  const contradictions = statedRuleContradictions(
    index,
    kind,
    kind === 'ids' ? await servedIds(t) : [],
    kind === 'served' ? await servedValues(t, specNames) : {},
  );
  t.assert(
    !contradictions.length,
    requirements,
    `the published documents state ${TITLES[kind]} the specification does not: ${contradictions.slice(0, 6).join('; ')}${contradictions.length > 6 ? ` (and ${contradictions.length - 6} more)` : ''}`,
  );
}

import { describe, expect, it } from 'vitest';
import { statedRuleContradictions, type StatementKind } from '../../../lib/families/published/stated-rules.js';
import { indexOperations } from '../../../lib/published/operations.js';

type Json = Record<string, unknown>;

const KINDS: readonly StatementKind[] = ['bounds', 'required', 'places', 'enums', 'defaults', 'ids', 'media'];

const json = (schema: Json): Json => ({ content: { 'application/json': { schema } } });
const ok = (schema: Json): Json => ({ description: 'OK', ...json(schema) });

/**
 * A document written as the real service writes its own (api-evangelist/coval, openapi/_original): OpenAPI 3.0
 * with `nullable`, `/v1` in the server URL, request bodies inline, enums as named schemas behind `$ref`,
 * parameters behind `$ref`, a resource composed with `allOf`, `201` for creates, bounds of bytes in prose only,
 * `null` listed in a nullable enum, a query parameter with an example and no default.
 */
function realStyle(): Json {
  return {
    openapi: '3.0.3',
    info: { title: 'Agents', version: '1' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths: {
      '/agents': {
        post: {
          requestBody: {
            required: true,
            ...json({
              type: 'object',
              required: ['display_name', 'model_type'],
              properties: {
                display_name: { type: 'string', minLength: 1, maxLength: 200 },
                model_type: { $ref: '#/components/schemas/SimulatorType' },
                prompt: { type: 'string', nullable: true, maxLength: 50000 },
                metadata: {
                  type: 'object',
                  description: 'Simulator-specific configuration (JSONB, max 10MB)',
                  properties: { response_format: { type: 'string', enum: ['chat_completions', 'responses'] } },
                },
                metric_ids: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z0-9]{22}$' }, default: [] },
                customer_agent_id: { type: 'string', minLength: 1, maxLength: 200 },
              },
            }),
          },
          responses: { '201': ok({ type: 'object', properties: { agent: { $ref: '#/components/schemas/Agent' } } }) },
        },
      },
      '/agents/{id}': {
        get: {
          parameters: [{ $ref: '#/components/parameters/AgentId' }],
          responses: { '200': ok({ type: 'object', properties: { agent: { $ref: '#/components/schemas/Agent' } } }) },
        },
      },
      '/agents/{agent_id}/mutations': {
        post: {
          parameters: [{ $ref: '#/components/parameters/AgentId2' }],
          requestBody: {
            ...json({
              type: 'object',
              required: ['display_name'],
              properties: {
                display_name: { type: 'string', minLength: 1, maxLength: 200 },
                description: { type: 'string', maxLength: 2000, default: '' },
                config_overrides: { type: 'object', default: {}, description: 'Max 10KB.' },
              },
            }),
          },
          responses: { '201': ok({ type: 'object' }) },
        },
      },
      '/test-cases': {
        post: {
          requestBody: json({
            type: 'object',
            required: ['input_str', 'test_set_id'],
            properties: {
              input_str: { type: 'string', minLength: 1 },
              test_set_id: { type: 'string', minLength: 8, maxLength: 8 },
              input_type: {
                type: 'string',
                nullable: true,
                enum: ['SCENARIO', 'TRANSCRIPT', 'IVR', 'AUDIO', 'MANUAL', 'SCRIPT', null],
                default: 'SCENARIO',
              },
            },
          }),
          responses: { '201': ok({ type: 'object' }) },
        },
      },
      '/review-projects': {
        post: {
          requestBody: json({
            type: 'object',
            required: ['display_name', 'assignees', 'linked_simulation_ids', 'linked_metric_ids'],
            properties: {
              display_name: { type: 'string', minLength: 1, maxLength: 200 },
              assignees: { type: 'array', minItems: 1, items: { type: 'string' } },
              linked_simulation_ids: { type: 'array', minItems: 1, items: { type: 'string' } },
              linked_metric_ids: { type: 'array', minItems: 1, items: { type: 'string' } },
              project_type: {
                type: 'string',
                enum: ['PROJECT_COLLABORATIVE', 'PROJECT_INDIVIDUAL'],
                default: 'PROJECT_INDIVIDUAL',
              },
              notifications: { type: 'boolean', default: true },
              project_rules: { type: 'array', nullable: true, items: { $ref: '#/components/schemas/ProjectRule' } },
            },
          }),
          responses: { '201': ok({ type: 'object' }) },
        },
      },
      '/personas': {
        get: {
          parameters: [
            { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
            { name: 'order_by', in: 'query', schema: { type: 'string', example: '-create_time' } },
          ],
          responses: { '200': ok({ type: 'object' }) },
        },
      },
      '/runs': {
        get: {
          parameters: [
            { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 50 } },
            { name: 'order_by', in: 'query', schema: { type: 'string', default: '-create_time' } },
          ],
          responses: {
            '200': ok({
              type: 'object',
              properties: {
                runs: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { status: { type: 'string', enum: ['PENDING', 'IN PROGRESS', 'COMPLETED'] } },
                  },
                },
              },
            }),
          },
        },
      },
      '/simulations/{simulation_id}/metrics': {
        get: {
          parameters: [
            {
              name: 'simulation_id',
              in: 'path',
              required: true,
              schema: { type: 'string', minLength: 22, maxLength: 27 },
            },
            { name: 'order_by', in: 'query', schema: { type: 'string', default: 'metric_name' } },
          ],
          responses: { '200': ok({ type: 'object' }) },
        },
      },
    },
    components: {
      parameters: {
        AgentId: { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9]{22}$' } },
        AgentId2: {
          name: 'agent_id',
          in: 'path',
          required: true,
          schema: { type: 'string', minLength: 22, maxLength: 22 },
        },
      },
      schemas: {
        SimulatorType: {
          type: 'string',
          enum: [
            'MODEL_TYPE_VOICE',
            'MODEL_TYPE_OUTBOUND_VOICE',
            'MODEL_TYPE_CHAT',
            'MODEL_TYPE_SMS',
            'MODEL_TYPE_WEBSOCKET',
          ],
        },
        ProjectRule: { type: 'string', enum: ['require_disagreement_notes'] },
        Named: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        Agent: {
          allOf: [
            { $ref: '#/components/schemas/Named' },
            {
              type: 'object',
              properties: {
                display_name: { type: 'string', minLength: 1, maxLength: 200 },
                model_type: { $ref: '#/components/schemas/SimulatorType' },
                phone_number: { type: 'string', nullable: true, maxLength: 200 },
              },
            },
          ],
        },
      },
    },
  };
}

function contradictions(document: Json): Record<StatementKind, string[]> {
  const index = indexOperations([document]);
  return Object.fromEntries(KINDS.map((kind) => [kind, statedRuleContradictions(index, kind)])) as Record<
    StatementKind,
    string[]
  >;
}

/** The real style with one change, made on a copy. */
function changed(change: (doc: any) => void): Json {
  const doc = structuredClone(realStyle());
  change(doc);
  return doc;
}

const body = (doc: any, path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;

describe('stated rules of the published documents', () => {
  it('finds nothing to contradict in a document written as the real service writes its own', () => {
    expect(contradictions(realStyle())).toEqual({
      bounds: [],
      required: [],
      places: [],
      enums: [],
      defaults: [],
      ids: [],
      media: [],
    });
  });

  it('in 3.1, a nullable written as a branch of `type: null` is read through', () => {
    const doc = changed((d) => {
      d.openapi = '3.1.0';
      body(d, '/agents').properties.prompt = { anyOf: [{ type: 'string', maxLength: 50000 }, { type: 'null' }] };
    });
    expect(contradictions(doc).bounds).toEqual([]);
    body(doc, '/agents').properties.prompt.anyOf[0].maxLength = 5000;
    expect(contradictions(doc).bounds).toEqual([
      expect.stringContaining('POST /v1/agents request body prompt: maxLength 5000'),
    ]);
  });

  it('fails a bound other than the specification, in a request, in a resource composed with allOf, in a parameter', () => {
    const doc = changed((d) => {
      body(d, '/agents').properties.display_name.maxLength = 255;
      d.components.schemas.Agent.allOf[1].properties.phone_number.maxLength = 100;
      d.components.parameters.AgentId2.schema.maxLength = 26;
      d.paths['/runs'].get.parameters[0].schema.maximum = 100;
    });
    const { bounds } = contradictions(doc);
    expect(bounds).toEqual([
      expect.stringContaining('POST /v1/agents request body display_name: maxLength 255'),
      expect.stringContaining('POST /v1/agents response 201 phone_number: maxLength 100'),
      expect.stringContaining('GET /v1/agents/{agent_id} response 200 phone_number: maxLength 100'),
      expect.stringContaining('GET /v1/runs query parameter page_size: maximum 100'),
      expect.stringContaining('POST /v1/agents/{agent_id}/mutations path parameter agent_id: maxLength 26'),
    ]);
  });

  it('reads an exclusive bound as the integer it admits', () => {
    const doc = changed((d) => {
      d.paths['/runs'].get.parameters[0].schema = {
        type: 'integer',
        minimum: 0,
        exclusiveMinimum: true,
        maximum: 1000,
      };
    });
    expect(contradictions(doc).bounds).toEqual([]);
  });

  it('fails a required field left out of the required list, or with no list at all; a body silent on the field passes', () => {
    const dropped = changed((d) => {
      body(d, '/test-cases').required = ['input_str'];
      delete body(d, '/review-projects').required;
    });
    expect(contradictions(dropped).required).toEqual([
      expect.stringContaining('POST /v1/test-cases request body: test_set_id is declared but not required'),
      ...['display_name', 'assignees', 'linked_simulation_ids', 'linked_metric_ids'].map((name) =>
        expect.stringContaining(`POST /v1/review-projects request body: ${name} is declared but not required`),
      ),
    ]);
    const silent = changed((d) => {
      body(d, '/test-cases').properties = {};
      delete body(d, '/test-cases').required;
      d.paths['/review-projects'].post.requestBody = json({ type: 'object', additionalProperties: true });
    });
    expect(contradictions(silent).required).toEqual([]);
  });

  it('fails an optional query parameter, header or body field published as required; unstated ones, and one a branch requires, pass', () => {
    const doc = changed((d) => {
      d.paths['/runs'].get.parameters[1].required = true;
      d.paths['/runs'].get.parameters.push({
        name: 'filter',
        in: 'query',
        required: false,
        schema: { type: 'string' },
      });
      body(d, '/test-cases').required.push('input_type');
      body(d, '/agents').required.push('prompt');
      body(d, '/agents').properties.phone_number = { type: 'string' };
      d.paths['/openapi/{spec_name}'] = {
        get: {
          parameters: [
            { name: 'spec_name', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'accept', in: 'header', required: true, schema: { type: 'string' } },
          ],
          responses: { '200': ok({ type: 'object' }) },
        },
      };
    });
    expect(contradictions(doc).required).toEqual([
      expect.stringContaining('GET /v1/runs query parameter order_by is required'),
      expect.stringContaining('GET /v1/openapi/{spec_name} header parameter Accept is required'),
      expect.stringContaining('POST /v1/test-cases request body: input_type is required, where the specification'),
    ]);
    body(doc, '/agents').oneOf = [
      { required: ['phone_number'], properties: { model_type: { enum: ['MODEL_TYPE_VOICE'] } } },
      { properties: { model_type: { enum: ['MODEL_TYPE_CHAT'] } } },
    ];
    expect(contradictions(doc).required).toHaveLength(3);
    body(doc, '/agents').oneOf[1].required = ['phone_number'];
    expect(contradictions(doc).required).toContainEqual(
      expect.stringContaining('POST /v1/agents request body: phone_number is required'),
    );
  });

  it('fails a request item published in another place, required there or moved there; an optional copy beside it passes', () => {
    const parameter = (name: string, place: string, required: boolean) => ({
      name,
      in: place,
      required,
      schema: { type: 'string' },
    });
    const copied = changed((d) => {
      d.paths['/test-cases'].post.parameters = [parameter('test_set_id', 'query', false)];
      body(d, '/agents/{agent_id}/mutations').properties.agent_id = { type: 'string', readOnly: true };
      body(d, '/review-projects').properties.agent_id = { type: 'string' };
    });
    expect(contradictions(copied).places).toEqual([]);
    const moved = changed((d) => {
      d.paths['/test-cases'].post.parameters = [parameter('test_set_id', 'query', false)];
      delete body(d, '/test-cases').properties.test_set_id;
      d.paths['/runs'].get.parameters.push(parameter('page_token', 'header', true));
      body(d, '/agents/{agent_id}/mutations').properties.agent_id = { type: 'string' };
      body(d, '/agents/{agent_id}/mutations').required.push('agent_id');
      d.paths['/simulations/{simulation_id}/metrics'].get.parameters.push(parameter('page_size', 'cookie', false));
    });
    expect(contradictions(moved).places).toEqual([
      expect.stringContaining(
        'POST /v1/agents/{agent_id}/mutations: agent_id is published as a request body field (required), where the specification places it in the path',
      ),
      expect.stringContaining(
        'POST /v1/test-cases: test_set_id is published as a query parameter and not in the body, where the specification places it in the body',
      ),
      expect.stringContaining('GET /v1/runs: page_token is published as a header parameter (required)'),
      expect.stringContaining(
        'GET /v1/simulations/{simulation_id}/metrics: page_size is published as a cookie parameter and not in the query',
      ),
    ]);
  });

  it('fails a path parameter named after another item of the request; one named its own way passes', () => {
    const doc = changed((d) => {
      d.paths['/agents/{agent_id}/mutations/{mutation_id}'] = {
        get: {
          parameters: ['mutation_id', 'agent_id'].map((name) => ({
            name,
            in: 'path',
            required: true,
            schema: { type: 'string' },
          })),
          responses: { '200': ok({ type: 'object' }) },
        },
      };
      d.paths['/agents/{mutation_id}/mutations/{agent_id}'] = d.paths['/agents/{agent_id}/mutations/{mutation_id}'];
      delete d.paths['/agents/{agent_id}/mutations/{mutation_id}'];
    });
    expect(contradictions(doc).places).toEqual([
      expect.stringContaining(
        'GET /v1/agents/{agent_id}/mutations/{mutation_id}: the path parameter standing for agent_id is named mutation_id',
      ),
      expect.stringContaining('the path parameter standing for mutation_id is named agent_id'),
    ]);
  });

  it('takes required from every allOf part the field is declared with', () => {
    const doc = changed((d) => {
      const { required, ...rest } = body(d, '/review-projects');
      d.paths['/review-projects'].post.requestBody = json({ allOf: [rest, { required }] });
    });
    expect(contradictions(doc).required).toEqual([]);
  });

  it('fails an enum lacking a value or admitting one the specification forbids; recognised spellings only in requests', () => {
    const doc = changed((d) => {
      d.components.schemas.SimulatorType.enum.push('VOICE', 'voice');
    });
    expect(contradictions(doc).enums).toEqual([
      expect.stringContaining('POST /v1/agents response 201 model_type: the enum admits "VOICE", "voice"'),
      expect.stringContaining('GET /v1/agents/{agent_id} response 200 model_type: the enum admits "VOICE", "voice"'),
    ]);
    const narrowed = changed((d) => {
      body(d, '/test-cases').properties.input_type.enum = ['SCENARIO', 'TRANSCRIPT'];
      d.components.schemas.ProjectRule.enum.push('require_notes');
      body(d, '/agents').properties.metadata.properties.response_format.enum = ['chat_completions'];
      d.paths['/runs'].get.responses['200'].content[
        'application/json'
      ].schema.properties.runs.items.properties.status.enum = ['DONE'];
    });
    expect(contradictions(narrowed).enums).toEqual([
      expect.stringContaining('POST /v1/agents request body response_format: the enum lacks responses'),
      expect.stringContaining('POST /v1/test-cases request body input_type: the enum lacks IVR, AUDIO, MANUAL, SCRIPT'),
      expect.stringContaining(
        'POST /v1/review-projects request body project_rules.[]: the enum admits "require_notes"',
      ),
      expect.stringContaining('GET /v1/runs response 200 status: the enum lacks COMPLETED'),
    ]);
  });

  it('fails a default other than the specification; the same order written another way passes', () => {
    const doc = changed((d) => {
      d.paths['/runs'].get.parameters[1].schema.default = 'create_time desc';
      d.paths['/simulations/{simulation_id}/metrics'].get.parameters[1].schema.default = 'metric_name asc';
    });
    expect(contradictions(doc).defaults).toEqual([]);
    const wrong = changed((d) => {
      d.paths['/runs'].get.parameters[1].schema.default = 'create_time';
      body(d, '/review-projects').properties.notifications.default = false;
      body(d, '/agents/{agent_id}/mutations').properties.description.default = null;
    });
    expect(contradictions(wrong).defaults).toEqual([
      expect.stringContaining('POST /v1/agents/{agent_id}/mutations request body description: default null'),
      expect.stringContaining('POST /v1/review-projects request body notifications: default false'),
      expect.stringContaining('GET /v1/runs query parameter order_by: default "create_time"'),
    ]);
  });

  it('reads an enum of orders as the fields they name', () => {
    const fields = ['create_time', 'update_time', 'status', 'agent_id', 'persona_id', 'test_set_id'];
    const doc = changed((d) => {
      d.paths['/runs'].get.parameters[1].schema.enum = [...fields, ...fields.map((f) => `-${f}`), 'create_time desc'];
    });
    expect(contradictions(doc).enums).toEqual([]);
    const wrong = changed((d) => {
      d.paths['/runs'].get.parameters[1].schema.enum = [...fields.slice(0, -1), '-name'];
    });
    expect(contradictions(wrong).enums).toEqual([
      expect.stringContaining('GET /v1/runs query parameter order_by: the enum lacks test_set_id'),
      expect.stringContaining('GET /v1/runs query parameter order_by: the enum lacks "-create_time"'),
      expect.stringContaining('GET /v1/runs query parameter order_by: the enum admits "name"'),
    ]);
  });

  it('fails an enum of orders lacking a form the specification gives a field it lists; `f asc` is not one', () => {
    const fields = ['create_time', 'update_time', 'name'];
    const all = [...fields, ...fields.map((f) => `-${f}`), ...fields.map((f) => `${f} desc`)];
    const doc = changed((d) => {
      d.paths['/personas'].get.parameters[1].schema.enum = all;
    });
    expect(contradictions(doc).enums).toEqual([]);
    const wrong = changed((d) => {
      d.paths['/personas'].get.parameters[1].schema.enum = fields;
    });
    expect(contradictions(wrong).enums).toEqual([
      expect.stringContaining(
        'GET /v1/personas query parameter order_by: the enum lacks "-create_time", "create_time desc", "-update_time"',
      ),
    ]);
    // The runs list documents no trailing `desc`: its dash forms suffice.
    const runs = ['create_time', 'update_time', 'status', 'agent_id', 'persona_id', 'test_set_id'];
    const dashed = changed((d) => {
      d.paths['/runs'].get.parameters[1].schema.enum = [...runs, ...runs.map((f) => `-${f}`)];
    });
    expect(contradictions(dashed).enums).toEqual([]);
  });

  it('fails an ID pattern, format or length that refuses IDs the rule allows; a wider or absent one passes', () => {
    const wrong = changed((d) => {
      d.components.parameters.AgentId.schema.pattern = '^[A-Za-z0-9]{26}$';
      d.components.parameters.AgentId2.schema = { type: 'string', format: 'uuid' };
      body(d, '/agents').properties.metric_ids.items.pattern = '^[A-Z0-9]{22}$';
    });
    expect(contradictions(wrong).ids).toEqual([
      expect.stringContaining('POST /v1/agents request body metric_ids.[]: pattern "^[A-Z0-9]{22}$" refuses'),
      expect.stringContaining('GET /v1/agents/{agent_id} path parameter agent_id: pattern "^[A-Za-z0-9]{26}$" refuses'),
      expect.stringContaining('POST /v1/agents/{agent_id}/mutations path parameter agent_id: format "uuid" refuses'),
    ]);
    const wider = changed((d) => {
      d.components.parameters.AgentId.schema.pattern = '[A-Za-z0-9]';
      d.components.parameters.AgentId2.schema = { type: 'string', format: 'an-unknown-format', pattern: '(' };
    });
    expect(contradictions(wider).ids).toEqual([]);
  });

  it('takes either rule the specification gives test set IDs, and tests the IDs the target served', () => {
    const eight = changed((d) => {
      body(d, '/agents').properties.test_set_ids = {
        type: 'array',
        items: { type: 'string', pattern: '^[A-Za-z0-9]{8}$' },
      };
    });
    expect(contradictions(eight).ids).toEqual([]);
    const index = indexOperations([realStyle()]);
    expect(statedRuleContradictions(index, 'ids', ['abcdefghijklmnopqrstuv'])).toEqual([]);
    const served = changed((d) => {
      d.components.parameters.AgentId.schema.pattern = '^(?!abcdefghijklmnopqrstuv$)[A-Za-z0-9]{22}$';
    });
    expect(statedRuleContradictions(indexOperations([served]), 'ids')).toEqual([]);
    expect(statedRuleContradictions(indexOperations([served]), 'ids', ['abcdefghijklmnopqrstuv'])).toEqual([
      expect.stringContaining('refuses "abcdefghijklmnopqrstuv"'),
    ]);
  });

  it('fails a success response listing media types and none the specification answers in; no content or a wildcard passes', () => {
    const answering = (types: readonly string[]) =>
      changed((d) => {
        const content = Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }]));
        d.paths['/openapi/{spec_name}'] = {
          get: {
            parameters: [{ name: 'spec_name', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'OK', ...(types.length ? { content } : {}) } },
          },
        };
      });
    expect(contradictions(answering(['application/json'])).media).toEqual([
      expect.stringContaining('GET /v1/openapi/{spec_name} 200 lists application/json and not YAML'),
    ]);
    expect(contradictions(answering(['application/json', 'application/yaml'])).media).toEqual([]);
    expect(contradictions(answering(['text/x-yaml'])).media).toEqual([]);
    expect(contradictions(answering(['*/*'])).media).toEqual([]);
    expect(contradictions(answering([])).media).toEqual([]);
    const plain = changed((d) => {
      d.paths['/agents'].post.responses['201'].content = { 'text/plain': { schema: { type: 'string' } } };
    });
    expect(contradictions(plain).media).toEqual([
      expect.stringContaining('POST /v1/agents 201 lists text/plain and not JSON'),
    ]);
  });
});

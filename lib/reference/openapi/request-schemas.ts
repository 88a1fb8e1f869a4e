// Request body schemas (draft-07, like the canonical ones), from the same limits,
// enums and field names the routes enforce.

import {
  CHAT_RESPONSE_FORMATS,
  DEFAULTS,
  INPUT_TYPES,
  MODEL_TYPES,
  PROJECT_RULES,
  PROJECT_TYPES,
} from '../../contract/enums.js';
import { ID_RULES } from '../../contract/ids.js';
import type { FieldLimitId } from '../../contract/limits.js';
import type { Behaviour } from '../behaviour.js';
import { publishedIdPattern } from '../validation/id-format.js';
import { limitRow } from '../validation/measure.js';
import type { JsonObject } from '../../util/json.js';

type Schema = JsonObject;

/** A length- or count-limited field, with the bounds the service enforces. */
function bounded(b: Behaviour, id: FieldLimitId, schema: Schema): Schema {
  const { min, max } = b.limits[id];
  const unit = limitRow(id).unit;
  if (unit === 'bytes') return { ...schema, description: `At most ${max} bytes as compact JSON.` };
  const [minKey, maxKey] = unit === 'items' ? ['minItems', 'maxItems'] : ['minLength', 'maxLength'];
  return {
    ...schema,
    ...(min === undefined ? {} : { [minKey]: min }),
    ...(max === undefined ? {} : { [maxKey]: max }),
  };
}

const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });
const strings = (extra: Schema = {}): Schema => ({ type: 'array', items: { type: 'string' }, ...extra });
const jsonValue = (description: string): Schema => ({
  description: `JSON text or a JSON object. ${description}`.trim(),
});

function simulatorConfiguration(b: Behaviour): Schema {
  const size = (id: FieldLimitId) => `At most ${b.limits[id].max} bytes.`;
  return nullable('object', {
    description: 'Simulator-specific configuration; returned as `metadata`. Keys depend on model_type.',
    properties: {
      chat_endpoint: { type: 'string', format: 'uri', description: 'CHAT: required; public HTTP(S) URL.' },
      authorization_header: { type: 'string' },
      initialization_endpoint: { type: 'string', format: 'uri', description: 'CHAT: HTTP(S) URL.' },
      initialization_payload: jsonValue(size('chat.initialization_payload')),
      custom_data: jsonValue(size('chat.custom_data')),
      custom_persona_data: jsonValue(size('chat.custom_persona_data')),
      custom_headers: jsonValue(size('chat.custom_headers')),
      response_format: { type: 'string', enum: [...CHAT_RESPONSE_FORMATS] },
      input_template: jsonValue('Must be valid JSON.'),
      payload_wrapper: { type: 'string' },
      response_message_path: { type: 'string' },
      strip_message_timestamps: { type: 'boolean' },
      tool_call_extraction_config: { type: 'object' },
      persona_id: { type: 'string', pattern: publishedIdPattern(ID_RULES.persona) },
      trigger_call_headers: jsonValue('OUTBOUND_VOICE.'),
      trigger_call_payload: jsonValue('OUTBOUND_VOICE.'),
      phone_number_key: { type: 'string' },
      endpoint: { type: 'string', pattern: '^wss://', description: 'WEBSOCKET: required wss:// URL.' },
      initialization_json: jsonValue('WEBSOCKET: required.'),
    },
  });
}

function createAgent(b: Behaviour): Schema {
  const reference = nullable('array', {
    items: { type: 'string', pattern: publishedIdPattern(ID_RULES.agentReference) },
  });
  return {
    type: 'object',
    required: ['display_name', 'model_type'],
    properties: {
      display_name: bounded(b, 'agent.display_name', { type: 'string' }),
      model_type: { type: 'string', enum: [...MODEL_TYPES, ...Object.keys(b.modelTypeAliases)] },
      phone_number: bounded(
        b,
        'agent.phone_number',
        nullable('string', { description: 'E.164 phone number or SIP address.' }),
      ),
      endpoint: bounded(
        b,
        'agent.endpoint',
        nullable('string', { format: 'uri', description: 'Required for MODEL_TYPE_OUTBOUND_VOICE.' }),
      ),
      prompt: bounded(b, 'agent.prompt', nullable('string')),
      [b.simulatorConfigField]: simulatorConfiguration(b),
      workflows: bounded(b, 'agent.workflows', nullable('object')),
      metric_ids: reference,
      test_set_ids: reference,
    },
  };
}

/** The body of PATCH /v1/agents/{agent_id} (one of the generic layer's): a new display_name, with the limits of POST's. */
function updateAgent(b: Behaviour): Schema {
  return {
    type: 'object',
    required: ['display_name'],
    properties: { display_name: bounded(b, 'agent.display_name', { type: 'string' }) },
  };
}

function createMutation(b: Behaviour): Schema {
  return {
    type: 'object',
    required: ['display_name'],
    properties: {
      display_name: bounded(b, 'mutation.display_name', { type: 'string' }),
      description: bounded(b, 'mutation.description', nullable('string', { default: DEFAULTS.mutationDescription })),
      config_overrides: bounded(b, 'mutation.config_overrides', nullable('object')),
      parameter_values: nullable('object', { additionalProperties: { type: 'string' } }),
    },
  };
}

function createTestCase(b: Behaviour): Schema {
  return {
    type: 'object',
    required: ['input_str', 'test_set_id'],
    properties: {
      input_str: bounded(b, 'testCase.input_str', { type: 'string' }),
      test_set_id: bounded(b, 'testCase.test_set_id', { type: 'string' }),
      expected_behaviors: nullable('array', { items: { type: 'string' } }),
      expected_output_str: nullable('string', { deprecated: true }),
      expected_output_json: nullable('object'),
      description: nullable('string'),
      input_type: { type: 'string', enum: [...INPUT_TYPES], default: DEFAULTS.testCaseInputType },
      simulation_metadata_input: nullable('object'),
      metric_input: nullable('object'),
      user_notes: nullable('string'),
    },
  };
}

function updateDashboard(b: Behaviour): Schema {
  return {
    type: 'object',
    required: ['display_name'],
    properties: { display_name: bounded(b, 'dashboard.display_name', { type: 'string' }) },
  };
}

function createReviewProject(b: Behaviour): Schema {
  return {
    type: 'object',
    required: ['display_name', 'assignees', 'linked_simulation_ids', 'linked_metric_ids'],
    properties: {
      display_name: bounded(b, 'reviewProject.display_name', { type: 'string' }),
      assignees: bounded(b, 'reviewProject.assignees', strings({ items: { type: 'string', format: 'email' } })),
      linked_simulation_ids: bounded(b, 'reviewProject.linked_simulation_ids', strings()),
      linked_metric_ids: bounded(b, 'reviewProject.linked_metric_ids', strings()),
      description: nullable('string'),
      project_type: { type: 'string', enum: [...PROJECT_TYPES], default: DEFAULTS.reviewProjectType },
      notifications: { type: 'boolean', default: DEFAULTS.reviewProjectNotifications },
      project_rules: nullable('array', { items: { type: 'string', enum: [...PROJECT_RULES] } }),
    },
  };
}

/** Request body schema names by endpoint key, and their builders. */
const REQUEST_BODIES: Readonly<Record<string, readonly [string, (b: Behaviour) => Schema]>> = {
  'POST /v1/agents': ['CreateAgentRequest', createAgent],
  'POST /v1/agents/{agent_id}/mutations': ['CreateMutationRequest', createMutation],
  'POST /v1/test-cases': ['CreateTestCaseRequest', createTestCase],
  'PATCH /v1/dashboards/{dashboard_id}': ['UpdateDashboardRequest', updateDashboard],
  'POST /v1/review-projects': ['CreateReviewProjectRequest', createReviewProject],
  'PATCH /v1/agents/{agent_id}': ['UpdateAgentRequest', updateAgent],
};

export const requestSchemaName = (endpointKey: string): string | undefined => REQUEST_BODIES[endpointKey]?.[0];

export function requestSchemas(b: Behaviour): Record<string, Schema> {
  return Object.fromEntries(Object.values(REQUEST_BODIES).map(([name, build]) => [name, build(b)]));
}

// Canonical JSON Schemas (draft-07) of every resource, envelope and the error body.
// They assert what the spec states and no more: fields the spec lists are typed where
// present; `required` holds only what the spec makes always present (identity, wrapper,
// explicitly stated fields). Extra fields are allowed: the spec never forbids them.
// Format `iso-utc` is registered by lib/schema/ajv.ts.

import { INPUT_TYPES, MODEL_TYPES, PROJECT_TYPES, PROJECT_RULES } from './enums.js';
import { ID_RULES, idPattern } from './ids.js';

type Schema = Record<string, unknown>;

const str: Schema = { type: 'string' };
const nullableStr: Schema = { type: ['string', 'null'] };
const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const bool: Schema = { type: 'boolean' };
const obj: Schema = { type: 'object' };
const timestamp: Schema = { type: 'string', format: 'iso-utc' };
const nullableTimestamp: Schema = { type: ['string', 'null'], format: 'iso-utc' };
const strArray: Schema = { type: 'array', items: str };
/** The agent's webhook: HTTP or HTTPS whenever it holds a URL, whether sent or filled in by the server ("" or null when none). */
const webhookUrl: Schema = { type: ['string', 'null'], pattern: '^$|^[Hh][Tt][Tt][Pp][Ss]?://' };
/** An ID field: the ID itself, never the resource name `<collection>/<id>` (format `bare-id`, ID-FIELDS-HOLD-IDS). */
const BARE_ID = 'bare-id';
const id = (rule: (typeof ID_RULES)[keyof typeof ID_RULES]): Schema => ({
  type: 'string',
  pattern: idPattern(rule),
  format: BARE_ID,
});
/** An ID of unstated form. */
const heldId: Schema = { type: 'string', format: BARE_ID };
const heldIds: Schema = { type: 'array', items: heldId };
/** A configuration key the specification calls an ID (CHAT persona_id): its type is the configuration checks' concern. */
const configIds: Schema = { properties: { persona_id: { format: BARE_ID } } };
const resource = (required: string[], properties: Record<string, Schema>): Schema => ({
  type: 'object',
  required,
  properties,
});
const wrapped = (key: string, ref: string): Schema => ({
  type: 'object',
  required: [key],
  properties: { [key]: { $ref: `#/definitions/${ref}` } },
});
const list = (key: string, ref: string): Schema => ({
  type: 'object',
  required: [key],
  properties: { [key]: { type: 'array', items: { $ref: `#/definitions/${ref}` } }, next_page_token: nullableStr },
});

export const DEFINITIONS: Record<string, Schema> = {
  Agent: resource(['id', 'display_name', 'model_type', 'knowledge_base_ids', 'create_time', 'update_time'], {
    id: id(ID_RULES.agent),
    display_name: { type: 'string', minLength: 1 },
    model_type: { type: 'string', enum: [...MODEL_TYPES] },
    phone_number: nullableStr,
    endpoint: webhookUrl,
    prompt: nullableStr,
    metadata: { type: ['object', 'null'], ...configIds },
    workflows: { type: ['object', 'null'] },
    metric_ids: { type: 'array', items: id(ID_RULES.agentReference) },
    test_set_ids: { type: 'array', items: id(ID_RULES.agentReference) },
    knowledge_base_ids: heldIds,
    create_time: timestamp,
    update_time: timestamp,
  }),
  Mutation: resource(['id', 'agent_id', 'display_name', 'create_time'], {
    id: id(ID_RULES.mutation),
    agent_id: id(ID_RULES.agent),
    display_name: { type: 'string', minLength: 1 },
    description: str,
    config_overrides: { ...obj, ...configIds },
    parameter_values: { type: 'object', additionalProperties: str },
    create_time: timestamp,
    update_time: nullableTimestamp,
  }),
  Persona: resource(['resource_name', 'id'], {
    resource_name: str,
    id: id(ID_RULES.persona),
    name: str,
    persona_prompt: str,
    voice_name: str,
    language_code: { type: 'string', pattern: '^[a-z]{2,3}-([A-Z]{2}|[0-9]{3})$' },
    background_sound: str,
    wait_seconds: num,
    conversation_initiation: str,
    hold_music_timeout_seconds: int,
    create_time: timestamp,
    update_time: timestamp,
  }),
  PhoneNumber: resource(['index', 'phone_number'], { index: int, phone_number: str }),
  PhoneNumbers: resource(['inbound', 'outbound'], {
    inbound: { type: 'array', items: { $ref: '#/definitions/PhoneNumber' } },
    outbound: { type: 'array', items: { $ref: '#/definitions/PhoneNumber' } },
  }),
  RunProgress: {
    type: 'object',
    properties: {
      total_test_cases: { type: 'integer', minimum: 0 },
      completed_test_cases: { type: 'integer', minimum: 0 },
      failed_test_cases: { type: 'integer', minimum: 0 },
      in_progress_test_cases: { type: 'integer', minimum: 0 },
    },
  },
  MetricSummary: resource(['mean', 'min', 'max'], { mean: num, min: num, max: num }),
  RunResults: {
    type: 'object',
    properties: {
      output_ids: heldIds,
      metrics: { type: 'object', additionalProperties: { $ref: '#/definitions/MetricSummary' } },
    },
  },
  Run: resource(['name', 'run_id'], {
    name: str,
    run_id: heldId,
    status: str,
    create_time: timestamp,
    update_time: timestamp,
    agent_id: heldId,
    persona_id: heldId,
    test_set_id: heldId,
    tags: strArray,
    progress: { $ref: '#/definitions/RunProgress' },
    results: { $ref: '#/definitions/RunResults' },
    metadata: { type: 'object', additionalProperties: str },
    error: nullableStr,
  }),
  TestCase: resource(['name', 'id', 'test_set_id', 'input_str', 'input_type'], {
    name: str,
    id: id(ID_RULES.testCase),
    test_set_id: { ...heldId, minLength: 8, maxLength: 8 },
    input_str: { type: 'string', minLength: 1 },
    expected_behaviors: { type: ['array', 'null'], items: str },
    expected_output_str: nullableStr,
    expected_output_json: { type: ['object', 'null'] },
    description: nullableStr,
    input_type: { type: 'string', enum: [...INPUT_TYPES] },
    simulation_metadata_input: { type: ['object', 'null'] },
    metric_input: { type: ['object', 'null'] },
    user_notes: nullableStr,
    create_time: timestamp,
    update_time: timestamp,
  }),
  ScheduledRun: resource(['name', 'id'], {
    name: str,
    id: id(ID_RULES.scheduledRun),
    display_name: str,
    run_template_id: heldId,
    schedule_expression: { type: 'string', pattern: '^(rate|cron)\\(.*\\)$' },
    schedule_timezone: str,
    enabled: bool,
    last_run_at: nullableTimestamp,
    last_run_id: { ...heldId, type: ['string', 'null'] },
    create_time: timestamp,
    update_time: nullableTimestamp,
  }),
  Dashboard: resource(['name', 'display_name'], {
    name: { type: 'string', pattern: `^dashboards/${idPattern(ID_RULES.dashboard).slice(1, -1)}$` },
    display_name: { type: 'string', minLength: 1 },
    create_time: timestamp,
    update_time: timestamp,
  }),
  ReviewProject: resource(
    [
      'name',
      'id',
      'display_name',
      'assignees',
      'linked_simulation_ids',
      'linked_metric_ids',
      'project_type',
      'notifications',
    ],
    {
      name: str,
      id: heldId,
      display_name: { type: 'string', minLength: 1 },
      assignees: { type: 'array', minItems: 1, items: str },
      linked_simulation_ids: { ...heldIds, minItems: 1 },
      linked_metric_ids: { ...heldIds, minItems: 1 },
      description: nullableStr,
      project_type: { type: 'string', enum: [...PROJECT_TYPES] },
      notifications: bool,
      project_rules: { type: ['array', 'null'], items: { type: 'string', enum: [...PROJECT_RULES] } },
      create_time: timestamp,
      update_time: timestamp,
    },
  ),
  SubValue: {
    type: 'object',
    properties: {
      start_offset: num,
      end_offset: num,
      output_type: str,
      float_value: num,
      string_value: str,
      role: str,
      message_index: int,
    },
  },
  MetricOutput: resource(['metric_output_id', 'metric_id'], {
    metric_output_id: id(ID_RULES.metricOutput),
    metric_id: heldId,
    status: str,
    value: num,
    subvalues_by_timestamp: { type: 'array', items: { $ref: '#/definitions/SubValue' } },
  }),
  ErrorDetail: resource(['field', 'description'], { field: str, description: str }),
  ErrorBody: {
    type: 'object',
    required: ['error'],
    properties: {
      error: resource(['code', 'message', 'details'], {
        code: { type: 'string', minLength: 1 },
        message: str,
        details: { type: 'array', items: { $ref: '#/definitions/ErrorDetail' } },
      }),
    },
  },
  EmptyObject: { type: 'object' },
  AgentResponse: wrapped('agent', 'Agent'),
  MutationResponse: wrapped('mutation', 'Mutation'),
  TestCaseResponse: wrapped('test_case', 'TestCase'),
  PersonaResponse: wrapped('persona', 'Persona'),
  PhoneNumbersResponse: wrapped('phone_numbers', 'PhoneNumbers'),
  ScheduledRunResponse: wrapped('scheduled_run', 'ScheduledRun'),
  DashboardResponse: wrapped('dashboard', 'Dashboard'),
  ReviewProjectResponse: wrapped('review_project', 'ReviewProject'),
  MetricResponse: wrapped('metric', 'MetricOutput'),
  PersonaList: list('personas', 'Persona'),
  RunList: list('runs', 'Run'),
  MetricList: list('metrics', 'MetricOutput'),
};

export type SchemaName = keyof typeof DEFINITIONS;

/**
 * The requirement a canonical-schema issue breaks, by `Definition.property` (the
 * property's own rule) — so a wrong id format is reported as AGENT-ID-FORMAT, not
 * only as SCHEMA-CANONICAL. Timestamps are matched by their format instead.
 */
export const SCHEMA_RULES: Readonly<Record<string, string>> = {
  'Agent.id': 'AGENT-ID-FORMAT',
  'Agent.knowledge_base_ids': 'AGENT-KNOWLEDGE-BASE-IDS',
  'Agent.model_type': 'AGENT-MODEL-TYPE',
  'Agent.endpoint': 'AGENT-ENDPOINT',
  'Mutation.id': 'MUTATION-ID-FORMAT',
  'Mutation.update_time': 'MUTATION-UPDATE-TIME-NULL',
  'Mutation.parameter_values': 'MUTATION-PARAMETER-VALUES-DERIVED',
  'MetricOutput.metric_output_id': 'METRIC-OUTPUT-ID-FORMAT',
  'Persona.id': 'PERSONA-FIELDS',
  'Persona.language_code': 'PERSONA-FIELDS',
  'PhoneNumbers.inbound': 'PERSONA-PHONE-NUMBERS',
  'PhoneNumbers.outbound': 'PERSONA-PHONE-NUMBERS',
  'PhoneNumber.index': 'PERSONA-PHONE-NUMBERS',
  'PhoneNumber.phone_number': 'PERSONA-PHONE-NUMBERS',
  'RunProgress.total_test_cases': 'RUN-PROGRESS-CONSISTENT',
  'RunProgress.completed_test_cases': 'RUN-PROGRESS-CONSISTENT',
  'RunProgress.failed_test_cases': 'RUN-PROGRESS-CONSISTENT',
  'RunProgress.in_progress_test_cases': 'RUN-PROGRESS-CONSISTENT',
  'TestCase.id': 'TESTCASE-CREATE',
  'TestCase.input_type': 'TESTCASE-INPUT-TYPE',
  'ScheduledRun.id': 'SCHEDULED-RUN-GET',
  'ScheduledRun.schedule_expression': 'SCHEDULED-RUN-EXPRESSION-FORM',
  'Dashboard.name': 'DASHBOARD-PATCH',
  'ReviewProject.project_type': 'REVIEW-PROJECT-TYPE',
  'ReviewProject.notifications': 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT',
  'ReviewProject.project_rules': 'REVIEW-PROJECT-RULES',
  'ErrorBody.error': 'ERROR-ENVELOPE',
};

export const TIMESTAMP_RULE = 'TIMESTAMP-ISO-UTC';

/** The rule an ID field holding a resource name breaks, whichever field: matched by the format, like timestamps. */
export const ID_FIELD_RULE = { format: BARE_ID, rule: 'ID-FIELDS-HOLD-IDS' } as const;

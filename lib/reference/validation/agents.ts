// How POST /v1/agents reads its body, as tables: the Behaviour holds a fresh copy
// (agentRules), so a fault can change how one field is read, or one configuration
// key checked, without touching the others.

import { MODEL_TYPES, type ModelType } from '../../contract/enums.js';
import type { AgentRecord } from '../store/records.js';
import { HTTP_URL, idCheck, PHONE_NUMBER } from './checks.js';
import type { Fields } from './fields.js';
import { simulatorConfigRules, type SimulatorConfigRules, validateSimulatorConfig } from './simulator-config.js';
import type { JsonObject } from '../../util/json.js';

type BodyField = 'display_name' | 'phone_number' | 'endpoint' | 'prompt' | 'metadata' | 'workflows' | 'metric_ids' | 'test_set_ids';

/** What a reader gets besides the fields: the raw body (for readers that bend the rules) and the choices already made. */
export interface AgentRequest {
  readonly body: JsonObject;
  /** Request field of the simulator configuration. */
  readonly configField: string;
  /** Accepted model_type spellings besides the five MODEL_TYPE_* values. */
  readonly modelTypeAliases: Readonly<Record<string, ModelType>>;
}

export type AgentFields = { [K in BodyField]: (fields: Fields, request: AgentRequest & { readonly modelType: ModelType }) => AgentRecord[K] };

export interface AgentRules {
  modelType: (fields: Fields, request: AgentRequest) => ModelType;
  fields: AgentFields;
  config: SimulatorConfigRules;
}

export const readModelType: AgentRules['modelType'] = (fields, { modelTypeAliases }) => {
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent: a missing model_type reads as null, no type and no alias, and is rejected naming model_type all the same.
  const given = fields.string('model_type', { required: true });
  const known = (MODEL_TYPES as readonly string[]).includes(given) ? (given as ModelType) : modelTypeAliases[given];
  return known ?? fields.fail('model_type',
    // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
    `must be one of ${MODEL_TYPES.join(', ')}`);
};

const reference = { each: idCheck('agentReference') };

const AGENT_FIELDS: Readonly<AgentFields> = {
  display_name: (f) => f.string('display_name', { required: true, limit: 'agent.display_name' }),
  phone_number: (f) => f.string('phone_number', { limit: 'agent.phone_number', check: PHONE_NUMBER }),
  endpoint: (f, { modelType }) => f.string('endpoint', { limit: 'agent.endpoint', check: HTTP_URL, required: modelType === 'MODEL_TYPE_OUTBOUND_VOICE' }),
  prompt: (f) => f.string('prompt', { limit: 'agent.prompt' }),
  metadata: (f, { configField }) => f.object(configField, { limit: 'agent.metadata' }),
  workflows: (f) => f.object('workflows', { limit: 'agent.workflows' }),
  metric_ids: (f) => f.strings('metric_ids', reference) ?? [],
  test_set_ids: (f) => f.strings('test_set_ids', reference) ?? [],
};

export function agentRules(): AgentRules {
  return { modelType: readModelType, fields: { ...AGENT_FIELDS }, config: simulatorConfigRules() };
}

/** Reads the model type, then every field in table order, then checks the configuration keys of the type. */
export function readAgent(rules: AgentRules, fields: Fields, request: AgentRequest): { model_type: ModelType } & { [K in BodyField]: AgentRecord[K] } {
  const modelType = rules.modelType(fields, request);
  const read = Object.fromEntries(Object.entries(rules.fields).map(([name, reader]) => [name, reader(fields, { ...request, modelType })]));
  validateSimulatorConfig(rules.config, modelType, fields.nested(request.configField));
  return { model_type: modelType, ...(read as { [K in BodyField]: AgentRecord[K] }) };
}

// Enumerations and defaults stated by the spec.

export const MODEL_TYPES = [
  'MODEL_TYPE_VOICE',
  'MODEL_TYPE_OUTBOUND_VOICE',
  'MODEL_TYPE_CHAT',
  'MODEL_TYPE_SMS',
  'MODEL_TYPE_WEBSOCKET',
] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

export const INPUT_TYPES = ['SCENARIO', 'TRANSCRIPT', 'IVR', 'AUDIO', 'MANUAL', 'SCRIPT'] as const;
export const PROJECT_TYPES = ['PROJECT_COLLABORATIVE', 'PROJECT_INDIVIDUAL'] as const;
export const PROJECT_RULES = ['require_disagreement_notes'] as const;
export const CHAT_RESPONSE_FORMATS = ['chat_completions', 'responses'] as const;

/** The defaults of request fields; the lists' default orders are in LIST_ENDPOINTS (list-endpoints.ts). */
export const DEFAULTS = {
  testCaseInputType: 'SCENARIO',
  mutationDescription: '',
  reviewProjectType: 'PROJECT_INDIVIDUAL',
  reviewProjectNotifications: true,
  /** Keys of the simulator configuration, per agent type, whose default the key table states. */
  simulatorConfig: {
    MODEL_TYPE_CHAT: { response_format: 'chat_completions', strip_message_timestamps: false },
    MODEL_TYPE_OUTBOUND_VOICE: { phone_number_key: 'phone_number' },
  },
} as const;

export const ERROR_CODES = {
  invalidArgument: 'INVALID_ARGUMENT',
  unauthenticated: 'UNAUTHENTICATED',
} as const;

/** Codes the spec does not name, with their usual HTTP status: checked only in the strict profile. */
export const CONVENTIONAL_ERRORS = {
  notFound: { code: 'NOT_FOUND', conventionalStatus: 404 },
  alreadyExists: { code: 'ALREADY_EXISTS', conventionalStatus: 409 },
} as const;

/** The header that carries the organisation key (Authentication, rule 1). */
export const API_KEY_HEADER = 'X-API-Key';

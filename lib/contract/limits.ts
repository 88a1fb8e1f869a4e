// The spec's "Limits" table and per-field rules, as data. Suites generate boundary
// tests from these; the reference service enforces them from the same rows.

/** How a limit is measured. `chars` counts Unicode code points; `bytes` the UTF-8 size of the JSON value. */
export type LimitUnit = 'chars' | 'bytes' | 'items';

export interface FieldLimit {
  readonly id: string;
  readonly resource: 'agent' | 'mutation' | 'testCase' | 'dashboard' | 'reviewProject' | 'chatConfig';
  readonly field: string;
  readonly unit: LimitUnit;
  readonly min?: number;
  readonly max?: number;
  /** For byte limits given in KB / MB: the spec does not say 1000 or 1024, so a server may use either. */
  readonly maxAmbiguous?: { readonly low: number; readonly high: number };
  readonly quote: string;
}

const KB = { low: 1000, high: 1024 };
const MB = { low: 1000 * 1000, high: 1024 * 1024 };
const scaled = (n: number, unit: typeof KB) => ({ low: n * unit.low, high: n * unit.high });

export const FIELD_LIMITS = [
  {
    id: 'agent.display_name',
    resource: 'agent',
    field: 'display_name',
    unit: 'chars',
    min: 1,
    max: 200,
    quote: 'Agent display_name: 1 to 200 characters',
  },
  {
    id: 'agent.phone_number',
    resource: 'agent',
    field: 'phone_number',
    unit: 'chars',
    max: 200,
    quote: 'Agent phone_number, endpoint: max 200 characters each',
  },
  {
    id: 'agent.endpoint',
    resource: 'agent',
    field: 'endpoint',
    unit: 'chars',
    max: 200,
    quote: 'Agent phone_number, endpoint: max 200 characters each',
  },
  {
    id: 'agent.prompt',
    resource: 'agent',
    field: 'prompt',
    unit: 'chars',
    max: 50000,
    quote: 'Agent prompt: max 50000 characters',
  },
  {
    id: 'agent.metadata',
    resource: 'agent',
    field: 'metadata',
    unit: 'bytes',
    maxAmbiguous: scaled(10, MB),
    quote: 'Agent simulator configuration, workflows: max 10 MB each',
  },
  {
    id: 'agent.workflows',
    resource: 'agent',
    field: 'workflows',
    unit: 'bytes',
    maxAmbiguous: scaled(10, MB),
    quote: 'Agent simulator configuration, workflows: max 10 MB each',
  },
  {
    id: 'chat.initialization_payload',
    resource: 'chatConfig',
    field: 'initialization_payload',
    unit: 'bytes',
    maxAmbiguous: scaled(16, KB),
    quote: 'Chat initialization_payload: max 16 KB',
  },
  {
    id: 'chat.custom_data',
    resource: 'chatConfig',
    field: 'custom_data',
    unit: 'bytes',
    maxAmbiguous: scaled(32, KB),
    quote: 'Chat custom_data: max 32 KB',
  },
  {
    id: 'chat.custom_persona_data',
    resource: 'chatConfig',
    field: 'custom_persona_data',
    unit: 'bytes',
    maxAmbiguous: scaled(16, KB),
    quote: 'Chat custom_persona_data, custom_headers: max 16 KB each',
  },
  {
    id: 'chat.custom_headers',
    resource: 'chatConfig',
    field: 'custom_headers',
    unit: 'bytes',
    maxAmbiguous: scaled(16, KB),
    quote: 'Chat custom_persona_data, custom_headers: max 16 KB each',
  },
  {
    id: 'mutation.display_name',
    resource: 'mutation',
    field: 'display_name',
    unit: 'chars',
    min: 1,
    max: 200,
    quote: 'Mutation display_name: 1 to 200 characters',
  },
  {
    id: 'mutation.description',
    resource: 'mutation',
    field: 'description',
    unit: 'chars',
    max: 2000,
    quote: 'Mutation description: max 2000 characters',
  },
  {
    id: 'mutation.config_overrides',
    resource: 'mutation',
    field: 'config_overrides',
    unit: 'bytes',
    maxAmbiguous: scaled(10, KB),
    quote: 'Mutation config_overrides: max 10 KB',
  },
  {
    id: 'testCase.input_str',
    resource: 'testCase',
    field: 'input_str',
    unit: 'chars',
    min: 1,
    quote: 'Test case input_str: min 1 character',
  },
  {
    id: 'testCase.test_set_id',
    resource: 'testCase',
    field: 'test_set_id',
    unit: 'chars',
    min: 8,
    max: 8,
    quote: 'Test case test_set_id: exactly 8 characters',
  },
  {
    id: 'dashboard.display_name',
    resource: 'dashboard',
    field: 'display_name',
    unit: 'chars',
    min: 1,
    max: 255,
    quote: 'Dashboard display_name: 1 to 255 characters',
  },
  {
    id: 'reviewProject.display_name',
    resource: 'reviewProject',
    field: 'display_name',
    unit: 'chars',
    min: 1,
    max: 200,
    quote: 'Review project display_name: 1 to 200 characters',
  },
  {
    id: 'reviewProject.assignees',
    resource: 'reviewProject',
    field: 'assignees',
    unit: 'items',
    min: 1,
    quote: 'Review project assignees, linked_simulation_ids, linked_metric_ids: at least 1 element each',
  },
  {
    id: 'reviewProject.linked_simulation_ids',
    resource: 'reviewProject',
    field: 'linked_simulation_ids',
    unit: 'items',
    min: 1,
    quote: 'Review project assignees, linked_simulation_ids, linked_metric_ids: at least 1 element each',
  },
  {
    id: 'reviewProject.linked_metric_ids',
    resource: 'reviewProject',
    field: 'linked_metric_ids',
    unit: 'items',
    min: 1,
    quote: 'Review project assignees, linked_simulation_ids, linked_metric_ids: at least 1 element each',
  },
] as const satisfies readonly FieldLimit[];

export type FieldLimitId = (typeof FIELD_LIMITS)[number]['id'];

export function fieldLimit(id: FieldLimitId): FieldLimit {
  const found = FIELD_LIMITS.find((limit) => limit.id === id);
  if (!found) throw new Error(`unknown field limit ${id}`);
  return found;
}

/** Code points, the unit the spec's "characters" is read as (see requirement FIELD-CHARS-CODEPOINTS). */
export function charLength(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** UTF-8 size of a value as compact JSON (a string is measured as its own text, not its JSON quoting). */
export function byteSize(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Buffer.byteLength(text, 'utf8');
}

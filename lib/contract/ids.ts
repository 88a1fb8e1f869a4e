// Identifier formats, from "Resources and their fields" and "Limits".
// `alphabet` is what the spec pins down; `null` means the spec states only a length.

export interface IdRule {
  readonly kind: string;
  readonly minLength: number;
  readonly maxLength: number;
  readonly alphanumeric: boolean;
  readonly quote: string;
  /** A ULID: Crockford's base 32 (any letter case, as the ULID spec allows), a first character 0-7 (48-bit time). */
  readonly ulid?: boolean;
}

const rule = (
  kind: string,
  minLength: number,
  maxLength: number,
  alphanumeric: boolean,
  quote: string,
  ulid = false,
): IdRule => ({ kind, minLength, maxLength, alphanumeric, quote, ulid });

export const ID_RULES = {
  agent: rule('agent', 22, 22, true, 'Agent, persona, dashboard IDs: 22 alphanumeric characters'),
  persona: rule('persona', 22, 22, true, 'Agent, persona, dashboard IDs: 22 alphanumeric characters'),
  dashboard: rule('dashboard', 22, 22, true, 'Agent, persona, dashboard IDs: 22 alphanumeric characters'),
  mutation: rule('mutation', 26, 26, true, '26-character ULID (`^[A-Za-z0-9]{26}$`)', true),
  metricOutput: rule('metricOutput', 26, 26, true, 'metric_output_id: 26-character ULID', true),
  simulation: rule('simulation', 22, 27, false, 'Simulation ID: 22 to 27 characters'),
  scheduledRun: rule('scheduledRun', 22, 22, false, 'Scheduled run id: 22 characters'),
  testCase: rule('testCase', 22, 22, false, 'Test case id: 22 characters'),
  // IDs inside agent bodies (metric_ids, test_set_ids): "each 22 alphanumeric characters".
  agentReference: rule('agentReference', 22, 22, true, 'metric_ids / test_set_ids: each 22 alphanumeric characters'),
} as const satisfies Record<string, IdRule>;

export type IdKind = keyof typeof ID_RULES;

export function matchesIdRule(rule: IdRule, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return false;
  return rule.alphanumeric ? /^[A-Za-z0-9]+$/.test(value) : true;
}

/** A ULID: 26 characters of Crockford's base 32 in either letter case, the first 0-7 (the 48-bit time fits). */
const ULID_PATTERN = '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$';

export const isUlid = (value: string): boolean => new RegExp(ULID_PATTERN).test(value);

/** JSON-Schema pattern for an ID rule (used by the canonical schemas, so every read of the ID is held to it). */
export function idPattern(rule: IdRule): string {
  if (rule.ulid) return ULID_PATTERN;
  const quantifier =
    rule.minLength === rule.maxLength ? `{${rule.minLength}}` : `{${rule.minLength},${rule.maxLength}}`;
  return rule.alphanumeric ? `^[A-Za-z0-9]${quantifier}$` : `^[\\s\\S]${quantifier}$`;
}

/**
 * The collections whose resource names the specification states (`runs/<id>`, `test-cases/<id>`, ...,
 * `personas/<persona_id>`) and those its paths name (agents, mutations, simulations, metrics): an ID field
 * holding `<collection>/<id>` holds a resource name, not the ID. IDs of unstated form are judged by this shape alone.
 */
export const RESOURCE_COLLECTIONS = [
  'agents',
  'mutations',
  'personas',
  'runs',
  'test-cases',
  'simulations',
  'metrics',
  'scheduled-runs',
  'dashboards',
  'review-projects',
] as const;

const RESOURCE_NAME = new RegExp(`^(${RESOURCE_COLLECTIONS.join('|')})/.`);

/** Whether `value` is a resource name of one of the specification's collections (ID-FIELDS-HOLD-IDS). */
export const isResourceName = (value: string): boolean => RESOURCE_NAME.test(value);

// What "a valid request body" means for the tests of lib/gen: every field within the
// contract's limits (lib/contract/limits.ts, measured as the contract measures), and the
// resource a server would return for it (the body plus the fields a server sets) valid
// against the contract's canonical schema (lib/contract/schemas.ts).

import { validateCanonical } from '../../lib/assert/canonical-schema.js';
import { charLength, byteSize, FIELD_LIMITS, type FieldLimit } from '../../lib/contract/limits.js';
import { ID_RULES } from '../../lib/contract/ids.js';
import { alnum, wellFormedId } from '../../lib/gen/ids.js';
import type { SchemaIssue } from '../../lib/schema/ajv.js';
import type { JsonObject } from '../../lib/util/json.js';

/** What is sent: JSON drops keys whose value is undefined. */
export const sent = (body: JsonObject): JsonObject => JSON.parse(JSON.stringify(body)) as JsonObject;

/** Each field of `body` the limits table has a row for, outside its limit (KB / MB read as the stricter 1000). */
export function limitProblems(resource: FieldLimit['resource'], body: JsonObject): string[] {
  const wire = sent(body);
  return (FIELD_LIMITS as readonly FieldLimit[])
    .filter((limit) => limit.resource === resource && limit.field in wire)
    .flatMap((limit) => {
      const value = wire[limit.field];
      const size =
        limit.unit === 'chars'
          ? typeof value === 'string'
            ? charLength(value)
            : undefined
          : limit.unit === 'items'
            ? Array.isArray(value)
              ? value.length
              : undefined
            : byteSize(value);
      if (size === undefined)
        return [`${limit.id}: ${JSON.stringify(value)} is not a ${limit.unit === 'chars' ? 'string' : 'list'}`];
      const max = limit.max ?? limit.maxAmbiguous?.low ?? Number.POSITIVE_INFINITY;
      return size < (limit.min ?? 0) || size > max ? [`${limit.id}: ${size} ${limit.unit}, limit ${limit.quote}`] : [];
    });
}

const NOW = '2026-01-05T10:00:00Z';

/** Fields a server sets on each resource (identity, timestamps, defaults), to complete an echo of the body. */
const SERVER_FIELDS = {
  agent: { id: alnum(22, 901), knowledge_base_ids: [], create_time: NOW, update_time: NOW },
  mutation: { id: wellFormedId(ID_RULES.mutation, 902), agent_id: alnum(22, 903), create_time: NOW, update_time: null },
  test_case: {
    name: `test-cases/${alnum(22, 904)}`,
    id: alnum(22, 904),
    input_type: 'SCENARIO',
    create_time: NOW,
    update_time: NOW,
  },
  dashboard: { name: `dashboards/${alnum(22, 905)}`, create_time: NOW, update_time: NOW },
  review_project: {
    name: `review-projects/${alnum(22, 906)}`,
    id: alnum(22, 906),
    project_type: 'PROJECT_INDIVIDUAL',
    notifications: true,
    create_time: NOW,
    update_time: NOW,
  },
} as const;

const RESPONSE_SCHEMA = {
  agent: 'AgentResponse',
  mutation: 'MutationResponse',
  test_case: 'TestCaseResponse',
  dashboard: 'DashboardResponse',
  review_project: 'ReviewProjectResponse',
} as const;

export type Wrapper = keyof typeof SERVER_FIELDS;

/** Issues of the response a server echoing `body` would send, against the canonical schema. */
export function echoIssues(wrapper: Wrapper, body: JsonObject): SchemaIssue[] {
  return validateCanonical(RESPONSE_SCHEMA[wrapper], { [wrapper]: { ...SERVER_FIELDS[wrapper], ...sent(body) } });
}

// How POST /v1/review-projects reads each body field, as a table: the Behaviour holds a
// copy, so a fault can change how one field is read without touching the others.

import { DEFAULTS, PROJECT_RULES, PROJECT_TYPES } from '../../contract/enums.js';
import type { ReviewProjectRecord } from '../store/records.js';
import { EMAIL } from './checks.js';
import type { Check, Fields } from './fields.js';

type BodyField = Exclude<keyof ReviewProjectRecord, 'id' | 'create_time' | 'update_time'>;

export type ReviewProjectFields = { [K in BodyField]: (fields: Fields) => ReviewProjectRecord[K] };

const PROJECT_RULE: Check<string> = {
  test: (value) => (PROJECT_RULES as readonly string[]).includes(value),
  // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
  description: `one of ${PROJECT_RULES.join(', ')}`,
};

export const REVIEW_PROJECT_FIELDS: Readonly<ReviewProjectFields> = {
  display_name: (f) => f.string('display_name', { required: true, limit: 'reviewProject.display_name' }),
  assignees: (f) => f.strings('assignees', { required: true, limit: 'reviewProject.assignees', each: EMAIL }),
  linked_simulation_ids: (f) => f.strings('linked_simulation_ids', { required: true, limit: 'reviewProject.linked_simulation_ids' }),
  linked_metric_ids: (f) => f.strings('linked_metric_ids', { required: true, limit: 'reviewProject.linked_metric_ids' }),
  description: (f) => f.string('description'),
  project_type: (f) => f.oneOf('project_type', PROJECT_TYPES) ?? DEFAULTS.reviewProjectType,
  notifications: (f) => f.boolean('notifications') ?? DEFAULTS.reviewProjectNotifications,
  project_rules: (f) => f.strings('project_rules', { each: PROJECT_RULE }),
};

/** Reads every body field with the given table. */
export function readReviewProject(table: Readonly<ReviewProjectFields>, fields: Fields): { [K in BodyField]: ReviewProjectRecord[K] } {
  const entries = Object.entries(table).map(([name, read]) => [name, read(fields)]);
  return Object.fromEntries(entries) as { [K in BodyField]: ReviewProjectRecord[K] };
}

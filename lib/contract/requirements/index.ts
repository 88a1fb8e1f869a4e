// The requirement catalog: every rule of the specification, once, with a stable id.

import type { Requirement } from './types.js';
import { GENERAL } from './general.js';
import { AUTH, SPECIFICATION } from './auth-and-spec.js';
import { AGENTS } from './agents.js';
import { MUTATIONS } from './mutations.js';
import { TEST_CASES, PERSONAS, RUNS, METRICS, SCHEDULED_RUNS, DASHBOARDS, REVIEW_PROJECTS } from './resources.js';
import { LISTS } from './lists.js';
import { PUBLISHED } from './published.js';

export type { Requirement, Level, RequirementArea } from './types.js';

export const REQUIREMENTS: readonly Requirement[] = [
  ...GENERAL,
  ...AUTH,
  ...SPECIFICATION,
  ...AGENTS,
  ...MUTATIONS,
  ...TEST_CASES,
  ...PERSONAS,
  ...RUNS,
  ...METRICS,
  ...LISTS,
  ...SCHEDULED_RUNS,
  ...DASHBOARDS,
  ...REVIEW_PROJECTS,
  ...PUBLISHED,
];

type Catalog =
  | typeof GENERAL
  | typeof AUTH
  | typeof SPECIFICATION
  | typeof AGENTS
  | typeof MUTATIONS
  | typeof TEST_CASES
  | typeof PERSONAS
  | typeof RUNS
  | typeof METRICS
  | typeof LISTS
  | typeof SCHEDULED_RUNS
  | typeof DASHBOARDS
  | typeof REVIEW_PROJECTS
  | typeof PUBLISHED;

/** A requirement id known to the catalog: typos in suites fail the type check. */
export type RequirementId = Catalog[number]['id'];

const BY_ID = new Map(REQUIREMENTS.map((r) => [r.id, r]));

export function requirement(id: RequirementId): Requirement {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`unknown requirement ${id}`);
  return found;
}

export function isRequirementId(id: string): id is RequirementId {
  return BY_ID.has(id);
}

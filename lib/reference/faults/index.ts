// The fault catalog: one file per area, merged here. Each fault names the requirements it breaks.

import type { Behaviour } from '../behaviour.js';
import type { Fault } from './define.js';
import { AUTH_FAULTS } from './auth.js';
import { SPECIFICATION_FAULTS } from './specification.js';
import { GENERAL_FAULTS } from './general.js';
import { AGENTS_FAULTS } from './agents.js';
import { MUTATIONS_FAULTS } from './mutations.js';
import { TEST_CASES_FAULTS } from './test-cases.js';
import { PERSONAS_FAULTS } from './personas.js';
import { RUNS_FAULTS } from './runs.js';
import { METRICS_FAULTS } from './metrics.js';
import { LISTS_FAULTS } from './lists.js';
import { SCHEDULED_RUNS_FAULTS } from './scheduled-runs.js';
import { DASHBOARDS_FAULTS } from './dashboards.js';
import { REVIEW_PROJECTS_FAULTS } from './review-projects.js';
import { DISCOVERY_FAULTS } from './discovery.js';
import { PUBLISHED_FAULTS } from './published.js';

export type { Fault } from './define.js';

export const FAULTS: readonly Fault[] = [
  ...AUTH_FAULTS,
  ...SPECIFICATION_FAULTS,
  ...GENERAL_FAULTS,
  ...AGENTS_FAULTS,
  ...MUTATIONS_FAULTS,
  ...TEST_CASES_FAULTS,
  ...PERSONAS_FAULTS,
  ...RUNS_FAULTS,
  ...METRICS_FAULTS,
  ...LISTS_FAULTS,
  ...SCHEDULED_RUNS_FAULTS,
  ...DASHBOARDS_FAULTS,
  ...REVIEW_PROJECTS_FAULTS,
  ...DISCOVERY_FAULTS,
  ...PUBLISHED_FAULTS,
];

function faultById(id: string): Fault {
  const found = FAULTS.find((f) => f.id === id);
  if (!found) throw new Error(`unknown fault "${id}"; known faults: ${FAULTS.map((f) => f.id).join(', ')}`);
  return found;
}

/** Applies the named faults in order; an unknown id throws before anything is changed. */
export function applyFaults(ids: Iterable<string>, b: Behaviour): void {
  const faults = [...ids].map(faultById);
  for (const f of faults) f.apply(b);
}

/** Parses a FAULTS environment value: ids separated by commas or spaces. */
export const parseFaultList = (text: string | undefined): string[] => (text ?? '').split(/[\s,]+/).filter(Boolean);

// What the probes of the review-project faults (proof/faults/review-projects.ts) share. Each probe
// lives in its fault's record.

import type { Call } from './call.js';

export const VALID = {
  display_name: 'Review',
  assignees: ['a@example.com'],
  linked_simulation_ids: ['s1'],
  linked_metric_ids: ['m1'],
};

export const create = (call: Call, body: object) => call('POST', '/v1/review-projects', { body });
export const status = async (call: Call, fields: object) => (await create(call, { ...VALID, ...fields })).status;
export const created = async (call: Call, fields: object = {}) =>
  (await create(call, { ...VALID, ...fields })).body.review_project;
export const without = (field: keyof typeof VALID) =>
  Object.fromEntries(Object.entries(VALID).filter(([name]) => name !== field));

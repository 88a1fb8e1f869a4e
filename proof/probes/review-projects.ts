// What each review-project fault changes, observed from outside: each probe's value
// differs between the correct service and the one with the fault.

import type { Call } from './call.js';

type Probe = (call: Call) => Promise<unknown>;

const VALID = {
  display_name: 'Review',
  assignees: ['a@example.com'],
  linked_simulation_ids: ['s1'],
  linked_metric_ids: ['m1'],
};

const create = (call: Call, body: object) => call('POST', '/v1/review-projects', { body });
const status = async (call: Call, fields: object) => (await create(call, { ...VALID, ...fields })).status;
const created = async (call: Call, fields: object = {}) =>
  (await create(call, { ...VALID, ...fields })).body.review_project;
const without = (field: keyof typeof VALID) =>
  Object.fromEntries(Object.entries(VALID).filter(([name]) => name !== field));

export const REVIEW_PROJECT_PROBES: Record<string, Probe> = {
  'review-project-display-name-optional': async (call) => (await create(call, without('display_name'))).status,
  'review-project-assignees-optional': async (call) => (await create(call, without('assignees'))).status,
  'review-project-simulation-ids-optional': async (call) =>
    (await create(call, without('linked_simulation_ids'))).status,
  'review-project-metric-ids-optional': async (call) => (await create(call, without('linked_metric_ids'))).status,
  'review-project-empty-lists-accepted': (call) => status(call, { linked_metric_ids: [] }),
  'review-project-email-unchecked': (call) => status(call, { assignees: ['not-an-email'] }),
  'review-project-email-plus-rejected': (call) => status(call, { assignees: ['a+tag@example.com'] }),
  'review-project-email-unanchored': (call) => status(call, { assignees: ['a reviewer@example.com'] }),
  'review-project-assignee-string-wrapped': (call) => status(call, { assignees: 'a@example.com' }),
  'review-project-type-default-collaborative': async (call) => (await created(call)).project_type,
  'review-project-type-unchecked': (call) => status(call, { project_type: 'PROJECT_FOO' }),
  'review-project-type-ignored': async (call) =>
    (await created(call, { project_type: 'PROJECT_COLLABORATIVE' })).project_type,
  'review-project-notifications-default-false': async (call) => (await created(call)).notifications,
  'review-project-notifications-false-ignored': async (call) =>
    (await created(call, { notifications: false })).notifications,
  'review-project-rules-unchecked': (call) => status(call, { project_rules: ['other_rule'] }),
  'review-project-display-name-max-199': (call) => status(call, { display_name: 'n'.repeat(200) }),
  'review-project-display-name-max-201': (call) => status(call, { display_name: 'n'.repeat(201) }),
  'review-project-description-dropped': async (call) => (await created(call, { description: 'd' })).description,
  'review-project-name-camel-case': async (call) => String((await created(call)).name).split('/')[0],
  'review-project-update-time-local': async (call) => {
    const project = await created(call);
    return Date.parse(project.update_time) >= Date.parse(project.create_time);
  },
};

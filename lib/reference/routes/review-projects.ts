// POST /v1/review-projects

import { DEFAULTS, PROJECT_RULES, PROJECT_TYPES } from '../../contract/enums.js';
import type { Behaviour } from '../behaviour.js';
import type { JsonObject } from '../http/body.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { ReviewProjectRecord } from '../store/records.js';
import { EMAIL } from '../validation/checks.js';
import { Fields, type Check } from '../validation/fields.js';

function reviewProjectView(b: Behaviour, project: ReviewProjectRecord): JsonObject {
  const view = {
    name: `review-projects/${project.id}`,
    ...project,
    create_time: b.formatTime(project.create_time),
    update_time: b.formatTime(project.update_time),
  };
  return b.present('reviewProject', view, project);
}

const PROJECT_RULE: Check<string> = {
  test: (value) => (PROJECT_RULES as readonly string[]).includes(value),
  description: `one of ${PROJECT_RULES.join(', ')}`,
};

function createReviewProject({ b, store, body }: RequestContext) {
  const fields = new Fields(body, b.limits);
  const now = store.clock.now();
  const project: ReviewProjectRecord = {
    id: store.ids.token(22),
    display_name: fields.string('display_name', { required: true, limit: 'reviewProject.display_name' }),
    assignees: fields.strings('assignees', { required: true, limit: 'reviewProject.assignees', each: EMAIL }),
    linked_simulation_ids: fields.strings('linked_simulation_ids', { required: true, limit: 'reviewProject.linked_simulation_ids' }),
    linked_metric_ids: fields.strings('linked_metric_ids', { required: true, limit: 'reviewProject.linked_metric_ids' }),
    description: fields.string('description'),
    project_type: fields.oneOf('project_type', PROJECT_TYPES) ?? DEFAULTS.reviewProjectType,
    notifications: fields.boolean('notifications') ?? DEFAULTS.reviewProjectNotifications,
    project_rules: fields.strings('project_rules', { each: PROJECT_RULE }),
    create_time: now,
    update_time: now,
  };
  store.reviewProjects.set(project.id, project);
  return json(reviewProjectView(b, project));
}

export const reviewProjectRoutes: Routes = {
  'POST /v1/review-projects': createReviewProject,
};

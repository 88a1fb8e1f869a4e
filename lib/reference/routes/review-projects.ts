// POST /v1/review-projects

import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import type { ReviewProjectRecord } from '../store/records.js';
import { Fields } from '../validation/fields.js';
import { readReviewProject } from '../validation/review-projects.js';
import type { JsonObject } from '../../util/json.js';

function reviewProjectView(b: Behaviour, project: ReviewProjectRecord): JsonObject {
  const view = {
    name: `review-projects/${project.id}`,
    ...project,
    create_time: b.formatTime(project.create_time),
    update_time: b.formatTime(project.update_time),
  };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.present is the identity).
  return b.present('reviewProject', view, project);
}

async function createReviewProject({ b, store, body }: RequestContext) {
  const fields = readReviewProject(b.reviewProjectFields, new Fields(body, b.limits));
  await b.reviewProjectBeforeStore(store);
  const now = store.clock.now();
  const project: ReviewProjectRecord = { id: store.ids.token(22), ...fields, create_time: now, update_time: now };
  store.reviewProjects.set(project.id, project);
  return json(reviewProjectView(b, project));
}

export const reviewProjectRoutes: Routes = {
  'POST /v1/review-projects': createReviewProject,
};

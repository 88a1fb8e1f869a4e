// Review projects: POST only. A valid project links a real simulation and one of its
// metrics, found through discovery. Projects cannot be deleted through the API, so the
// suite creates few: checks on defaults and shared fields read one project made from
// the required fields alone, and every display_name carries the run marker.

import { isDeepStrictEqual } from 'node:util';
import { PROJECT_RULES, PROJECT_TYPES } from '../lib/contract/enums.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { charBounds, lengthLimitChecks } from '../lib/families/length-limits.js';
import { expectNameMatchesId, expectTimestampOrder } from '../lib/families/resource-fields.js';
import { reviewProjectBody } from '../lib/gen/bodies.js';
import { metricOutputs, simulationIds } from '../lib/harness/discovery.js';
import { check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import type { JsonObject } from '../lib/util/json.js';

const POST = 'POST /v1/review-projects' satisfies EndpointKey;
const WRITES = { writes: true } as const;
const REQUIRED_FIELDS = ['display_name', 'assignees', 'linked_simulation_ids', 'linked_metric_ids'] as const;
const LIST_FIELDS = ['assignees', 'linked_simulation_ids', 'linked_metric_ids'] as const;
/** How many discovered simulations are searched for a metric output. */
const SIMULATION_SAMPLE = 8;

interface Links {
  readonly simulationId: string;
  readonly metricId: string;
}

/** A simulation and the metric_id of one of its outputs; skips the check when none is found. */
async function links(t: CheckContext): Promise<Links> {
  for (const simulationId of (await simulationIds(t)).slice(0, SIMULATION_SAMPLE)) {
    const metricId = (await metricOutputs(t, simulationId)).map((m) => m['metric_id']).find((id) => typeof id === 'string' && id !== '');
    if (typeof metricId === 'string') return { simulationId, metricId };
  }
  return t.skip('needs a simulation with a metric output (from the runs\' results.output_ids and their metrics lists); none found');
}

/** A valid body with the run marker in display_name, changed by `overrides`; `undefined` leaves a field out. */
async function body(t: CheckContext, overrides: JsonObject = {}): Promise<JsonObject> {
  const { simulationId, metricId } = await links(t);
  const full: JsonObject = reviewProjectBody(t.name('review project'), simulationId, metricId, overrides);
  return Object.fromEntries(Object.entries(full).filter(([, value]) => value !== undefined));
}

const post = async (t: CheckContext, overrides: JsonObject = {}): Promise<Call> => t.call(POST, { json: await body(t, overrides) });

async function created(t: CheckContext, requirements: readonly RequirementId[], overrides: JsonObject = {}, what?: string): Promise<{ call: Call; project: JsonObject }> {
  const call = await post(t, overrides);
  return { call, project: t.expectResource(call, requirements, what) };
}

/** The project created from the four required fields alone, once per target. */
async function minimalProject(t: CheckContext): Promise<{ call: Call; project: JsonObject }> {
  await links(t); // skips here, per check, rather than inside the shared creation
  return t.memo('minimal review project', (ctx) => created(ctx, ['REVIEW-PROJECT-CREATE'], {}, 'creating a review project from the required fields'));
}

/** Lists compare as multisets: the spec does not say their order is kept. */
const sameValue = (sent: unknown, got: unknown): boolean =>
  Array.isArray(sent) && Array.isArray(got) ? isDeepStrictEqual([...sent].sort(), [...got].sort()) : isDeepStrictEqual(sent, got);

function expectField(t: CheckContext, requirements: readonly RequirementId[], project: JsonObject, field: string, expected: unknown, call: Call, why: string): void {
  t.assert(sameValue(expected, project[field]), requirements, `${field} should be ${JSON.stringify(expected)} (${why}), got ${JSON.stringify(project[field])}`, call);
}

/** A value of one field that must be rejected with INVALID_ARGUMENT naming it. */
interface Rejected {
  readonly requirements: readonly RequirementId[];
  readonly field: string;
  readonly value: unknown;
  readonly why: string;
}

const REJECTED: readonly Rejected[] = [
  ...REQUIRED_FIELDS.map((field): Rejected => ({ requirements: ['REVIEW-PROJECT-REQUIRED', 'REQUEST-MISSING-REQUIRED'], field, value: undefined, why: 'left out' })),
  ...LIST_FIELDS.map((field): Rejected => ({ requirements: ['REVIEW-PROJECT-REQUIRED'], field, value: [], why: 'an empty list' })),
  ...['not-an-email', 'a@', '@b.com'].map((address): Rejected => ({ requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'], field: 'assignees', value: [address], why: `[${JSON.stringify(address)}]` })),
  { requirements: ['REVIEW-PROJECT-TYPE'], field: 'project_type', value: 'PROJECT_FOO', why: '"PROJECT_FOO"' },
  { requirements: ['REVIEW-PROJECT-RULES'], field: 'project_rules', value: ['other_rule'], why: '["other_rule"]' },
  { requirements: ['REQUEST-WRONG-TYPE'], field: 'assignees', value: 'reviewer@example.com', why: 'a string instead of a list' },
  { requirements: ['REQUEST-WRONG-TYPE'], field: 'notifications', value: 'yes', why: 'the string "yes" instead of a boolean' },
];

/** A value of one field that must be accepted (and, where given, returned as `returned`). */
interface Accepted {
  readonly requirements: readonly RequirementId[];
  readonly field: string;
  readonly value: unknown;
  readonly why: string;
  readonly returned?: unknown;
}

const ACCEPTED: readonly Accepted[] = [
  { requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'], field: 'assignees', value: ['reviewer+tag@example.com'], why: 'a plus-tagged address' },
  ...PROJECT_TYPES.map((type): Accepted => ({ requirements: ['REVIEW-PROJECT-TYPE'], field: 'project_type', value: type, why: type, returned: type })),
  { requirements: ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'], field: 'notifications', value: false, why: 'false', returned: false },
  { requirements: ['REVIEW-PROJECT-RULES'], field: 'project_rules', value: [...PROJECT_RULES], why: JSON.stringify(PROJECT_RULES), returned: [...PROJECT_RULES] },
  { requirements: ['REVIEW-PROJECT-RULES'], field: 'project_rules', value: null, why: 'null' },
];

describeGroup('review-projects', () => {
  check(['REVIEW-PROJECT-CREATE'], 'POST returns {review_project} echoing every field sent', async (t) => {
    const sent = await body(t, {
      assignees: ['reviewer@example.com', 'second.reviewer@example.com'],
      description: t.name('review project description'),
      project_type: 'PROJECT_COLLABORATIVE',
      notifications: false,
      project_rules: [...PROJECT_RULES],
    });
    const call = await t.call(POST, { json: sent });
    const project = t.expectResource(call, ['REVIEW-PROJECT-CREATE'], 'creating a review project with every field');
    for (const [field, value] of Object.entries(sent)) expectField(t, ['REVIEW-PROJECT-CREATE'], project, field, value, call, 'as sent');
  }, WRITES);

  check(['NAME-MATCHES-ID'], 'a created review project is named review-projects/<its id>', async (t) => {
    const { call, project } = await minimalProject(t);
    expectNameMatchesId(t, project, 'review-projects', call);
  }, WRITES);

  check(['TIMESTAMP-ORDER'], 'a created review project\'s update_time is not before its create_time', async (t) => {
    const { call, project } = await minimalProject(t);
    expectTimestampOrder(t, project, call);
  }, WRITES);

  check(['REVIEW-PROJECT-TYPE'], 'project_type defaults to PROJECT_INDIVIDUAL', async (t) => {
    const { call, project } = await minimalProject(t);
    expectField(t, ['REVIEW-PROJECT-TYPE'], project, 'project_type', 'PROJECT_INDIVIDUAL', call, 'the default when omitted');
  }, WRITES);

  check(['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'], 'notifications defaults to true', async (t) => {
    const { call, project } = await minimalProject(t);
    expectField(t, ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'], project, 'notifications', true, call, 'the default when omitted');
  }, WRITES);

  for (const { requirements, field, value, why, returned } of ACCEPTED) {
    check(requirements, `${field} ${why} is accepted${returned === undefined ? '' : ' and returned as sent'}`, async (t) => {
      const { call, project } = await created(t, requirements, { [field]: value }, `${field} ${why}`);
      if (returned !== undefined) expectField(t, requirements, project, field, returned, call, 'as sent');
    }, WRITES);
  }

  for (const { requirements, field, value, why } of REJECTED) {
    check(requirements, `${field} ${why} is rejected with INVALID_ARGUMENT naming ${field}`, async (t) => {
      t.expectInvalidArgument(await post(t, { [field]: value }), requirements, field, `${field} ${why}`);
    }, WRITES);
  }

  check(['REQUEST-MALFORMED-JSON'], 'a body that is not valid JSON is rejected with INVALID_ARGUMENT', async (t) => {
    const call = await t.call(POST, { rawBody: `{"display_name": ${JSON.stringify(t.name('review project'))}, "assignees": [` });
    t.expectInvalidArgument(call, ['REQUEST-MALFORMED-JSON'], undefined, 'a truncated JSON body');
  }, WRITES);

  lengthLimitChecks({
    requirement: 'REVIEW-PROJECT-DISPLAY-NAME',
    field: 'display_name',
    bounds: charBounds('reviewProject.display_name'),
    send: (t, value) => post(t, { display_name: value }),
    acceptProperty: false,
    options: WRITES,
  });
});

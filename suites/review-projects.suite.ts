// Review projects: POST only. A valid project links a real simulation and one of its
// metrics, found through discovery. Projects cannot be deleted through the API, so the
// suite creates few: checks on defaults and shared fields read one project made from
// the required fields alone, and the resource layer marks every display_name.

import { backtrackingValueChecks } from '../lib/families/backtracking.js';
import { isDeepStrictEqual } from 'node:util';
import { DEFAULTS, PROJECT_RULES, PROJECT_TYPES } from '../lib/contract/enums.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { charBounds, lengthLimitChecks } from '../lib/families/length-limits.js';
import {
  expectNameMatchesId,
  expectServerTime,
  expectTimestampOrder,
  SKEWED_CLOCKS,
} from '../lib/families/resource-fields.js';
import { reviewLinks } from '../lib/harness/discovery.js';
import { lineBreakChecks, repeatedEntriesCheck, ruledListChecks } from '../lib/families/invalid-field.js';
import {
  emptyRequiredUnderEachValueChecks,
  madeOfListedChecks,
  requiredUnderEachValueChecks,
} from '../lib/families/values/enumerated.js';
import { derivedBesideOthersCheck } from '../lib/families/values/derived.js';
import { check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import { sentBody, type Created } from '../lib/harness/resources.js';
import { atOnce, expectAnsweredAtOnce } from '../lib/families/at-once.js';
import type { JsonObject } from '../lib/util/json.js';
import { checkIdOf, valueKey } from '../lib/result/check-id.js';
import { expectEcho } from '../lib/families/agents.js';
import { explicitNullChecks, valueSpaceCheck } from '../lib/families/field-values.js';
import { jsonFormsCheck, malformedBodyCheck } from '../lib/families/json-forms.js';
import { bodyFormsCheck } from '../lib/families/negotiation.js';
import { PAST_TIMESTAMP, serverSetFieldsCheck } from '../lib/families/server-set-fields.js';
import { alnum } from '../lib/gen/ids.js';
import { declareDynamicIdChecks } from '../lib/families/dynamic-ids.js';
import { flag, text, texts, wrongTypesCheck } from '../lib/families/wrong-types.js';
import { refusedWriteCheck, refusedWriteFramingCheck } from '../lib/families/refused-writes.js';

const WRITES = { writes: true } as const;
/** An id of the length other resources' ids have (a review project's form is not stated), sent where the server sets one. */
const OWN_PROJECT_ID = alnum(22, 30);
const REQUIRED_FIELDS = ['display_name', 'assignees', 'linked_simulation_ids', 'linked_metric_ids'] as const;
const LIST_FIELDS = ['assignees', 'linked_simulation_ids', 'linked_metric_ids'] as const;
/**
 * The project created from the four required fields alone, once per target: sent with a request Date far behind
 * (a client's wrong clock), which a correct server ignores (SERVER-SET-TIMES, judged by the check of its times).
 */
async function minimalProject(t: CheckContext): Promise<Created<'reviewProject'>> {
  const linked = await reviewLinks(t); // skips here, per check, rather than inside the shared creation
  return t.memo('minimal review project', (ctx) =>
    ctx.reviewProjects.create(
      linked,
      {},
      ['REVIEW-PROJECT-CREATE'],
      'creating a review project from the required fields',
      { headers: SKEWED_CLOCKS.past },
    ),
  );
}

/** Lists compare as multisets: the spec does not say their order is kept. */
const sameValue = (sent: unknown, got: unknown): boolean =>
  Array.isArray(sent) && Array.isArray(got)
    ? isDeepStrictEqual([...sent].sort(), [...got].sort())
    : isDeepStrictEqual(sent, got);

function expectField(
  t: CheckContext,
  requirements: readonly RequirementId[],
  project: JsonObject,
  field: string,
  expected: unknown,
  call: Call,
  why: string,
): void {
  t.assert(
    sameValue(expected, project[field]),
    requirements,
    `${field} should be ${JSON.stringify(expected)} (${why}), got ${JSON.stringify(project[field])}`,
    call,
  );
}

/** A value of one field that must be rejected with INVALID_ARGUMENT naming it. */
interface Rejected {
  readonly requirements: readonly RequirementId[];
  readonly field: string;
  readonly value: unknown;
  readonly why: string;
}

const REJECTED: readonly Rejected[] = [
  ...REQUIRED_FIELDS.map((field): Rejected => ({
    requirements: ['REVIEW-PROJECT-REQUIRED', 'REQUEST-MISSING-REQUIRED'],
    field,
    value: undefined,
    why: 'left out',
  })),
  ...LIST_FIELDS.map((field): Rejected => ({
    requirements: ['REVIEW-PROJECT-REQUIRED'],
    field,
    value: [],
    why: 'an empty list',
  })),
  // A required field given as null is as missing as one left out.
  { requirements: ['REVIEW-PROJECT-REQUIRED'], field: 'assignees', value: null, why: 'null' },
  // Every shape RFC 5321 clearly forbids: no @, no domain, no local part, a blank inside, two @.
  ...[
    'not-an-email',
    'a@',
    '@b.com',
    'a reviewer@example.com',
    'reviewer@example.com extra',
    'lead@qa@example.com',
  ].map((address): Rejected => ({
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    field: 'assignees',
    value: [address],
    why: `[${JSON.stringify(address)}]`,
  })),
  { requirements: ['REVIEW-PROJECT-TYPE'], field: 'project_type', value: 'PROJECT_FOO', why: '"PROJECT_FOO"' },
  { requirements: ['REVIEW-PROJECT-RULES'], field: 'project_rules', value: ['other_rule'], why: '["other_rule"]' },
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
  {
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    field: 'assignees',
    value: ['reviewer+tag@example.com'],
    why: 'a plus-tagged address',
  },
  ...PROJECT_TYPES.map((type): Accepted => ({
    requirements: ['REVIEW-PROJECT-TYPE'],
    field: 'project_type',
    value: type,
    why: type,
    returned: type,
  })),
  {
    requirements: ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    field: 'notifications',
    value: false,
    why: 'false',
    returned: false,
  },
  {
    requirements: ['REVIEW-PROJECT-RULES'],
    field: 'project_rules',
    value: [...PROJECT_RULES],
    why: JSON.stringify(PROJECT_RULES),
    returned: [...PROJECT_RULES],
  },
  { requirements: ['REVIEW-PROJECT-RULES'], field: 'project_rules', value: null, why: 'null' },
];

/** Every optional field of a review project set. */
const FULLEST_REVIEW_PROJECT: JsonObject = {
  assignees: ['reviewer@example.com', 'second.reviewer@example.com'],
  description: 'Calls of the March escalations',
  project_type: 'PROJECT_COLLABORATIVE',
  notifications: false,
  project_rules: [...PROJECT_RULES],
};

describeGroup('review-projects', () => {
  check(
    'review-projects.every-field',
    ['REVIEW-PROJECT-CREATE'],
    'POST returns {review_project} echoing every field sent',
    async (t) => {
      const { reviewProject, call, sent } = await t.reviewProjects.create(
        await reviewLinks(t),
        {
          assignees: ['reviewer@example.com', 'second.reviewer@example.com'],
          description: t.name('review project description'),
          project_type: 'PROJECT_COLLABORATIVE',
          notifications: false,
          project_rules: [...PROJECT_RULES],
        },
        ['REVIEW-PROJECT-CREATE'],
        'creating a review project with every field',
      );
      for (const [field, value] of Object.entries(sent))
        expectField(t, ['REVIEW-PROJECT-CREATE'], reviewProject, field, value, call, 'as sent');
    },
    WRITES,
  );

  // Two projects created at the same moment, linking one simulation and metric: each as if alone, or refused to be
  // retried (a careful server that serialises writes may abort one), never failed on.
  check(
    'review-projects.created-at-once-each-created',
    ['REVIEW-PROJECT-CREATE'],
    'two review projects linking one simulation and metric, sent at the same moment, are each created as sent with an id of its own (or refused to be retried: ABORTED, UNAVAILABLE, 429 with Retry-After), never failed on with a 5xx',
    async (t) => {
      const linked = await reviewLinks(t);
      const send = (n: number) => () =>
        t.reviewProjects.send(linked, { display_name: t.name(`review project ${n} at once`) });
      const calls = await atOnce([send(1), send(2)]);
      const what = 'one of two review projects sent at the same moment';
      const made: JsonObject[] = [];
      for (const call of calls) {
        if (!expectAnsweredAtOnce(t, call, ['REVIEW-PROJECT-CREATE'], what)) continue;
        const project = t.expectResource(call, ['REVIEW-PROJECT-CREATE'], what);
        expectField(
          t,
          ['REVIEW-PROJECT-CREATE'],
          project,
          'display_name',
          sentBody(call)['display_name'],
          call,
          'as sent',
        );
        made.push(project);
      }
      t.assert(
        made.length < 2 || made[0]?.['id'] !== made[1]?.['id'],
        ['REVIEW-PROJECT-CREATE'],
        `two review projects created at the same moment were given one id, ${JSON.stringify(made[0]?.['id'] ?? null)}`,
        calls[1],
      );
    },
    WRITES,
  );

  check(
    'review-projects.created-review-project-named-review',
    ['NAME-MATCHES-ID'],
    'a created review project is named review-projects/<its id>',
    async (t) => {
      const { reviewProject, call } = await minimalProject(t);
      expectNameMatchesId(t, reviewProject, 'review-projects', call);
    },
    WRITES,
  );

  check(
    'review-projects.created-review-project-s-update',
    ['TIMESTAMP-ORDER', 'SERVER-SET-TIMES'],
    "a created review project's update_time is not before its create_time; created with a request Date far behind, its times are the server's own",
    async (t) => {
      const { reviewProject, call } = await minimalProject(t);
      expectTimestampOrder(t, reviewProject, call);
      expectServerTime(t, reviewProject, call, { now: ['create_time', 'update_time'] });
    },
    WRITES,
  );

  check(
    'review-projects.project-type-defaults-project-individual',
    ['REVIEW-PROJECT-TYPE'],
    'project_type defaults to PROJECT_INDIVIDUAL',
    async (t) => {
      const { reviewProject, call } = await minimalProject(t);
      expectField(
        t,
        ['REVIEW-PROJECT-TYPE'],
        reviewProject,
        'project_type',
        'PROJECT_INDIVIDUAL',
        call,
        'the default when omitted',
      );
    },
    WRITES,
  );

  check(
    'review-projects.notifications-defaults-true',
    ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    'notifications defaults to true',
    async (t) => {
      const { reviewProject, call } = await minimalProject(t);
      expectField(
        t,
        ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
        reviewProject,
        'notifications',
        true,
        call,
        'the default when omitted',
      );
    },
    WRITES,
  );

  check(
    'review-projects.explicit-empty-project-rules-kept',
    ['REVIEW-PROJECT-RULES', 'EXPLICIT-VALUE-KEPT'],
    'project_rules [] (no rule, an optional list given empty) is accepted and kept: empty, null or absent, never filled',
    async (t) => {
      const { reviewProject, call } = await t.reviewProjects.create(
        await reviewLinks(t),
        { project_rules: [] },
        ['REVIEW-PROJECT-RULES'],
        'a review project with project_rules []',
      );
      expectEcho(t, { project_rules: [] }, reviewProject, ['EXPLICIT-VALUE-KEPT'], call, 'project_rules as given');
    },
    WRITES,
  );

  for (const { requirements, field, value, why, returned } of ACCEPTED) {
    check(
      checkIdOf('review-projects.accepted', field, valueKey(value)),
      requirements,
      `${field} ${why} is accepted${returned === undefined ? '' : ' and returned as sent'}`,
      async (t) => {
        const { reviewProject, call } = await t.reviewProjects.create(
          await reviewLinks(t),
          { [field]: value },
          requirements,
          `${field} ${why}`,
        );
        if (returned !== undefined) expectField(t, requirements, reviewProject, field, returned, call, 'as sent');
      },
      WRITES,
    );
  }

  for (const { requirements, field, value, why } of REJECTED) {
    check(
      checkIdOf('review-projects.rejected', field, valueKey(value)),
      requirements,
      `${field} ${why} is rejected with INVALID_ARGUMENT naming ${field}`,
      async (t) => {
        t.expectInvalidArgument(
          await t.reviewProjects.send(await reviewLinks(t), { [field]: value }),
          requirements,
          field,
          `${field} ${why}`,
        );
      },
      WRITES,
    );
  }

  wrongTypesCheck({
    id: 'review-projects.create',
    operation: 'POST /v1/review-projects',
    fields: {
      display_name: text('Quality review', { required: true }),
      assignees: texts('reviewer@example.com', { required: true }),
      linked_simulation_ids: texts(alnum(22, 7), { required: true }),
      linked_metric_ids: texts(alnum(22, 8), { required: true }),
      description: text('Calls of the week'),
      project_type: text('PROJECT_INDIVIDUAL', { enumerated: 'REVIEW-PROJECT-TYPE' }),
      notifications: flag(false),
      project_rules: texts('require_disagreement_notes', { enumerated: 'REVIEW-PROJECT-RULES' }),
    },
    send: async (t, fields) => t.reviewProjects.send(await reviewLinks(t), fields),
  });

  malformedBodyCheck({
    id: 'review-projects.create',
    operation: 'POST /v1/review-projects',
    send: async (t, name, written) => t.reviewProjects.send(await reviewLinks(t), { display_name: name }, written),
    options: WRITES,
  });

  lengthLimitChecks({
    requirement: 'REVIEW-PROJECT-DISPLAY-NAME',
    field: 'display_name',
    bounds: charBounds('reviewProject.display_name'),
    send: async (t, value) => t.reviewProjects.send(await reviewLinks(t), { display_name: value }),
    acceptProperty: false,
    options: WRITES,
  });

  valueSpaceCheck({
    id: 'review-projects.create',
    operation: 'POST /v1/review-projects',
    requirement: 'REVIEW-PROJECT-CREATE',
    fields: { display_name: 'name', description: 'text', assignees: { list: 'email' } },
    typical: (t) => ({ display_name: t.name('review project'), assignees: ['reviewer@example.com'] }),
    // Every field holds per project type and notification setting: the four pairs take the shapes in turn.
    beside: {
      what: `the creates of project_type ${PROJECT_TYPES.join(', ')} and notifications true, false in turn`,
      fields: (index) => ({
        project_type: PROJECT_TYPES[index % PROJECT_TYPES.length]!,
        notifications: Math.floor(index / PROJECT_TYPES.length) % 2 === 0,
      }),
    },
    send: async (t, fields) => t.reviewProjects.send(await reviewLinks(t), fields),
    // The linked IDs must name simulations and metrics the target has: only assignees can be long.
    longLists: { assignees: (n) => `reviewer.${n}@example.com` },
    longText: ['description'],
  });

  explicitNullChecks({
    id: 'review-projects.create',
    operation: 'POST /v1/review-projects',
    requirement: 'REVIEW-PROJECT-CREATE',
    defaults: {
      project_type: { requirement: 'REVIEW-PROJECT-TYPE', value: 'PROJECT_INDIVIDUAL' },
      notifications: { requirement: 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT', value: true },
    },
    optional: ['description', 'project_rules'],
    nullable: ['description', 'project_rules'],
    send: async (t, fields) => t.reviewProjects.send(await reviewLinks(t), fields),
  });

  serverSetFieldsCheck({
    id: 'review-projects.create',
    operation: 'POST /v1/review-projects',
    requirements: ['REVIEW-PROJECT-CREATE'],
    fields: {
      name: `review-projects/${OWN_PROJECT_ID}`,
      id: OWN_PROJECT_ID,
      create_time: PAST_TIMESTAMP,
      update_time: PAST_TIMESTAMP,
    },
    send: async (t, fields) => t.reviewProjects.send(await reviewLinks(t), fields),
  });

  jsonFormsCheck({
    id: 'review-projects.create',
    operation: 'POST /v1/review-projects',
    requirement: 'REVIEW-PROJECT-CREATE',
    send: async (t, name, written) => t.reviewProjects.send(await reviewLinks(t), { display_name: name }, written),
  });

  ruledListChecks({
    id: 'review-projects.create',
    lists: [
      { field: 'assignees', requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'], valid: 'a@example.com', invalid: 'a@' },
      {
        field: 'project_rules',
        requirements: ['REVIEW-PROJECT-RULES'],
        valid: PROJECT_RULES[0],
        invalid: 'other_rule',
      },
    ],
    send: async (t, field, list) => t.reviewProjects.send(await reviewLinks(t), { [field]: list }),
  });

  // Each list of IDs or addresses, one entry twice (the discovered simulation and metric, an address).
  repeatedEntriesCheck({
    id: 'review-projects.create.repeated-entries',
    requirements: ['REVIEW-PROJECT-CREATE'],
    lists: [
      { field: 'assignees', valid: 'reviewer@example.com' },
      { field: 'linked_simulation_ids', valid: async (t) => (await reviewLinks(t)).simulationId },
      { field: 'linked_metric_ids', valid: async (t) => (await reviewLinks(t)).metricId },
    ],
    send: async (t, fields) => t.reviewProjects.send(await reviewLinks(t), fields),
  });

  backtrackingValueChecks('review-projects.create', [
    {
      field: 'assignees',
      format: 'email',
      requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
      send: async (t, value) => t.reviewProjects.send(await reviewLinks(t), { assignees: [value] }),
    },
  ]);

  lineBreakChecks('review-projects.create', [
    {
      field: 'assignees',
      requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
      valid: 'reviewer@example.com',
      send: async (t, value) => t.reviewProjects.send(await reviewLinks(t), { assignees: [value] }),
      stored: (project) => (project['assignees'] as unknown[] | undefined)?.[0],
    },
  ]);

  madeOfListedChecks('review-projects.create', [
    {
      field: 'project_type',
      requirements: ['REVIEW-PROJECT-TYPE'],
      listed: PROJECT_TYPES,
      send: async (t, value) => t.reviewProjects.send(await reviewLinks(t), { project_type: value }),
      sendFullest: async (t, value) =>
        t.reviewProjects.send(await reviewLinks(t), { ...FULLEST_REVIEW_PROJECT, project_type: value }),
    },
    {
      field: 'project_rules',
      requirements: ['REVIEW-PROJECT-RULES'],
      listed: PROJECT_RULES,
      send: async (t, value) => t.reviewProjects.send(await reviewLinks(t), { project_rules: [value] }),
      sendFullest: async (t, value) =>
        t.reviewProjects.send(await reviewLinks(t), { ...FULLEST_REVIEW_PROJECT, project_rules: [value] }),
    },
  ]);

  // Each stated default holds beside every other optional field, the other defaulted one given a value too.
  derivedBesideOthersCheck({
    id: 'review-projects.create',
    resource: 'a review project',
    optional: {
      description: FULLEST_REVIEW_PROJECT['description'] ?? null,
      project_type: 'PROJECT_COLLABORATIVE',
      notifications: false,
      project_rules: [...PROJECT_RULES],
    },
    rules: [
      {
        field: 'project_type',
        requirements: ['REVIEW-PROJECT-TYPE'],
        expected: () => DEFAULTS.reviewProjectType,
      },
      {
        field: 'notifications',
        requirements: ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
        expected: () => DEFAULTS.reviewProjectNotifications,
      },
    ],
    send: async (t, fields) => t.reviewProjects.send(await reviewLinks(t), fields),
  });

  requiredUnderEachValueChecks({
    id: 'review-projects.create',
    enumerated: 'project_type',
    listed: PROJECT_TYPES,
    required: REQUIRED_FIELDS.map((field) => ({
      field,
      requirements: ['REVIEW-PROJECT-REQUIRED', 'REQUEST-MISSING-REQUIRED'] as const,
    })),
    send: async (t, value, without) =>
      t.reviewProjects.send(await reviewLinks(t), { project_type: value, [without]: undefined }),
  });

  // An explicit empty value is no value of a required field, whatever the project_type: [] for a list (the name's ""
  // is the length checks' concern).
  emptyRequiredUnderEachValueChecks({
    id: 'review-projects.create',
    enumerated: 'project_type',
    listed: PROJECT_TYPES,
    required: REQUIRED_FIELDS.filter((field) => field !== 'display_name').map((field) => ({
      field,
      requirements: ['REVIEW-PROJECT-REQUIRED', 'REQUEST-MISSING-REQUIRED'] as const,
      empty: [[]],
    })),
    send: async (t, value, row, given) =>
      t.reviewProjects.send(await reviewLinks(t), { project_type: value, [row.field]: given }),
  });

  declareDynamicIdChecks('review-projects');
  bodyFormsCheck({
    id: 'review-projects.create',
    operation: 'POST /v1/review-projects',
    requirement: 'REVIEW-PROJECT-CREATE',
    send: async (t, name, written) => t.reviewProjects.send(await reviewLinks(t), { display_name: name }, written),
    acceptFrom: 3,
  });

  refusedWriteCheck('review-projects');
  refusedWriteFramingCheck('review-projects');
});

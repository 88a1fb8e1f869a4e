// Review project faults. Most change how one body field is read (Behaviour.reviewProjectFields).

import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { PROJECT_RULES, PROJECT_TYPES } from '../../lib/contract/enums.js';
import type { FieldLimitId } from '../../lib/contract/limits.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import { alreadyExists, internal } from '../../lib/reference/http/errors.js';
import type { Store } from '../../lib/reference/store/store.js';
import type { ReviewProjectRecord } from '../../lib/reference/store/records.js';
import type { Fields } from '../../lib/reference/validation/fields.js';
import type { ReviewProjectFields } from '../../lib/reference/validation/review-projects.js';
import { fault, keptFromLast, presentWith, type Fault } from './define.js';
import { bytesOfText, limitFaults, rowsMeasuredAs } from './limits.js';
import { create, without, status, created, VALID } from '../probes/review-projects.js';
import { allRuns } from '../probes/resources.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';

type Field = keyof ReviewProjectFields;
type ListField = 'assignees' | 'linked_simulation_ids' | 'linked_metric_ids';

/** Replaces how one field is read; `base` is the reader it replaces. */
function readWith<K extends Field>(
  field: K,
  read: (f: Fields, base: ReviewProjectFields[K]) => ReviewProjectRecord[K],
) {
  return (b: Behaviour) => {
    const base = b.reviewProjectFields[field];
    b.reviewProjectFields[field] = ((f: Fields) => read(f, base)) as ReviewProjectFields[K];
  };
}

/** A required list that may be left out (it becomes empty). */
const optionalList = (field: ListField) => readWith(field, (f, base) => (f.strings(field) === null ? [] : base(f)));

const setLimit = (id: FieldLimitId, bounds: { min?: number; max?: number }) => (b: Behaviour) => {
  b.limits[id] = { ...b.limits[id], ...bounds };
};

/** Replaces how several fields are read, given the reading each replaces. */
const rereadReviewProject =
  <K extends keyof ReviewProjectFields>(
    names: readonly K[],
    reader: (original: ReviewProjectFields[K], name: K) => ReviewProjectFields[K],
  ) =>
  (b: Behaviour) => {
    for (const name of names)
      b.reviewProjectFields = { ...b.reviewProjectFields, [name]: reader(b.reviewProjectFields[name], name) };
  };

const REQUIRED = ['REVIEW-PROJECT-REQUIRED', 'REQUEST-MISSING-REQUIRED'] as const;
const DISPLAY_NAME = ['REVIEW-PROJECT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'] as const;

export const REVIEW_PROJECTS_FAULTS = [
  fault({
    id: 'review-project-display-name-optional',
    requirements: REQUIRED,
    slips: ['broken'],
    description: 'A review project without display_name is created as "Untitled review project".',
    behaviour: readWith('display_name', (f, base) =>
      f.string('display_name') === null ? 'Untitled review project' : base(f),
    ),
    probe: async (call) => (await create(call, without('display_name'))).status,
    shows: 200,
  }),
  fault({
    id: 'review-project-assignees-optional',
    requirements: REQUIRED,
    slips: ['broken'],
    description: 'A review project without assignees is created with none.',
    behaviour: optionalList('assignees'),
    probe: async (call) => (await create(call, without('assignees'))).status,
    shows: 200,
  }),
  fault({
    id: 'review-project-simulation-ids-optional',
    requirements: REQUIRED,
    slips: ['broken'],
    description: 'A review project without linked_simulation_ids is created with none.',
    behaviour: optionalList('linked_simulation_ids'),
    probe: async (call) => (await create(call, without('linked_simulation_ids'))).status,
    shows: 200,
  }),
  fault({
    id: 'review-project-metric-ids-optional',
    requirements: REQUIRED,
    slips: ['broken'],
    description: 'A review project without linked_metric_ids is created with none.',
    behaviour: optionalList('linked_metric_ids'),
    probe: async (call) => (await create(call, without('linked_metric_ids'))).status,
    shows: 200,
  }),
  fault({
    id: 'review-project-empty-lists-accepted',
    requirements: ['REVIEW-PROJECT-REQUIRED'],
    slips: ['bound'],
    description: 'Empty assignees, linked_simulation_ids and linked_metric_ids are accepted.',
    behaviour: (b) => {
      for (const id of [
        'reviewProject.assignees',
        'reviewProject.linked_simulation_ids',
        'reviewProject.linked_metric_ids',
      ] as const)
        setLimit(id, { min: 0 })(b);
    },
    probe: (call) => status(call, { linked_metric_ids: [] }),
    shows: 200,
  }),
  ...limitFaults('reviewProject.assignees', {
    subject: 'assignees',
    requirements: ['REVIEW-PROJECT-REQUIRED'],
    sized: (size: number) => Array.from({ length: size }, (_, n) => `reviewer${n}@example.com`),
    send: (call, value) => create(call, { ...VALID, assignees: value }),
    faults: [
      {
        id: 'review-project-assignees-min-2',
        bounds: { min: 2 },
        description: 'assignees needs two addresses or more (a reviewer and an approver): one assignee is refused.',
      },
    ],
  }),
  fault({
    id: 'review-project-email-unchecked',
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    slips: ['broken'],
    description: 'Assignees are not checked to be e-mail addresses.',
    behaviour: readWith('assignees', (f) =>
      f.strings('assignees', { required: true, limit: 'reviewProject.assignees' }),
    ),
    probe: (call) => status(call, { assignees: ['not-an-email'] }),
    shows: 200,
  }),
  fault({
    id: 'review-project-email-plus-rejected',
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    slips: ['broken'],
    description: 'Assignee addresses with a `+` tag are rejected (a too narrow pattern).',
    behaviour: readWith('assignees', (f, base) => {
      const assignees = base(f);
      if (assignees.some((address) => address.includes('+'))) f.fail('assignees', 'must be an e-mail address');
      return assignees;
    }),
    probe: (call) => status(call, { assignees: ['a+tag@example.com'] }),
    shows: 400,
  }),
  fault({
    id: 'review-project-email-unanchored',
    requirements: ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    slips: ['bound'],
    description:
      'Assignees are searched for an address, not matched whole (a pattern without `^` and `$`): `a reviewer@example.com` is accepted.',
    behaviour: readWith('assignees', (f) =>
      f.strings('assignees', {
        required: true,
        limit: 'reviewProject.assignees',
        each: { test: (v) => /[^\s@]+@[^\s@]+\.[^\s@]+/.test(v), description: 'an e-mail address' },
      }),
    ),
    probe: (call) => status(call, { assignees: ['a reviewer@example.com'] }),
    shows: 200,
  }),
  fault({
    id: 'review-project-assignee-string-wrapped',
    requirements: ['REQUEST-WRONG-TYPE'],
    slips: ['type'],
    description: 'A single assignee given as a string is accepted as a one-element list.',
    behaviour: readWith('assignees', (f, base) => {
      try {
        const single = f.string('assignees');
        if (single !== null) return [single];
      } catch {
        // not a string: read as usual
      }
      return base(f);
    }),
    probe: (call) => status(call, { assignees: 'a@example.com' }),
    shows: 200,
  }),
  fault({
    id: 'review-project-type-default-collaborative',
    requirements: ['REVIEW-PROJECT-TYPE'],
    slips: ['broken'],
    description: 'project_type defaults to PROJECT_COLLABORATIVE.',
    behaviour: readWith('project_type', (f, base) =>
      f.string('project_type') === null ? 'PROJECT_COLLABORATIVE' : base(f),
    ),
    probe: async (call) => (await created(call)).project_type,
    shows: 'PROJECT_COLLABORATIVE',
  }),
  fault({
    id: 'review-project-type-unchecked',
    requirements: ['REVIEW-PROJECT-TYPE'],
    slips: ['broken'],
    description: 'Any project_type string is accepted.',
    behaviour: readWith('project_type', (f, base) => f.string('project_type') ?? base(f)),
    probe: (call) => status(call, { project_type: 'PROJECT_FOO' }),
    shows: 200,
  }),
  fault({
    id: 'review-project-type-ignored',
    requirements: ['REVIEW-PROJECT-TYPE'],
    slips: ['explicit'],
    description: 'project_type is checked but ignored: every project is PROJECT_INDIVIDUAL.',
    behaviour: readWith('project_type', (f, base) => {
      base(f);
      return 'PROJECT_INDIVIDUAL';
    }),
    probe: async (call) => (await created(call, { project_type: 'PROJECT_COLLABORATIVE' })).project_type,
    shows: 'PROJECT_INDIVIDUAL',
  }),
  fault({
    id: 'review-project-notifications-default-false',
    requirements: ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    slips: ['explicit'],
    description: 'notifications defaults to false.',
    behaviour: readWith('notifications', (f) => f.boolean('notifications') ?? false),
    probe: async (call) => (await created(call)).notifications,
    shows: false,
  }),
  // found by review-projects.create.derived-beside-other-fields
  fault({
    id: 'review-project-notifications-default-beside-description',
    requirements: ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    slips: ['scope'],
    description:
      'The notifications default is set in the branch that fills an absent description (`if (body.description == null) { body.description = null; body.notifications ??= true }`): a project sent with a description and without notifications is stored with notifications false; without a description it is true.',
    behaviour: readWith('notifications', (f, base) =>
      f.has('description') && !f.has('notifications') ? false : base(f),
    ),
    probe: async (call) => (await created(call, { description: 'Calls of the March escalations' })).notifications,
    shows: false,
  }),
  fault({
    id: 'review-project-notifications-false-ignored',
    requirements: ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    slips: ['explicit'],
    description: 'notifications false is read as "not given" (`value || default`) and becomes true.',
    behaviour: readWith('notifications', (f) => f.boolean('notifications') || true),
    probe: async (call) => (await created(call, { notifications: false })).notifications,
    shows: true,
  }),
  fault({
    id: 'review-project-rules-unchecked',
    requirements: ['REVIEW-PROJECT-RULES'],
    slips: ['broken'],
    description: 'project_rules accepts any strings.',
    behaviour: readWith('project_rules', (f) => f.strings('project_rules')),
    probe: (call) => status(call, { project_rules: ['other_rule'] }),
    shows: 200,
  }),
  ...limitFaults('reviewProject.display_name', {
    subject: 'Review project display_name',
    requirements: DISPLAY_NAME,
    send: (call, value) => create(call, { ...VALID, display_name: value }),
    sized: (size: number) => 'n'.repeat(size),
    faults: [
      { id: 'review-project-display-name-max-199', bounds: { max: 199 } },
      { id: 'review-project-display-name-max-201', bounds: { max: 201 } },
      {
        id: 'review-project-display-name-empty-accepted',
        bounds: { min: 0 },
        description: 'An empty review project display_name is accepted.',
      },
      {
        id: 'review-project-display-name-min-2',
        bounds: { min: 2 },
        description: 'A review project display_name of 1 character is rejected.',
      },
      {
        id: 'review-project-display-name-utf16',
        measure: (value) => String(value).length,
        sample: '😀'.repeat(200),
        requirements: ['FIELD-CHARS-CODEPOINTS'],
        description: 'Review project display_name is limited to 200 UTF-16 units: 200 astral characters are rejected.',
      },
    ],
  }),
  fault({
    id: 'review-project-description-dropped',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description: 'The created review project is returned without its description.',
    behaviour: (b) => {
      presentWith(b, 'reviewProject', ({ description: _description, ...rest }) => rest);
    },
    probe: async (call) => 'description' in (await created(call, { description: 'd' })),
    shows: false,
  }),
  fault({
    id: 'review-project-name-camel-case',
    requirements: ['NAME-MATCHES-ID'],
    slips: ['broken'],
    description: 'Review projects are named `reviewProjects/<id>`.',
    behaviour: (b) => {
      presentWith(b, 'reviewProject', (view) => ({ ...view, name: `reviewProjects/${String(view.id)}` }));
    },
    probe: async (call) => String((await created(call)).name).split('/')[0],
    shows: 'reviewProjects',
  }),
  fault({
    id: 'review-project-update-time-local',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description: 'update_time is written in UTC−5 local time but labelled UTC, five hours before create_time.',
    behaviour: (b) => {
      presentWith(b, 'reviewProject', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as ReviewProjectRecord).update_time - 5 * 3600_000),
      }));
    },
    probe: async (call) => {
      const project = await created(call);
      return Date.parse(project.update_time) >= Date.parse(project.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'review-project-display-name-bytes',
    requirements: ['REVIEW-PROJECT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'],
    slips: ['unit'],
    description: 'Review project display_name is limited to 200 UTF-8 bytes instead of 200 characters.',
    behaviour: rowsMeasuredAs(['reviewProject.display_name'], bytesOfText),
    probe: (call) => status(call, { display_name: 'é'.repeat(200) }),
    shows: 400,
  }),
  fault({
    id: 'review-project-required-null-accepted',
    requirements: ['REVIEW-PROJECT-REQUIRED'],
    slips: ['explicit'],
    description:
      'A required list is checked as a key of the body (`"assignees" in body`): an explicit null passes and is stored as an empty list.',
    behaviour: rereadReviewProject(
      ['assignees', 'linked_simulation_ids', 'linked_metric_ids'],
      (read, name) => (f) => (f.has(name) && f.strings(name) === null ? [] : read(f)),
    ),
    probe: (call) => status(call, { assignees: null }),
    shows: 200,
  }),
  fault({
    id: 'review-project-rules-null-rejected',
    requirements: ['REVIEW-PROJECT-RULES'],
    slips: ['explicit'],
    description: 'An explicit null project_rules is rejected as not a list (only an absent one is read as none).',
    behaviour: rereadReviewProject(
      ['project_rules'],
      (read) => (f) =>
        f.has('project_rules') && f.strings('project_rules') === null
          ? f.fail('project_rules', 'must be a list')
          : read(f),
    ),
    probe: (call) => status(call, { project_rules: null }),
    shows: 400,
  }),
  // The valid space beyond typical values (values.* checks)
  fault({
    id: 'review-project-assignee-plus-refused',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'assignees are checked against a narrow e-mail pattern without `+`: a plus-addressed reviewer (first.last+review@example.com) is refused.',
    behaviour: readWith('assignees', (f, base) => {
      const value = base(f);
      return value.some((email) => !/^[a-z0-9._-]+@[a-z0-9.-]+$/i.test(email))
        ? f.fail('assignees', 'must be e-mail addresses')
        : value;
    }),
    probe: (call) => status(call, { assignees: ['first.last+review@example.com'] }),
    shows: 400,
  }),
  fault({
    id: 'review-project-description-numeric-as-number',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['type'],
    description: 'A review project description that reads as a number ("1e3") is stored as that number (1000).',
    behaviour: readWith('description', (f, base) => {
      const value = base(f);
      return typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
        ? (Number(value) as unknown as string)
        : value;
    }),
    probe: async (call) => (await created(call, { description: '1e3' })).description,
    shows: 1000,
  }),
  fault({
    id: 'review-project-rules-empty-filled',
    requirements: ['EXPLICIT-VALUE-KEPT'],
    slips: ['explicit'],
    description:
      'An explicit empty project_rules is taken for an absent one and filled with every rule: `[]` comes back `["require_disagreement_notes"]`.',
    behaviour: readWith('project_rules', (f, base) => {
      const value = base(f);
      return value !== null && value.length === 0 ? ['require_disagreement_notes'] : value;
    }),
    probe: async (call) => (await created(call, { project_rules: [] })).project_rules,
    shows: ['require_disagreement_notes'],
  }),
  // sequences: found by the exploration (suites/explore.suite.ts)
  fault({
    id: 'review-project-defaults-kept-from-last',
    requirements: ['REVIEW-PROJECT-TYPE', 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    slips: ['explicit'],
    description:
      'The defaults of project_type and notifications are one object each creation writes its given values into (`Object.assign(defaults, body)`): a project sent without them gets the last ones given, not PROJECT_INDIVIDUAL and true.',
    behaviour: (b) => {
      const kept = { project_type: 'PROJECT_INDIVIDUAL', notifications: true };
      readWith(
        'project_type',
        (f) => (kept.project_type = f.oneOf('project_type', PROJECT_TYPES) ?? kept.project_type),
      )(b);
      readWith('notifications', (f) => (kept.notifications = f.boolean('notifications') ?? kept.notifications))(b);
    },
    probe: async (call) => {
      await created(call, { project_type: 'PROJECT_COLLABORATIVE', notifications: false });
      const { project_type, notifications } = await created(call, {});
      return { project_type, notifications };
    },
    shows: { project_type: 'PROJECT_COLLABORATIVE', notifications: false },
  }),
  fault({
    id: 'review-project-id-from-links',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      "A review project answers an id made from what it links (an idempotency key taken for its id): a second project linking the same simulation and metric answers the first one's id and name.",
    behaviour: (b) => {
      presentWith(b, 'reviewProject', (view) => {
        const links = [view['linked_simulation_ids'], view['linked_metric_ids']].flat().join('');
        const id = createHash('sha256').update(links).digest('hex').slice(0, 22);
        return { ...view, id, name: `review-projects/${id}` };
      });
    },
    probe: async (call) => (await created(call)).id === (await created(call, { display_name: 'Other' })).id,
    shows: true,
  }),
  fault({
    id: 'review-project-notifications-null-kept',
    requirements: ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    slips: ['explicit'],
    description:
      'The notifications default applies only when the key is absent (`"notifications" in body`): an explicit `notifications: null` is stored and returned as null.',
    behaviour: readWith('notifications', (f, base) =>
      f.has('notifications') && f.boolean('notifications') === null ? (null as unknown as boolean) : base(f),
    ),
    probe: async (call) => (await created(call, { notifications: null })).notifications,
    shows: null,
  }),
  fault({
    id: 'review-project-type-default-refused',
    requirements: ['REVIEW-PROJECT-TYPE'],
    slips: ['explicit'],
    description:
      'project_type is checked against the values a client may choose besides the default (`PROJECT_COLLABORATIVE`), the default being what an absent field gets: an explicit `PROJECT_INDIVIDUAL` is rejected.',
    behaviour: readWith('project_type', (f, base) =>
      f.string('project_type') === 'PROJECT_INDIVIDUAL'
        ? f.fail('project_type', 'must be PROJECT_COLLABORATIVE')
        : base(f),
    ),
    probe: (call) => status(call, { project_type: 'PROJECT_INDIVIDUAL' }),
    shows: 400,
  }),
  fault({
    id: 'review-project-type-inferred-from-assignees',
    requirements: ['REVIEW-PROJECT-TYPE'],
    slips: ['broken'],
    description:
      'A review project sent without project_type but with several assignees is PROJECT_COLLABORATIVE (shared annotations inferred from a team, a convenience), where the stated default is PROJECT_INDIVIDUAL; one assignee gets the default.',
    behaviour: readWith('project_type', (f, base) =>
      f.string('project_type') === null && (f.strings('assignees') ?? []).length > 1
        ? 'PROJECT_COLLABORATIVE'
        : base(f),
    ),
    probe: async (call) => (await created(call, { assignees: ['a@example.com', 'b@example.com'] })).project_type,
    shows: 'PROJECT_COLLABORATIVE',
  }),
  fault({
    id: 'review-project-name-of-agent-refused',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'POST /v1/review-projects refuses a display_name an agent or a mutation already has with ALREADY_EXISTS: display names are held unique in one table shared by every kind of resource, though the specification makes no name of a review project unique; other names are accepted as before.',
    behaviour: (b) => {
      let current: Store | undefined;
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        if (endpoint.key === 'POST /v1/review-projects') current = store;
        return named(endpoint, params, store);
      };
      const readName = b.reviewProjectFields.display_name;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        display_name: (f) => {
          const name = readName(f);
          const taken = [...(current?.agents.values() ?? []), ...(current?.mutations.values() ?? [])].some(
            (other) => other.display_name === name,
          );
          if (taken) throw alreadyExists('display_name', `the name "${name}" is taken`);
          return name;
        },
      };
    },
    probe: async (call) => {
      await call('POST', '/v1/agents', {
        body: { display_name: 'Shared name', model_type: 'MODEL_TYPE_VOICE', phone_number: '+14155550123' },
      });
      const answer = await create(call, { ...VALID, display_name: 'Shared name' });
      return answer.status;
    },
    shows: 409,
  }),
  fault({
    id: 'review-project-rules-null-refused',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'A review project\'s project_rules, "enum[] or null", is read as an optional list but never null: `"project_rules": null` is refused with INVALID_ARGUMENT.',
    behaviour: (b) => {
      const rules = b.reviewProjectFields.project_rules;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        project_rules: (f) => {
          if (f.has('project_rules') && f.strings('project_rules') === null) f.fail('project_rules', 'must be a list');
          return rules(f);
        },
      };
    },
    probe: (call) => status(call, { project_rules: null }),
    shows: 400,
  }),
  fault({
    id: 'review-project-rules-any-allowed',
    requirements: ['REVIEW-PROJECT-RULES'],
    slips: ['broken'],
    description:
      'A review project\'s project_rules is checked with `some` where `every` was meant: a list holding `require_disagreement_notes` passes whole, so `["require_disagreement_notes", "other_rule"]` is accepted; a list of no allowed rule is refused.',
    behaviour: (b) => {
      const rules = b.reviewProjectFields.project_rules;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        project_rules: (f) => {
          const list = f.strings('project_rules');
          if (list === null || !list.some((rule) => (PROJECT_RULES as readonly string[]).includes(rule)))
            return rules(f);
          return list;
        },
      };
    },
    probe: (call) => status(call, { project_rules: ['require_disagreement_notes', 'other_rule'] }),
    shows: 200,
  }),
  fault({
    id: 'review-project-defaults-kept-from-last',
    requirements: ['REVIEW-PROJECT-TYPE', 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    slips: ['broken'],
    description:
      'project_type and notifications left out take what the review project created before chose (each default lives in a variable every create writes, as a form keeps its last choice): after a PROJECT_COLLABORATIVE project with notifications false, the next one sent without either is PROJECT_COLLABORATIVE and silent.',
    behaviour: rereadReviewProject(
      ['project_type', 'notifications'],
      (original, name) => keptFromLast(original as (f: Fields) => unknown, (f) => f.has(name)) as typeof original,
    ),
    probe: async (call) => {
      await created(call, { project_type: 'PROJECT_COLLABORATIVE', notifications: false });
      const next = await created(call);
      return [next.project_type, next.notifications];
    },
    shows: ['PROJECT_COLLABORATIVE', false],
  }),
  fault({
    id: 'review-project-collaborative-description-cut-500',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['scope'],
    description:
      "A PROJECT_COLLABORATIVE project's description is stored in the shared board's column of 500 characters, cut there silently. Individual projects keep it whole.",
    behaviour: readWith('description', (f, base) => {
      const value = base(f);
      return f.string('project_type') === 'PROJECT_COLLABORATIVE' && value !== null ? value.slice(0, 500) : value;
    }),
    probe: async (call) =>
      (await created(call, { project_type: 'PROJECT_COLLABORATIVE', description: 'd'.repeat(600) })).description.length,
    shows: 500,
  }),

  // Classes beside the independent rounds' faults (an unlisted value in the fullest body, long unbounded lists)
  fault({
    id: 'review-project-unknown-type-with-rules-internal',
    requirements: ['REVIEW-PROJECT-TYPE'],
    slips: ['broken'],
    description:
      'project_rules are looked up in a table of the rules each project_type allows before project_type itself is checked (`RULES_BY_TYPE[project_type]`, a KeyError for a type not in the table): an unlisted project_type sent with project_rules fails with 500 INTERNAL; without project_rules it is refused with INVALID_ARGUMENT as it should be.',
    behaviour: readWith('project_type', (f, base) => {
      const type = f.string('project_type');
      if (type !== null && !(PROJECT_TYPES as readonly string[]).includes(type) && f.strings('project_rules') !== null)
        throw internal(`KeyError: ${type}`);
      return base(f);
    }),
    probe: async (call) => {
      const answer = await create(call, { ...VALID, project_type: 'PROJECT_FOO', project_rules: [...PROJECT_RULES] });
      return { status: answer.status, code: answer.body?.error?.code };
    },
    shows: { status: 500, code: 'INTERNAL' },
  }),
  fault({
    id: 'review-project-assignees-column-overflow',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'assignees are stored joined with commas in a VARCHAR(4096) column under strict mode, with no check of their number: several hundred assignees, which the specification bounds nowhere, fail with 500 INTERNAL ("Data too long for column \'assignees\'").',
    behaviour: readWith('assignees', (f, base) => {
      const assignees = base(f);
      if (assignees.join(',').length > 4096)
        throw new Error("ER_DATA_TOO_LONG: Data too long for column 'assignees' at row 1");
      return assignees;
    }),
    probe: async (call) => {
      const assignees = Array.from({ length: 500 }, (_, n) => `reviewer.${n}@example.com`);
      return status(call, { assignees });
    },
    shows: 500,
  }),
  fault({
    id: 'review-project-created-at-once-internal',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['state'],
    description:
      "A review project's number in the organisation is read as the highest stored plus one, and the project inserted under a unique index on it after its assignees are resolved (an await); the duplicate-key error reaches no handler: of two review projects created at the same moment, both read one number, the first is stored, and the second, valid, is answered 500 INTERNAL and not stored. One at a time, every creation succeeds.",
    behaviour: (b) => {
      let highest = 0;
      b.reviewProjectBeforeStore = async () => {
        const next = highest + 1;
        await delay(50);
        if (highest >= next)
          throw internal(`duplicate key value violates unique constraint "review_projects_number_key" (${next})`);
        highest = next;
      };
    },
    probe: async (call) => {
      const answers = await Promise.all([create(call, VALID), create(call, VALID)]);
      return answers.map((answer) => answer.status).sort();
    },
    shows: [200, 500],
  }),
  fault({
    id: 'review-project-simulation-of-deleted-run-internal',
    requirements: ['REVIEW-PROJECT-CREATE'],
    slips: ['state'],
    description:
      "Deleting a finished run also deletes its simulation rows (a cascade), while review projects reference simulations by a foreign key: after DELETE of a run, a review project whose linked_simulation_ids names one of that run's simulation outputs fails with 500 INTERNAL (a foreign-key violation reaching no handler); other simulations, and the same ones before the deletion, are linked as before.",
    behaviour: (b) => {
      const removed = new Set<string>();
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const run = store.runs.get(params.run_id ?? '');
        if (endpoint.key === 'DELETE /v1/runs/{run_id}' && run && b.runDeletion.outcome(run.status) === 'delete')
          run.results.output_ids.forEach((id) => removed.add(id));
        return named(endpoint, params, store);
      };
      rereadReviewProject(['linked_simulation_ids'], (read) => (f) => {
        const ids = read(f);
        const gone = ids.find((id) => removed.has(id));
        if (gone !== undefined)
          throw internal(
            `insert or update on table "review_project_simulations" violates foreign key constraint "review_project_simulations_simulation_id_fkey": Key (simulation_id)=(${gone}) is not present.`,
          );
        return ids;
      })(b);
    },
    probe: async (call) => {
      const run = (await allRuns(call)).find((r) => r.run_id === FIXTURE_IDS.deletableRunId);
      const simulation = String(run?.results.output_ids[0]);
      const link = () => status(call, { linked_simulation_ids: [simulation] });
      const before = await link();
      await call('DELETE', `/v1/runs/${FIXTURE_IDS.deletableRunId}`);
      return { before, after: await link() };
    },
    shows: { before: 200, after: 500 },
  }),
] as const satisfies readonly Fault[];

// Review project faults. Most change how one body field is read (Behaviour.reviewProjectFields).

import type { FieldLimitId } from '../../lib/contract/limits.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { ReviewProjectRecord } from '../../lib/reference/store/records.js';
import type { Fields } from '../../lib/reference/validation/fields.js';
import type { ReviewProjectFields } from '../../lib/reference/validation/review-projects.js';
import { fault, presentWith, type Fault } from './define.js';

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

const REQUIRED = ['REVIEW-PROJECT-REQUIRED', 'REQUEST-MISSING-REQUIRED'] as const;
const DISPLAY_NAME = ['REVIEW-PROJECT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'] as const;

export const REVIEW_PROJECTS_FAULTS = [
  fault(
    'review-project-display-name-optional',
    REQUIRED,
    'A review project without display_name is created as "Untitled review project".',
    readWith('display_name', (f, base) => (f.string('display_name') === null ? 'Untitled review project' : base(f))),
  ),
  fault(
    'review-project-assignees-optional',
    REQUIRED,
    'A review project without assignees is created with none.',
    optionalList('assignees'),
  ),
  fault(
    'review-project-simulation-ids-optional',
    REQUIRED,
    'A review project without linked_simulation_ids is created with none.',
    optionalList('linked_simulation_ids'),
  ),
  fault(
    'review-project-metric-ids-optional',
    REQUIRED,
    'A review project without linked_metric_ids is created with none.',
    optionalList('linked_metric_ids'),
  ),
  fault(
    'review-project-empty-lists-accepted',
    ['REVIEW-PROJECT-REQUIRED'],
    'Empty assignees, linked_simulation_ids and linked_metric_ids are accepted.',
    (b) => {
      for (const id of [
        'reviewProject.assignees',
        'reviewProject.linked_simulation_ids',
        'reviewProject.linked_metric_ids',
      ] as const)
        setLimit(id, { min: 0 })(b);
    },
  ),
  fault(
    'review-project-email-unchecked',
    ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    'Assignees are not checked to be e-mail addresses.',
    readWith('assignees', (f) => f.strings('assignees', { required: true, limit: 'reviewProject.assignees' })),
  ),
  fault(
    'review-project-email-plus-rejected',
    ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    'Assignee addresses with a `+` tag are rejected (a too narrow pattern).',
    readWith('assignees', (f, base) => {
      const assignees = base(f);
      if (assignees.some((address) => address.includes('+'))) f.fail('assignees', 'must be an e-mail address');
      return assignees;
    }),
  ),
  fault(
    'review-project-email-unanchored',
    ['REVIEW-PROJECT-ASSIGNEE-EMAIL'],
    'Assignees are searched for an address, not matched whole (a pattern without `^` and `$`): `a reviewer@example.com` is accepted.',
    readWith('assignees', (f) =>
      f.strings('assignees', {
        required: true,
        limit: 'reviewProject.assignees',
        each: { test: (v) => /[^\s@]+@[^\s@]+\.[^\s@]+/.test(v), description: 'an e-mail address' },
      }),
    ),
  ),
  fault(
    'review-project-assignee-string-wrapped',
    ['REQUEST-WRONG-TYPE'],
    'A single assignee given as a string is accepted as a one-element list.',
    readWith('assignees', (f, base) => {
      try {
        const single = f.string('assignees');
        if (single !== null) return [single];
      } catch {
        // not a string: read as usual
      }
      return base(f);
    }),
  ),
  fault(
    'review-project-type-default-collaborative',
    ['REVIEW-PROJECT-TYPE'],
    'project_type defaults to PROJECT_COLLABORATIVE.',
    readWith('project_type', (f, base) => (f.string('project_type') === null ? 'PROJECT_COLLABORATIVE' : base(f))),
  ),
  fault(
    'review-project-type-unchecked',
    ['REVIEW-PROJECT-TYPE'],
    'Any project_type string is accepted.',
    readWith('project_type', (f, base) => f.string('project_type') ?? base(f)),
  ),
  fault(
    'review-project-type-ignored',
    ['REVIEW-PROJECT-TYPE'],
    'project_type is checked but ignored: every project is PROJECT_INDIVIDUAL.',
    readWith('project_type', (f, base) => {
      base(f);
      return 'PROJECT_INDIVIDUAL';
    }),
  ),
  fault(
    'review-project-notifications-default-false',
    ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    'notifications defaults to false.',
    readWith('notifications', (f) => f.boolean('notifications') ?? false),
  ),
  fault(
    'review-project-notifications-false-ignored',
    ['REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    'notifications false is read as "not given" (`value || default`) and becomes true.',
    readWith('notifications', (f) => f.boolean('notifications') || true),
  ),
  fault(
    'review-project-rules-unchecked',
    ['REVIEW-PROJECT-RULES'],
    'project_rules accepts any strings.',
    readWith('project_rules', (f) => f.strings('project_rules')),
  ),
  fault(
    'review-project-display-name-max-199',
    DISPLAY_NAME,
    'Review project display_name of 200 characters is rejected.',
    setLimit('reviewProject.display_name', { max: 199 }),
  ),
  fault(
    'review-project-display-name-max-201',
    DISPLAY_NAME,
    'Review project display_name of 201 characters is accepted.',
    setLimit('reviewProject.display_name', { max: 201 }),
  ),
  fault(
    'review-project-description-dropped',
    ['REVIEW-PROJECT-CREATE'],
    'The created review project is returned without its description.',
    (b) => {
      presentWith(b, 'reviewProject', ({ description: _description, ...rest }) => rest);
    },
  ),
  fault(
    'review-project-name-camel-case',
    ['NAME-MATCHES-ID'],
    'Review projects are named `reviewProjects/<id>`.',
    (b) => {
      presentWith(b, 'reviewProject', (view) => ({ ...view, name: `reviewProjects/${String(view.id)}` }));
    },
  ),
  fault(
    'review-project-update-time-local',
    ['TIMESTAMP-ORDER'],
    'update_time is written in UTC−5 local time but labelled UTC, five hours before create_time.',
    (b) => {
      presentWith(b, 'reviewProject', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as ReviewProjectRecord).update_time - 5 * 3600_000),
      }));
    },
  ),
] as const satisfies readonly Fault[];

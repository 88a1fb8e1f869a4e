import { must, should } from './types.js';

export const TEST_CASES = [
  must('test-cases', 'TESTCASE-CREATE', 'Test cases', 'POST /v1/test-cases creates a test case and returns `{test_case}` echoing what was sent, name `test-cases/<id>` and a 22-character id.',
    'POST /v1/test-cases ... `{test_case: TestCase}`'),
  must('test-cases', 'TESTCASE-INPUT-STR', 'Test case', 'input_str is required with at least 1 character.', 'input_str (required) ... min length 1'),
  must('test-cases', 'TESTCASE-TEST-SET-ID', 'Test case', 'test_set_id is required in the body and exactly 8 characters.',
    'test_set_id (required, in the body and not the URL) ... exactly 8 characters'),
  must('test-cases', 'TESTCASE-INPUT-TYPE', 'Test case', 'input_type accepts the six listed values and rejects others.', 'input_type: `SCENARIO`, `TRANSCRIPT`, `IVR`, `AUDIO`, `MANUAL`, `SCRIPT`'),
  must('test-cases', 'TESTCASE-INPUT-TYPE-DEFAULT', 'Test cases', 'input_type defaults to SCENARIO.', '`input_type` defaults to `SCENARIO`.'),
  must('test-cases', 'TESTCASE-EXPECTED-OUTPUT-WRAPPED', 'Test cases', 'expected_output_str given without expected_behaviors becomes a one-element expected_behaviors.',
    'when expected_output_str is given and expected_behaviors is not, the string is wrapped into a one-element list and used as expected_behaviors'),
  must('test-cases', 'TESTCASE-EXPECTED-BEHAVIORS-PREFERRED', 'Versioning', 'When both are given, expected_behaviors is kept as sent and expected_output_str is not used for it.',
    'the deprecated one is used only when the preferred one is absent'),
] as const;

export const PERSONAS = [
  must('personas', 'PERSONA-GET', 'Personas', 'GET /v1/personas/{persona_id} returns `{persona}` for a listed persona, with the same id.', 'GET /v1/personas/{persona_id} ... `{persona: Persona}`'),
  must('personas', 'PERSONA-FIELDS', 'Persona', 'A persona has resource_name `personas/<id>`, a 22-character id and a `<language>-<REGION>` language_code.',
    'resource_name: `personas/<persona_id>`; id: 22 characters; language_code: locale tag (`<language>-<REGION>`)'),
  must('personas', 'PERSONA-DELETE', 'Personas', 'DELETE /v1/personas/{persona_id} answers with an empty object and the persona is gone.',
    'DELETE /v1/personas/{persona_id} ... empty object', 'A 204 with no body is read as an empty object; strict requires `{}`.'),
  must('personas', 'PERSONA-PHONE-NUMBERS', 'Personas', 'GET /v1/personas/phone-numbers returns `{phone_numbers: {inbound, outbound}}` of `{index, phone_number}` elements.',
    'object `phone_numbers` with two arrays, `inbound` and `outbound`; each element is `{index: integer, phone_number: string}`'),
  should('personas', 'DELETE-EMPTY-OBJECT-BODY', 'Personas', 'Persona and run deletion answer with a JSON body `{}` (not an empty 204).', 'empty object', 'Strict only.'),
] as const;

export const RUNS = [
  must('runs', 'RUN-FIELDS', 'Run', 'A run has name `runs/<run_id>`.', 'name: `runs/<id>`'),
  must('runs', 'RUN-PROGRESS-CONSISTENT', 'Run', 'Progress counters are non-negative integers and none exceeds total_test_cases.',
    'progress: integers total_test_cases, completed_test_cases, failed_test_cases, in_progress_test_cases',
    'Whether failed cases count as completed is not shown: only bounds every reading shares are checked.'),
  must('runs', 'RUN-METRICS-CONSISTENT', 'Run', 'Each result metric has min ≤ mean ≤ max.', 'metrics: map from metric name to `{mean, min, max}`'),
  must('runs', 'RUN-DELETE', 'Runs', 'DELETE /v1/runs/{run_id} answers with an empty object and the run is deleted or cancelled.',
    'empty object; deletes or cancels depending on status', 'Afterwards the run is absent from the list or its status has changed.'),
] as const;

export const METRICS = [
  must('metrics', 'METRIC-GET', 'Simulation metrics', 'GET .../metrics/{metric_output_id} returns `{metric}` equal in id to the listed output.',
    'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} ... `{metric: MetricOutput}`'),
  must('metrics', 'METRIC-OUTPUT-ID-FORMAT', 'Metric output', 'metric_output_id is 26 alphanumeric characters.', 'metric_output_id: 26-character ULID'),
  must('metrics', 'METRIC-SIMULATION-ID-ACCEPTED', 'Simulation metrics', 'Simulation IDs taken from run results (22 to 27 characters) are accepted.',
    'path simulation_id (22 to 27 characters)'),
] as const;

export const SCHEDULED_RUNS = [
  must('scheduled-runs', 'SCHEDULED-RUN-GET', 'Scheduled runs', 'GET /v1/scheduled-runs/{id} returns `{scheduled_run}` with name `scheduled-runs/<id>` and a 22-character id.',
    'GET /v1/scheduled-runs/{scheduled_run_id} ... `{scheduled_run: ScheduledRun}`'),
  must('scheduled-runs', 'SCHEDULED-RUN-EXPRESSION-FORM', 'Scheduled run', 'schedule_expression is in `rate(...)` or `cron(...)` form.', 'schedule_expression: must be in `rate(...)` or `cron(...)` form'),
  must('scheduled-runs', 'SCHEDULED-RUN-DELETE', 'Scheduled runs', 'DELETE /v1/scheduled-runs/{id} deletes it: it can no longer be fetched.', 'deletes the scheduled run and removes its schedule'),
] as const;

export const DASHBOARDS = [
  must('dashboards', 'DASHBOARD-PATCH', 'Dashboards', 'PATCH /v1/dashboards/{id} applies display_name and returns `{dashboard}` with name `dashboards/<id>`.',
    'PATCH /v1/dashboards/{dashboard_id} body: display_name ... `{dashboard: Dashboard}`'),
  must('dashboards', 'DASHBOARD-DISPLAY-NAME', 'Dashboard', 'display_name of 1 to 255 characters is accepted; empty or 256 is rejected.', 'display_name: 1 to 255 characters'),
] as const;

export const REVIEW_PROJECTS = [
  must('review-projects', 'REVIEW-PROJECT-CREATE', 'Review projects', 'POST /v1/review-projects creates a project and returns `{review_project}` echoing what was sent, name `review-projects/<id>`.',
    'POST /v1/review-projects ... `{review_project: ReviewProject}`'),
  must('review-projects', 'REVIEW-PROJECT-REQUIRED', 'Review project', 'display_name, assignees, linked_simulation_ids and linked_metric_ids are required; empty lists are rejected.',
    'display_name, assignees, linked_simulation_ids, linked_metric_ids (all required); at least 1 element each'),
  must('review-projects', 'REVIEW-PROJECT-DISPLAY-NAME', 'Review project', 'display_name of 1 to 200 characters is accepted; empty or 201 is rejected.', 'display_name: required; 1 to 200 characters'),
  must('review-projects', 'REVIEW-PROJECT-ASSIGNEE-EMAIL', 'Review project', 'assignees that are not e-mail addresses are rejected.', 'assignees: reviewer e-mail addresses'),
  must('review-projects', 'REVIEW-PROJECT-TYPE', 'Review project', 'project_type accepts the two listed values, rejects others, and defaults to PROJECT_INDIVIDUAL.',
    '`PROJECT_COLLABORATIVE` or `PROJECT_INDIVIDUAL`; default `PROJECT_INDIVIDUAL`'),
  must('review-projects', 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT', 'Review project', 'notifications defaults to true.', 'notifications: default true'),
  must('review-projects', 'REVIEW-PROJECT-RULES', 'Review project', 'project_rules accepts `require_disagreement_notes` (or null) and rejects other values.',
    'project_rules: enum[] or null; allowed value `require_disagreement_notes`'),
] as const;

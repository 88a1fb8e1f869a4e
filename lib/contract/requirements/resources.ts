import { must, should } from './types.js';

export const TEST_CASES = [
  must(
    'test-cases',
    'TESTCASE-CREATE',
    'Test cases',
    'POST /v1/test-cases creates a test case and returns `{test_case}` echoing what was sent, name `test-cases/<id>` and a 22-character id.',
    'POST /v1/test-cases ... `{test_case: TestCase}`',
    "Every field sent comes back equal (objects by value, key order ignored), a SCRIPT test case's simulation_metadata_input (script_turns in the order sent) included, but not the deprecated expected_output_str, which a server may represent its own way once it stands in for expected_behaviors (TESTCASE-EXPECTED-OUTPUT-WRAPPED); the id's alphabet is not stated, only its length. Test cases cannot be deleted through the API: input_str carries the run marker wherever it can hold it, and no generated values are accepted.",
  ),
  must(
    'test-cases',
    'TESTCASE-INPUT-STR',
    'Test case',
    'input_str is required with at least 1 character.',
    'input_str (required) ... min length 1',
    'No maximum is stated: 3000 multi-byte characters (2500 of two or three UTF-8 bytes, 500 astral) must be accepted. Blanks only: only a length is stated, so a blank counts as a character, but a server that trims before it measures may refuse such a value (INVALID_ARGUMENT naming input_str); accepted, it is stored as sent, never emptied.',
  ),
  must(
    'test-cases',
    'TESTCASE-TEST-SET-ID',
    'Test case',
    'test_set_id is required in the body and exactly 8 characters.',
    'test_set_id (required, in the body and not the URL) ... exactly 8 characters',
    'Whether the test set must exist is not shown (nor how to make one): the made-up `cftTs001` is sent, or, when the target refuses it, an 8-character test_set_id a run names. The 7- and 9-character values are that ID shortened and lengthened; four two-byte characters (8 UTF-8 bytes) are 4 characters and rejected. A test_set_id sent only in the query string counts as missing.',
  ),
  must(
    'test-cases',
    'TESTCASE-INPUT-TYPE',
    'Test case',
    'input_type accepts the six listed values and rejects others.',
    'input_type: `SCENARIO`, `TRANSCRIPT`, `IVR`, `AUDIO`, `MANUAL`, `SCRIPT`',
    'SCRIPT is sent with `simulation_metadata_input: {script_turns: ["hello"]}`, the others with nothing: what they need there is not shown, so a rejection naming only simulation_metadata_input still counts as the type accepted. A value not listed (`FOO`) is rejected; the specification says nothing of letter case, so a listed value in lower case (`scenario`) may be rejected too, or recognised and then stored as the listed value (`SCENARIO`), never as sent.',
  ),
  must(
    'test-cases',
    'TESTCASE-INPUT-TYPE-DEFAULT',
    'Test cases',
    'input_type defaults to SCENARIO.',
    '`input_type` defaults to `SCENARIO`.',
  ),
  must(
    'test-cases',
    'TESTCASE-EXPECTED-OUTPUT-WRAPPED',
    'Test cases',
    'expected_output_str given without expected_behaviors becomes a one-element expected_behaviors.',
    'when expected_output_str is given and expected_behaviors is not, the string is wrapped into a one-element list and used as expected_behaviors',
  ),
  must(
    'test-cases',
    'TESTCASE-EXPECTED-BEHAVIORS-PREFERRED',
    'Versioning',
    'When both are given, expected_behaviors is kept as sent and expected_output_str is not used for it.',
    'the deprecated one is used only when the preferred one is absent',
    'Kept as sent is kept in the order sent: the behaviors are sent out of sorted order.',
  ),
] as const;

export const PERSONAS = [
  must(
    'personas',
    'PERSONA-GET',
    'Personas',
    'GET /v1/personas/{persona_id} returns `{persona}` for a listed persona, with the same id.',
    'GET /v1/personas/{persona_id} ... `{persona: Persona}`',
    'Checked on the first, middle and last listed persona: each field of the listed persona comes back with the same value, and each field of the Persona table the GET holds is in the listed one (GET may add fields beyond the table; a field one read leaves out matches only a value proto3 JSON leaves out in the other: empty, null, false, 0; timestamps compare as instants, since "ISO 8601 UTC strings" lets a read write `10:00:00.000Z` where the list wrote `10:00:00Z`, as variation rest-statuses does; no endpoint updates personas, so they do not change in between).',
  ),
  must(
    'personas',
    'PERSONA-FIELDS',
    'Persona',
    'A persona has resource_name `personas/<id>`, a 22-character id and a `<language>-<REGION>` language_code.',
    'resource_name: `personas/<persona_id>`; id: 22 characters; language_code: locale tag (`<language>-<REGION>`)',
    "Judged on every listed persona. The id is held to the Limits rule (22 alphanumeric). language_code: a 2–3 letter lower-case language, a dash and a 2-letter upper-case or 3-digit region (`en-US`, `es-419`); judged where present, since the field is not stated to be always present. Audit: `<language>-<REGION>` writes the two parts in BCP 47's own letter cases (the language lower, the region upper), and a script subtag (`zh-Hans-CN`) or POSIX underscore (`en_US`, fault persona-language-code-underscore) is not that shape; every reading of those words writes `en-US`. Kept.",
  ),
  must(
    'personas',
    'PERSONA-DELETE',
    'Personas',
    'DELETE /v1/personas/{persona_id} answers with an empty object and the persona is gone.',
    'DELETE /v1/personas/{persona_id} ... empty object',
    'A 204 with no body is read as an empty object; strict requires `{}`. Only DELETABLE_PERSONA_ID is deleted, and only after a GET shows it exists. Afterwards a GET must fail with any error (NOT_FOUND only under MISSING-RESOURCE-NOT-FOUND, strict) and the persona must not be listed; both are re-read for up to 3 seconds, as a server may apply the deletion just after answering. Audit: "empty object" is the answer\'s body: `{}` or a 204 without a body (rest-statuses) both pass; a 200 without a body is no JSON object and fails, as every body is JSON unless stated otherwise. The GET afterwards may answer any error. Kept.',
  ),
  must(
    'personas',
    'PERSONA-PHONE-NUMBERS',
    'Personas',
    'GET /v1/personas/phone-numbers returns `{phone_numbers: {inbound, outbound}}` of `{index, phone_number}` elements.',
    'object `phone_numbers` with two arrays, `inbound` and `outbound`; each element is `{index: integer, phone_number: string}`',
    'The order of the elements is not shown (each carries its own index): it is not checked.',
  ),
  should(
    'personas',
    'DELETE-EMPTY-OBJECT-BODY',
    'Personas',
    'Persona and run deletion answer with a JSON body `{}` (not an empty 204).',
    'empty object',
    'Strict only.',
  ),
] as const;

export const RUNS = [
  must(
    'runs',
    'RUN-FIELDS',
    'Run',
    'A run has name `runs/<run_id>`, and a failed run carries its error text.',
    'name: `runs/<id>`; error: string, error text of a failed run',
    'Judged on every listed run. The status of a failed run is not shown: a run listed as `FAILED` is one, and its `error` must be a string (an empty one is text too); runs in other states are not judged on error.',
  ),
  must(
    'runs',
    'RUN-PROGRESS-CONSISTENT',
    'Run',
    'Progress counters are non-negative integers and none exceeds total_test_cases.',
    'progress: integers total_test_cases, completed_test_cases, failed_test_cases, in_progress_test_cases',
    'Whether failed cases count as completed is not shown: only bounds every reading shares are checked (no sum of counters is compared with the total). Absent counters are not judged.',
  ),
  must(
    'runs',
    'RUN-METRICS-CONSISTENT',
    'Run',
    'Each result metric has min ≤ mean ≤ max.',
    'metrics: map from metric name to `{mean, min, max}`',
    'Up to rounding: a mean computed in floating point may pass min or max by a unit in the last place (three scores of 0.1 average to 0.10000000000000002), so a mean within 1e-12 of a bound (relative to it) passes; a mean kept in single precision errs by about 1e-8 and does not.',
  ),
  must(
    'runs',
    'RUN-DELETE',
    'Runs',
    'DELETE /v1/runs/{run_id} answers with an empty object and the run is deleted or cancelled.',
    'empty object; deletes or cancels depending on status',
    'Only DELETABLE_RUN_ID (and CANCELLABLE_RUN_ID, a run in progress) is deleted, and only when it is listed (its listed status is the one before). Afterwards the run is absent from the list or its status has changed; the list is re-read for up to 3 seconds, as cancelling may be asynchronous (a 202). Which statuses delete and which cancel is not shown and not checked (RUN-DELETE-BY-STATUS checks a run of each state). Audit: the answer as for PERSONA-DELETE (`{}`, or a 204 without a body; a 202 with `{}` for an asynchronous cancel, as lenient-inputs). Kept.',
  ),
  must(
    'runs',
    'RUN-DELETE-BY-STATUS',
    'States and transitions',
    'DELETE of a run, finished or in progress, succeeds and deletes or cancels it: the run is then gone from the list or listed with another status, never listed unchanged.',
    'Deleting a run either deletes it or cancels it depending on its current status.',
    'One check per state, each on a run the user allows deleting (no other run is ever deleted; the API cannot create runs, so every listed run is someone\'s): a finished run, DELETABLE_RUN_ID when it is listed as COMPLETED (the one finished status the spec shows), and a run in progress, CANCELLABLE_RUN_ID when it is listed with another status (checked just before the DELETE). Without the setting the check is skipped, naming it; the embedded reference offers one of each. The DELETE must succeed (the rule covers every status), and afterwards the run must be absent from the list or listed with a status other than the one it had; the list is re-read for up to 3 seconds, as cancelling may be asynchronous (a 202). Which status deletes and which cancels is not shown, nor the cancelled status\'s name: either run may be deleted or given any other status (`CANCELLED`, `CANCELED`, `CANCELLING`, ...). Deleting a run in progress, or "cancelling" a finished one, is therefore not a violation; nothing in the spec makes the state check inverted wrong. There is no GET of a run, so the list is the only place the run is looked for.',
  ),
] as const;

export const METRICS = [
  must(
    'metrics',
    'METRIC-GET',
    'Simulation metrics',
    'GET .../metrics/{metric_output_id} returns `{metric}` equal in id to the listed output.',
    'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id} ... `{metric: MetricOutput}`',
    'Checked on the first, middle and last output of the discovered simulation with the most outputs. A COMPLETED output comes back field for field as listed, each field of the MetricOutput table one read holds in the other (GET may add fields beyond the table; a field one read leaves out matches only a value proto3 JSON leaves out in the other: empty, null, false, 0; timestamps compare as instants, since "ISO 8601 UTC strings" lets a read write `10:00:00.000Z` where the list wrote `10:00:00Z`, as variation rest-statuses does); an output in another status may still be computed, so only metric_output_id and metric_id are compared.',
  ),
  must(
    'metrics',
    'METRIC-OUTPUT-ID-FORMAT',
    'Metric output',
    'metric_output_id is 26 alphanumeric characters.',
    'metric_output_id: 26-character ULID',
    'A ULID is 26 Crockford base-32 characters; checked as 26 alphanumeric characters, on every output of up to 8 discovered simulations.',
  ),
  must(
    'metrics',
    'METRIC-SIMULATION-ID-ACCEPTED',
    'Simulation metrics',
    'Simulation IDs taken from run results (22 to 27 characters) are accepted.',
    'path simulation_id (22 to 27 characters)',
    "The IDs come from the server's own run results, so listing their metrics must succeed (any 2xx, an empty list included). One ID of each length found is sent, plus a spread of up to 50.",
  ),
] as const;

export const SCHEDULED_RUNS = [
  must(
    'scheduled-runs',
    'SCHEDULED-RUN-GET',
    'Scheduled runs',
    'GET /v1/scheduled-runs/{id} returns `{scheduled_run}` with name `scheduled-runs/<id>` and a 22-character id.',
    'GET /v1/scheduled-runs/{scheduled_run_id} ... `{scheduled_run: ScheduledRun}`',
    'Checked on SCHEDULED_RUN_ID (the API cannot list or create scheduled runs). The id\'s alphabet is not stated: only its length is checked, and that it is the id asked for. schedule_timezone is a "time zone name": the form of a tz database name (a letter first, no colon), never a UTC offset; whether the zone exists is not judged (a server may know newer zones). last_run_at and last_run_id, the time and the id of the last run, hold values together: a schedule that ran has a last run, and every run has an id; one that never ran may leave both null or absent. Neither is required alone (nothing shows a fixture ran), and last_run_id is not looked up among the runs (the specification ties no run to a schedule).',
  ),
  must(
    'scheduled-runs',
    'SCHEDULED-RUN-EXPRESSION-FORM',
    'Scheduled run',
    'schedule_expression is in `rate(...)` or `cron(...)` form.',
    'schedule_expression: must be in `rate(...)` or `cron(...)` form',
    'Only the form is checked: the grammar inside the parentheses is not shown.',
  ),
  must(
    'scheduled-runs',
    'SCHEDULED-RUN-DELETE',
    'Scheduled runs',
    'DELETE /v1/scheduled-runs/{id} deletes it: it can no longer be fetched.',
    'deletes the scheduled run and removes its schedule',
    'Only DELETABLE_SCHEDULED_RUN_ID is deleted. The response body is not shown: any 2xx without an error body is accepted, an empty one included. Afterwards a GET must fail with any error; NOT_FOUND is required only by MISSING-RESOURCE-NOT-FOUND (strict). Audit: nothing in the words fixes the status, body or error of the GET afterwards. Kept.',
  ),
] as const;

export const DASHBOARDS = [
  must(
    'dashboards',
    'DASHBOARD-PATCH',
    'Dashboards',
    'PATCH /v1/dashboards/{id} applies display_name and returns `{dashboard}` with name `dashboards/<id>`.',
    'PATCH /v1/dashboards/{dashboard_id} body: display_name ... `{dashboard: Dashboard}`',
    'The dashboard named by DASHBOARD_ID is renamed and keeps the last name the suite set (it carries the run marker); no GET is listed, so the change is read from the PATCH responses, each of which must carry the display_name just sent.',
  ),
  must(
    'dashboards',
    'DASHBOARD-DISPLAY-NAME',
    'Dashboard',
    'display_name of 1 to 255 characters is accepted; empty or 256 is rejected.',
    'display_name: 1 to 255 characters',
    'A PATCH without display_name (or with null) is not required to be rejected: "fields of the dashboard update body other than display_name: not shown", so it may be a legitimate no-op partial update (READ-BACK-UNCHANGED reads the dashboard with one). Accepted names carry the run marker where they are long enough.',
  ),
] as const;

export const REVIEW_PROJECTS = [
  must(
    'review-projects',
    'REVIEW-PROJECT-CREATE',
    'Review projects',
    'POST /v1/review-projects creates a project and returns `{review_project}` echoing what was sent, name `review-projects/<id>`.',
    'POST /v1/review-projects ... `{review_project: ReviewProject}`',
    'Linked IDs come from discovery (run results and their metric outputs); skipped when none exist. Lists are compared ignoring order (the spec does not say order is kept). Review projects cannot be deleted through the API: each created one carries the run marker in display_name.',
  ),
  must(
    'review-projects',
    'REVIEW-PROJECT-REQUIRED',
    'Review project',
    'display_name, assignees, linked_simulation_ids and linked_metric_ids are required; empty lists are rejected.',
    'display_name, assignees, linked_simulation_ids, linked_metric_ids (all required); at least 1 element each',
    'A required field given as null is as missing as one left out (none of them is nullable): assignees null is rejected.',
  ),
  must(
    'review-projects',
    'REVIEW-PROJECT-DISPLAY-NAME',
    'Review project',
    'display_name of 1 to 200 characters is accepted; empty or 201 is rejected.',
    'display_name: required; 1 to 200 characters',
    'Accepted values are the boundary cases only (projects cannot be deleted, so no generated accepted values); rejected values are also generated.',
  ),
  must(
    'review-projects',
    'REVIEW-PROJECT-ASSIGNEE-EMAIL',
    'Review project',
    'assignees that are not e-mail addresses are rejected.',
    'assignees: reviewer e-mail addresses',
    'The address grammar is not shown: only strings that no reading accepts are sent for rejection (no `@`, nothing before or after it, a space in the local part, a word after the domain), and a plus-tagged address must be accepted.',
  ),
  must(
    'review-projects',
    'REVIEW-PROJECT-TYPE',
    'Review project',
    'project_type accepts the two listed values, rejects others, and defaults to PROJECT_INDIVIDUAL.',
    '`PROJECT_COLLABORATIVE` or `PROJECT_INDIVIDUAL`; default `PROJECT_INDIVIDUAL`',
  ),
  must(
    'review-projects',
    'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT',
    'Review project',
    'notifications defaults to true.',
    'notifications: default true',
  ),
  must(
    'review-projects',
    'REVIEW-PROJECT-RULES',
    'Review project',
    'project_rules accepts `require_disagreement_notes` (or null) and rejects other values.',
    'project_rules: enum[] or null; allowed value `require_disagreement_notes`',
    'An explicit null must be accepted; how it comes back (null, [] or absent) is not shown and not checked.',
  ),
] as const;

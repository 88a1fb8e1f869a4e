// Every setting, declared once. The config parser (lib/config.ts), the command-line options and
// `--help` (lib/cli/args.ts), the README's settings table and .env.example (scripts/settings-docs.ts)
// are all made from this table; the Config type is what its parsers return.

import {
  baseUrl,
  DEFAULT_SEED,
  flag,
  headerList,
  idList,
  integer,
  oneOf,
  optional,
  type Parse,
  type ParseOptional,
  path,
  proxyUrl,
  seed,
  text,
} from './values.js';

const PROFILES = ['default', 'strict'] as const;

interface SettingRow {
  /** The environment variable (or `.env` line). */
  readonly name: string;
  /** The command-line option, without its dashes. */
  readonly option: string;
  /** The option's value as `--help` shows it; none: the option is a switch that sets the setting to true. */
  readonly arg?: string;
  /** The Config field it fills; none: read where it is used. */
  readonly field?: string;
  /** What the setting does, in a line: `--help` and .env.example. */
  readonly summary: string;
  /** What the setting does, in full: the README and report.html (which renders `code` spans and no other markdown). */
  readonly meaning: string;
  /** Never printed: reports show it redacted, and the option warns that the shell keeps it. */
  readonly secret?: true;
  /** Names the target: given at all (even empty), it must come with BASE_URL. */
  readonly target?: true;
  /** An existing resource of the target the checks use (`kept`) or may delete (`deleted`). */
  readonly fixture?: 'kept' | 'deleted';
  /** What an unset setting means, where that is not a value (`default`). */
  readonly unset?: string;
  /** Also read in lower case (`http_proxy`), which wins when both are set, as curl and undici read it. */
  readonly lowerCase?: true;
  /** The option may be given again and again; the values are joined one a line. */
  readonly repeatable?: true;
}

type Parsed =
  /** `default` is parsed when the setting is unset or empty. */
  | { readonly default: string; readonly parse: Parse<unknown> }
  | { readonly default?: undefined; readonly parse: ParseOptional<unknown> };

export type Setting = SettingRow & Parsed;

const TABLE = [
  {
    name: 'BASE_URL',
    option: 'base-url',
    arg: '<url>',
    field: 'baseUrl',
    parse: baseUrl,
    target: true,
    summary: 'target base address',
    unset: 'the embedded reference service',
    meaning:
      'Target base address (paths are appended as `/v1/...`; a base URL ending in `/v1` is used without it, and the run says so). Unset, with no other target setting (`API_KEY`, a fixture id): the embedded reference service is started on a free loopback port and its key and fixtures are used, and the verdict line, `summary.json` (`target.embedded`, `headline`) and `junit.xml` (`target_embedded`) say so. Set but empty (`${{ vars.STAGING_URL }}` when the variable is missing), or `API_KEY` or a fixture id set without it: the run stops with exit 2 (no target is named). A key of the environment or `.env` that looks like a setting but is none (`BASE_ULR`, `APIKEY`) is warned of, naming the setting it resembles.',
  },
  {
    name: 'API_KEY',
    option: 'api-key',
    arg: '<key>',
    field: 'apiKey',
    parse: text,
    secret: true,
    target: true,
    summary: 'organisation key, never printed; the environment or .env keeps it out of shell history',
    meaning:
      'A valid organisation key for the target. Never printed or written to reports (the command-line option works but warns: it lands in shell history).',
  },
  {
    name: 'SCHEDULED_RUN_ID',
    option: 'scheduled-run-id',
    arg: '<id>',
    field: 'scheduledRunId',
    parse: text,
    target: true,
    fixture: 'kept',
    summary: 'an existing scheduled run: the API cannot list or create one',
    meaning:
      'An existing scheduled run (the API cannot list or create one). Absent: its checks are skipped, with that reason.',
  },
  {
    name: 'DASHBOARD_ID',
    option: 'dashboard-id',
    arg: '<id>',
    field: 'dashboardId',
    parse: text,
    target: true,
    fixture: 'kept',
    summary: 'an existing dashboard the suite may rename',
    meaning:
      'An existing dashboard the suite may rename: point it at one you do not mind renaming. Absent: dashboard checks are skipped.',
  },
  {
    name: 'DELETABLE_PERSONA_ID',
    option: 'deletable-persona-id',
    arg: '<id>',
    field: 'deletablePersonaId',
    parse: text,
    target: true,
    fixture: 'deleted',
    summary: 'a persona the suite may delete',
    meaning: 'A persona the suite may delete. Without it, no pre-existing persona is deleted.',
  },
  {
    name: 'DELETABLE_RUN_ID',
    option: 'deletable-run-id',
    arg: '<id>',
    field: 'deletableRunId',
    parse: text,
    target: true,
    fixture: 'deleted',
    summary: 'a run the suite may delete (a COMPLETED one)',
    meaning:
      'A run the suite may delete; a `COMPLETED` one lets it check the deletion of a finished run. Without it, no pre-existing run is deleted.',
  },
  {
    name: 'CANCELLABLE_RUN_ID',
    option: 'cancellable-run-id',
    arg: '<id[,id...]>',
    field: 'cancellableRunIds',
    parse: idList,
    target: true,
    fixture: 'deleted',
    summary: 'runs still in progress the suite may delete, which cancels them (one id, or several comma-separated)',
    meaning:
      'Runs still in progress (pending or running, not `COMPLETED`) the suite may delete, which cancels them (or deletes them): one id, or several comma-separated (`id1,id2`). The first is cancelled and judged by every cancel check; with two or more, the second is cancelled at the same moment as the first, and both cancellations must hold (`runs.cancel-two-at-once`); further ids are not used. Absent: the checks deleting a run in progress are skipped; with one id, the check of two at once is skipped, naming this setting.',
  },
  {
    name: 'DELETABLE_SCHEDULED_RUN_ID',
    option: 'deletable-scheduled-run-id',
    arg: '<id[,id...]>',
    field: 'deletableScheduledRunIds',
    parse: idList,
    target: true,
    fixture: 'deleted',
    summary: 'scheduled runs the suite may delete (one id, or several comma-separated)',
    meaning:
      'Scheduled runs the suite may delete: one id, or several comma-separated (`id1,id2`), ideally in different states (one enabled, one disabled), as a deletion must hold in every state. The first is judged by every deletion check; each further one is deleted too, at the same moment as the first, and must then be gone (`scheduled-runs.delete-every-deletable-scheduled-run`). Without it, no scheduled run is deleted; with one id, that check is skipped, naming this setting.',
  },
  {
    name: 'REPORT_DIR',
    option: 'report-dir',
    arg: '<dir>',
    field: 'reportDir',
    parse: path,
    default: 'reports',
    summary: 'where reports go',
    meaning:
      'Where reports are written. Created and probed (a file written and removed) before the first request: one that cannot be written stops the run with exit 2.',
  },
  {
    name: 'PROFILE',
    option: 'profile',
    arg: '<name>',
    field: 'profile',
    parse: oneOf(PROFILES),
    default: 'default',
    summary: `${PROFILES.join(' | ')}: strict adds the SHOULD conventions`,
    meaning:
      '`default` asserts only what the specification states; `strict` adds common conventions (the `SHOULD` requirements: 400/401/404 status mappings, `application/json` content type, explicit defaults, full pages, ...).',
  },
  {
    name: 'READ_ONLY',
    option: 'read-only',
    field: 'readOnly',
    parse: flag,
    default: 'false',
    summary: 'skip every check that writes',
    meaning: '`true` skips every check that writes.',
  },
  {
    name: 'PUBLISHED_WRITES',
    option: 'published-writes',
    field: 'publishedWrites',
    parse: flag,
    default: 'false',
    summary: 'let checks of operations published beyond the 20 POST to a published collection (without a key)',
    meaning:
      "`true` lets the checks of operations the target publishes beyond the specification's 20 send a POST to a published collection (without a key and without a body: a correct server refuses it; one that does not authenticate might create something). Default: not sent; those checks are skipped with that reason.",
  },
  {
    name: 'SEED',
    option: 'seed',
    arg: '<n|random>',
    field: 'seed',
    parse: seed,
    default: String(DEFAULT_SEED),
    summary: 'fast-check seed; random explores, and the run prints the seed it drew',
    meaning:
      'fast-check seed. The default is fixed, so the same server gives the same result every run. `random` explores: the run prints the seed it drew (`--seed <n>` repeats it). Negative values are accepted (`--seed -123`). The console names the seed of every failed property, and reports carry it per check.',
  },
  {
    name: 'NUM_RUNS',
    option: 'runs',
    arg: '<n>',
    field: 'numRuns',
    parse: integer(1, 100_000),
    default: '20',
    summary: 'fast-check runs per property',
    meaning: 'fast-check runs per property.',
  },
  {
    name: 'EXPLORE_RUNS',
    option: 'explore-runs',
    arg: '<n>',
    field: 'exploreRuns',
    parse: integer(1, 100_000),
    default: '12',
    summary: 'command sequences each model-based exploration runs',
    meaning:
      "Command sequences each model-based exploration (`suites/explore.suite.ts`) generates and runs against the model of the specification, from the run's seed; raise it for a deeper run (nightly CI).",
  },
  {
    name: 'REQUEST_TIMEOUT_MS',
    option: 'request-timeout-ms',
    arg: '<ms>',
    field: 'requestTimeoutMs',
    parse: integer(1, 600_000),
    default: '10000',
    summary: 'timeout of one request',
    meaning: 'Timeout of one request in milliseconds.',
  },
  {
    name: 'RUN_TIMEOUT_MS',
    option: 'run-timeout-ms',
    arg: '<ms>',
    field: 'runTimeoutMs',
    parse: integer(1000, 86_400_000),
    default: '900000',
    summary: 'bound on the whole run; checks still running then end as errors',
    meaning:
      'Bound on the whole run in milliseconds (the default is 15 minutes); checks still running then end as errors and the reports are written.',
  },
  {
    name: 'CONCURRENCY',
    option: 'concurrency',
    arg: '<n>',
    field: 'concurrency',
    parse: integer(1, 1024),
    default: '16',
    summary: 'cap on requests in flight over the whole run',
    meaning: 'Cap on requests in flight over the whole run (1: one request at a time).',
  },
  {
    name: 'RATE_LIMIT',
    option: 'rate',
    arg: '<n>',
    field: 'rateLimit',
    parse: optional(integer(1, 100_000)),
    summary: 'requests per second over the whole run, to stay under a known rate limit',
    unset: 'none',
    meaning:
      'Requests per second over the whole run, to stay under a rate limit the target is known to have. Unset: as fast as answered; back-pressure (429, or 503 with Retry-After) slows the run down in any case.',
  },
  {
    name: 'THROTTLE_GIVE_UP_MS',
    option: 'throttle-give-up-ms',
    arg: '<ms>',
    field: 'throttleGiveUpMs',
    parse: integer(1000, 86_400_000),
    default: '60000',
    summary: 'stop as throttled (exit 2) after only back-pressure answers for this long',
    meaning:
      'When the target has answered every request with back-pressure (429, or 503 with Retry-After) for this long, the run stops as throttled (exit 2).',
  },
  {
    name: 'WAIVERS',
    option: 'waivers',
    arg: '<file>',
    parse: text,
    summary: 'waiver file: accepted failures with a reason and an optional expiry date',
    unset: '`conformance.waivers.yaml` in the working directory, if present',
    meaning:
      'Waiver file: known failures accepted for a while, each with a reason and an optional expiry date (see Waivers).',
  },
  {
    name: 'SIMULATOR_CONFIG_FIELD',
    option: 'simulator-config-field',
    arg: '<name>',
    field: 'simulatorConfigField',
    parse: text,
    summary: "request field carrying an agent's simulator configuration on creation",
    unset: "read from the target's published schema, else `metadata`",
    meaning:
      "Request field that carries an agent's simulator configuration on creation (the specification does not name it).",
  },
  {
    name: 'HAR',
    option: 'har',
    arg: '<file>',
    field: 'har',
    parse: text,
    summary: 'write every exchange of the run to this file as HAR 1.2 (key and secret headers redacted)',
    unset: 'no HAR file',
    meaning:
      "Writes every exchange of the run (the preflight's and every check's) to this file as HAR 1.2 (a request that got no answer too: status 0, the reason in the response's `comment`), for a browser's network panel or a HAR viewer. The key and the values of secret headers (`X-API-Key`, `Authorization`, cookies) read `[redacted]`. Entries are written as the run goes (each worker its own part, joined at the end), so the file costs no memory; they are in the order each worker finished them.",
  },
  {
    name: 'HTTP_PROXY',
    option: 'http-proxy',
    arg: '<url>',
    field: 'httpProxy',
    parse: proxyUrl,
    lowerCase: true,
    summary: 'proxy for http:// targets (http_proxy too)',
    unset: 'none: straight to the target',
    meaning:
      "Proxy every request to an `http://` target goes through (also read as `http_proxy`, which wins), through undici's `EnvHttpProxyAgent`; the target line of every report names it. Loopback targets are proxied too unless `NO_PROXY` lists them. A proxy that cannot be reached stops the run (exit 2: `cannot reach … through the proxy …`).",
  },
  {
    name: 'HTTPS_PROXY',
    option: 'https-proxy',
    arg: '<url>',
    field: 'httpsProxy',
    parse: proxyUrl,
    lowerCase: true,
    summary: 'proxy for https:// targets (https_proxy too); unset: HTTP_PROXY',
    unset: '`HTTP_PROXY`',
    meaning:
      'Proxy for an `https://` target (also read as `https_proxy`, which wins), reached by a `CONNECT` tunnel, so TLS is still end to end. Unset: `HTTP_PROXY`.',
  },
  {
    name: 'NO_PROXY',
    option: 'no-proxy',
    arg: '<hosts>',
    field: 'noProxy',
    parse: text,
    lowerCase: true,
    summary: 'hosts reached without the proxy (no_proxy too), comma-separated; * for all',
    unset: 'none: every host through the proxy',
    meaning:
      'Hosts reached without the proxy (also read as `no_proxy`, which wins): comma- or space-separated names, each matching itself and its subdomains, optionally with `:port`; `*` for all. Nothing is exempt by default, not even `localhost` or `127.0.0.1`.',
  },
  {
    name: 'HEADERS',
    option: 'header',
    arg: "'Name: value'",
    field: 'headers',
    parse: headerList,
    repeatable: true,
    summary: 'extra header sent with every request (repeatable; one a line or ;-separated in the variable)',
    unset: 'none',
    meaning:
      "Extra headers sent with every request, for a gateway in front of the target (an access token, a `Host`): `--header 'Name: value'`, repeatable, or one a line (or `;`-separated) in the variable. A check that sets or leaves out a header on purpose still does (an extra header never overrides it), and the headers a check controls (`X-API-Key`, `Content-Type`, `Content-Length`, `Transfer-Encoding`) are refused. Values of credential-like names (`Authorization`, `Cookie`, names containing `token`, `key`, `secret`, `password`, `session`) are redacted in every report and output.",
  },
  {
    name: 'SECRET_HEADERS',
    option: 'secret-header',
    arg: "'Name: value'",
    field: 'secretHeaders',
    parse: headerList,
    repeatable: true,
    secret: true,
    summary: 'extra header whose value is never shown (repeatable)',
    unset: 'none',
    meaning: 'Extra headers as `HEADERS`, whose values are redacted in every report and output whatever their names.',
  },
  {
    name: 'INSECURE',
    option: 'insecure',
    field: 'insecure',
    parse: flag,
    default: 'false',
    summary: 'accept any TLS certificate of the target (every report says so)',
    meaning:
      "`true` accepts any TLS certificate of the target (self-signed, expired, another host's). Every report says so next to the target. A private CA is better trusted with `NODE_EXTRA_CA_CERTS` (see TLS and proxies).",
  },
  {
    name: 'VERBOSE',
    option: 'verbose',
    field: 'verbose',
    parse: flag,
    default: 'false',
    summary: 'one line per request on stderr: method, path, status, time, retries',
    meaning:
      '`true` writes one line per request to stderr as it is answered: method, path and query, status (or what went wrong), time in milliseconds and the back-pressure answers waited out. No header is shown, so neither the key nor an extra header appears.',
  },
  {
    name: 'MAX_FAILURES',
    option: 'max-failures',
    arg: '<n>',
    field: 'maxFailures',
    parse: optional(integer(1, 1_000_000)),
    summary: 'stop after this many failing checks (a partial run, exit 1)',
    unset: 'every check runs',
    meaning:
      'Stop the run once this many checks have failed: the checks not finished are reported as not run, the run is partial (every report says `stopped after N failing checks (--max-failures)`) and exits 1.',
  },
  {
    name: 'SUMMARY_MD',
    option: 'summary-md',
    arg: '<file>',
    parse: text,
    summary: 'also write the run in GitHub-flavoured Markdown here (GITHUB_STEP_SUMMARY is appended to when set)',
    unset: 'none (but `$GITHUB_STEP_SUMMARY` when set)',
    meaning:
      'A Markdown summary of the run (GitHub-flavoured, under 64 KB: the verdict, the counts, each cause with its first evidence and `curl` line; causes that do not fit are counted in a note), for a merge-request comment. In GitHub Actions, the same summary is appended to `$GITHUB_STEP_SUMMARY` whenever that is set.',
  },
] as const satisfies readonly Setting[];

/** Every setting, in the order the documents show them. */
export const SETTINGS: readonly Setting[] = TABLE;

type Row = (typeof TABLE)[number];
/** A setting's variable: `NUM_RUNS`. */
export type SettingName = Row['name'];
type Filled = Extract<Row, { field: string }>;

/** What each setting's parser gives, under its Config field. */
export type SettingValues = { readonly [R in Filled as R['field']]: ReturnType<R['parse']> };

/** The Config fields naming a target's existing resources (what a check `needs`). */
export type FixtureField = Extract<Row, { fixture: string }>['field'];
/** The fixtures the suite may delete. */
export type DeletableFixture = Extract<Row, { fixture: 'deleted' }>['field'];

const fixtures = TABLE.filter((s): s is Extract<Row, { fixture: string }> => 'fixture' in s);

/** The settings naming a target's existing resources, and the Config fields they fill. */
export const FIXTURE_SETTINGS: Readonly<Record<string, FixtureField>> = Object.fromEntries(
  fixtures.map((s) => [s.name, s.field]),
);

/** The setting that fills each Config field, by field: `dashboardId` is DASHBOARD_ID. */
export const SETTING_NAMES: Readonly<Record<keyof SettingValues, string>> = Object.fromEntries(
  SETTINGS.flatMap((s) => (s.field ? [[s.field, s.name]] : [])),
) as Record<keyof SettingValues, string>;

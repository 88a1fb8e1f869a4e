// What bench/dredd.ts hands Dredd and makes of what it says: the copy of a published document
// Dredd can run, the hooks file, Dredd's tally and failure reasons, and the comparison table.

import { cell, markdown, type ProcessUsage } from './measure.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Ids of the reference's seeded data, by what they name; those not found stay undefined. */
export interface KnownIds {
  readonly scheduledRunId: string;
  readonly dashboardId: string;
  readonly deletablePersonaId: string;
  readonly deletableRunId: string;
  readonly deletableScheduledRunId: string;
  readonly specName: string;
  readonly agentId?: string;
  readonly simulationId?: string;
  readonly metricOutputId?: string;
}

/**
 * The id a path parameter gets, by its name: one that exists, so Dredd's requests can succeed. A
 * deletion gets the id the reference offers for deleting; Dredd runs a document's operations in
 * order, and each GET comes before the DELETE of the same path.
 */
export function referenceExample(ids: KnownIds, method: string, name: string): string | undefined {
  const deleting = method === 'delete';
  const byName: Record<string, string | undefined> = {
    spec_name: ids.specName,
    agent_id: ids.agentId,
    persona_id: ids.deletablePersonaId,
    run_id: ids.deletableRunId,
    scheduled_run_id: deleting ? ids.deletableScheduledRunId : ids.scheduledRunId,
    dashboard_id: ids.dashboardId,
    simulation_id: ids.simulationId,
    metric_output_id: ids.metricOutputId,
  };
  return byName[name];
}

/** Some id the parameter's schema accepts: as long as its pattern's final `{n}` or `{n,m}` asks (else minLength, else 22), of `0`s. */
export function wellFormedId(schema: unknown): string {
  const pattern = isObject(schema) && typeof schema['pattern'] === 'string' ? schema['pattern'] : '';
  const counted = /\{(\d+)(?:,\d*)?\}\$?$/.exec(pattern)?.[1];
  const minLength = isObject(schema) && typeof schema['minLength'] === 'number' ? schema['minLength'] : undefined;
  return '0'.repeat(Number(counted ?? minLength ?? 22));
}

export interface DreddDocument {
  readonly document: Json;
  /** Path parameters given a made-up id, as `METHOD /path name`. */
  readonly madeUp: readonly string[];
  readonly droppedDefaults: number;
}

/**
 * A copy of `source` for Dredd: every path parameter (path-level ones moved into each operation,
 * `#/components/parameters` references inlined) carries an `example`, the id `exampleFor` gives or a
 * well-formed one; and a `default` response beside a 2xx one is left out. Dredd 14 tests an OpenAPI 3
 * `default` response as one with status 200 (dredd-transactions' compile sets a missing status to
 * 200; apiaryio/dredd#1769), so it would expect an error body from a successful request, and no hook
 * can tell that transaction from the real 200 one (same name, same status).
 */
export function dreddDocument(
  source: unknown,
  exampleFor: (method: string, name: string) => string | undefined,
): DreddDocument {
  const document = structuredClone(isObject(source) ? source : {});
  const components =
    isObject(document['components']) && isObject(document['components']['parameters'])
      ? document['components']['parameters']
      : {};
  const resolved = (parameter: unknown): unknown => {
    const ref = isObject(parameter) && typeof parameter['$ref'] === 'string' ? parameter['$ref'] : undefined;
    return ref?.startsWith('#/components/parameters/')
      ? structuredClone(components[ref.slice('#/components/parameters/'.length)])
      : parameter;
  };
  const madeUp: string[] = [];
  let droppedDefaults = 0;
  for (const [path, item] of Object.entries(isObject(document['paths']) ? document['paths'] : {})) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item['parameters']) ? item['parameters'].map(resolved) : [];
    delete item['parameters'];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const own = Array.isArray(operation['parameters']) ? operation['parameters'].map(resolved) : [];
      const key = (p: unknown): string => (isObject(p) ? `${String(p['in'])} ${String(p['name'])}` : '');
      // An operation's own parameter overrides a path-level one of the same name and location.
      const parameters = [...shared.filter((p) => !own.some((o) => key(o) === key(p))), ...own];
      for (const parameter of parameters) {
        if (!isObject(parameter) || parameter['in'] !== 'path' || typeof parameter['name'] !== 'string') continue;
        const known = exampleFor(method, parameter['name']);
        if (known === undefined && parameter['example'] === undefined)
          madeUp.push(`${method.toUpperCase()} ${path} ${parameter['name']}`);
        parameter['example'] = known ?? parameter['example'] ?? wellFormedId(parameter['schema']);
      }
      operation['parameters'] = parameters;
      const responses = operation['responses'];
      if (
        isObject(responses) &&
        'default' in responses &&
        Object.keys(responses).some((status) => /^2\d\d$/.test(status))
      ) {
        delete responses['default'];
        droppedDefaults++;
      }
    }
  }
  return { document, madeUp, droppedDefaults };
}

/** The Dredd hooks file (JavaScript, run inside Dredd): only 2xx transactions run, each with the API key. */
export const hooksSource = (header: string, apiKey: string): string => `// Written by bench/dredd.ts.
const hooks = require('hooks');
hooks.beforeEach((transaction, done) => {
  if (!/^2\\d\\d$/.test(String(transaction.expected.statusCode))) transaction.skip = true;
  transaction.request.headers[${JSON.stringify(header)}] = ${JSON.stringify(apiKey)};
  done();
});
`;

export interface DreddTally {
  readonly passing: number;
  readonly failing: number;
  readonly errors: number;
  readonly skipped: number;
  readonly total: number;
}

const plain = (output: string): string => output.replace(/\u001b\[[0-9;]*m/g, '');

/** Dredd's closing `complete: 6 passing, 35 failing, 0 errors, 0 skipped, 41 total`. */
export function dreddTally(output: string): DreddTally | undefined {
  const match = /complete: (\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped, (\d+) total/.exec(plain(output));
  if (!match) return undefined;
  const [passing, failing, errors, skipped, total] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { passing, failing, errors, skipped, total };
}

/**
 * Why Dredd's transactions failed, each reason with how many times. Dredd lists every transaction
 * (`fail: GET (200) /v1/x duration: 5ms`), then each failed one's reasons, the first line after
 * `fail: `, the others on the lines below, up to a blank line or its `request:`.
 */
export function dreddFailureReasons(output: string): Array<[reason: string, count: number]> {
  const counts = new Map<string, number>();
  const lines = plain(output)
    .split('\n')
    .map((line) => line.trim());
  lines.forEach((line, index) => {
    const first = /^fail: (.*)$/.exec(line)?.[1];
    if (first === undefined || / duration: \d+ms$/.test(first)) return;
    const rest = lines.slice(index + 1);
    const end = rest.findIndex((next) => next === '' || next.startsWith('request:'));
    for (const reason of [first, ...rest.slice(0, end === -1 ? 0 : end)])
      counts.set(reason, (counts.get(reason) ?? 0) + 1);
  });
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export interface ToolRun {
  readonly wallMs: number;
  /** null when killed at the time bound. */
  readonly exitCode: number | null;
  /** Requests the reference service received during the run. */
  readonly requests: number;
  readonly usage?: ProcessUsage;
}

export interface DreddRun extends ToolRun {
  readonly tally?: DreddTally;
}

export interface OurRun extends ToolRun {
  /** summary.json's counts: pass, fail, skip, error, total. */
  readonly counts?: Readonly<Record<string, number>>;
}

export interface Pair {
  readonly dredd: DreddRun;
  readonly ours: OurRun;
}

/** Dredd's row, ours, and ours ÷ Dredd's (the median of the per-pair ratios, over pairs where both finished). */
export function comparisonTable(pairs: readonly Pair[], plannedRuns: number, dreddVersion: string): string {
  const finished = <T extends ToolRun>(runs: readonly T[]): T[] => runs.filter((r) => r.exitCode !== null);
  const common = (runs: readonly ToolRun[]): string[] => {
    const done = finished(runs);
    const usage = done.flatMap((r) => (r.usage ? [r.usage] : []));
    return [
      `${done.length}/${plannedRuns} (${done.filter((r) => r.exitCode === 0).length})`,
      cell(
        done.map((r) => r.wallMs / 1000),
        2,
      ),
      cell(
        usage.map((u) => u.cpuMs / 1000),
        2,
      ),
      cell(
        done.map((r) => r.requests),
        0,
      ),
    ];
  };
  const dredd = finished(pairs.map((p) => p.dredd));
  const tallies = dredd.flatMap((r) => (r.tally ? [r.tally] : []));
  const ours = finished(pairs.map((p) => p.ours));
  const counts = ours.flatMap((r) => (r.counts ? [r.counts] : []));
  const count = (key: string): string =>
    cell(
      counts.map((c) => c[key] ?? 0),
      0,
    );
  const both = pairs.filter((p) => p.dredd.exitCode !== null && p.ours.exitCode !== null);
  const cpuBoth = both.filter((p) => p.dredd.usage && p.ours.usage);
  return markdown(
    [
      'tool',
      'runs (exit 0)',
      'wall s',
      'CPU s',
      'requests',
      'transactions / checks',
      'passed',
      'failed',
      'skipped',
      'errors',
    ],
    [
      [
        `Dredd ${dreddVersion}`,
        ...common(pairs.map((p) => p.dredd)),
        ...(['total', 'passing', 'failing', 'skipped', 'errors'] as const).map((key) =>
          cell(
            tallies.map((t) => t[key]),
            0,
          ),
        ),
      ],
      [
        'aes-conformance',
        ...common(pairs.map((p) => p.ours)),
        count('total'),
        count('pass'),
        count('fail'),
        count('skip'),
        count('error'),
      ],
      [
        'ours ÷ Dredd',
        `${both.length}/${plannedRuns}`,
        cell(
          both.map((p) => p.ours.wallMs / p.dredd.wallMs),
          1,
        ),
        cell(
          cpuBoth.map((p) => p.ours.usage!.cpuMs / p.dredd.usage!.cpuMs),
          1,
        ),
        cell(
          both.filter((p) => p.dredd.requests > 0).map((p) => p.ours.requests / p.dredd.requests),
          1,
        ),
        '—',
        '—',
        '—',
        '—',
        '—',
      ],
    ],
  );
}

// `npx tsx bench/dredd.ts --dredd <dir> [--runs 5] [--time-limit 30] [--keep]`: Dredd (installed in
// <dir>, e.g. `npm install dredd@14.1.0` there) and this suite side by side, each against a fresh
// reference service on 127.0.0.1, in alternating runs so a change in the machine's load falls on both.
//
// Dredd gets what a user would give it: the reference's published OpenAPI document(s), with an
// example on every path parameter (ids of the reference's seeded data where known) and no `default`
// response beside a 2xx one (see dreddDocument), and a hooks file that skips every transaction whose
// expected status is not 2xx and sets the API key. The suite gets BASE_URL, API_KEY and the fixture
// ids, as `npm run bench` gives them. Generated files go to a temporary directory, removed at the end.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API_KEY_HEADER } from '../lib/contract/enums.js';
import { parseListing } from '../lib/published/listing.js';
import { startReference, type RunningReference } from '../proof/service.js';
import { referenceEnvironment } from '../lib/runner/embedded.js';
import { CPU_METHOD, environment, onInterrupt, runTimed } from './child.js';
import {
  comparisonTable,
  dreddDocument,
  dreddFailureReasons,
  dreddTally,
  type DreddRun,
  hooksSource,
  type KnownIds,
  type OurRun,
  type Pair,
  referenceExample,
} from './dredd-measure.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'bin', 'aes-conformance.js');
const MIN_RUN_MS = 60_000;

const { values: options } = parseArgs({
  options: {
    dredd: { type: 'string' },
    runs: { type: 'string', default: '5' },
    'time-limit': { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  process.stderr.write(`bench/dredd: ${message}\n`);
  process.exit(2);
}

const RUNS = Number(options.runs);
const LIMIT_MINUTES = Number(options['time-limit']);
if (!Number.isInteger(RUNS) || RUNS <= 0) fail(`--runs must be a positive whole number, got ${options.runs}`);
if (!(LIMIT_MINUTES > 0)) fail(`--time-limit must be a positive number of minutes, got ${options['time-limit']}`);
if (!options.dredd)
  fail('--dredd <dir> is required: the directory Dredd is installed in (it holds node_modules/dredd)');
const DREDD_PACKAGE = join(resolve(options.dredd), 'node_modules', 'dredd');
// Dredd's own script, run with this Node (its `#!/usr/bin/env node` could pick another).
const DREDD_BIN = join(DREDD_PACKAGE, 'bin', 'dredd');
if (!existsSync(DREDD_BIN)) fail(`no Dredd at ${DREDD_BIN}; install it there: npm install dredd@14.1.0`);
const DREDD_VERSION = (JSON.parse(readFileSync(join(DREDD_PACKAGE, 'package.json'), 'utf8')) as { version: string })
  .version;
const DEADLINE = performance.now() + LIMIT_MINUTES * 60_000;

const progress = (line: string): void => void process.stderr.write(`bench/dredd: ${line}\n`);

/** A reference service counting the requests it receives from the moment `counting` is set. */
async function countingReference(): Promise<{
  reference: RunningReference;
  requests: () => number;
  startCounting: () => void;
}> {
  let counting = false;
  let requests = 0;
  const reference = await startReference({ onRequest: () => void (counting && requests++) });
  return { reference, requests: () => requests, startCounting: () => void (counting = true) };
}

/** GET a path of the reference as JSON, or undefined when that does not work out. */
async function getJson(reference: RunningReference, path: string): Promise<unknown> {
  const response = await fetch(`${reference.url}${path}`, {
    headers: { accept: 'application/json', [API_KEY_HEADER]: reference.apiKey },
  });
  return response.ok ? response.json().catch(() => undefined) : undefined;
}

/** The value at a path of keys and indexes in parsed JSON, or undefined. */
const at = (value: unknown, ...path: Array<string | number>): unknown =>
  path.reduce<unknown>(
    (v, key) => (typeof v === 'object' && v !== null ? (v as Record<string | number, unknown>)[key] : undefined),
    value,
  );

/** The published documents, and the seeded ids the fixtures do not name: an agent, a simulation and one of its metric outputs, read from a run. */
async function discover(
  reference: RunningReference,
): Promise<{ documents: Array<{ name: string; document: unknown }>; ids: KnownIds }> {
  const listed = parseListing(await getJson(reference, '/v1/openapi'));
  if (!listed.length) throw new Error('GET /v1/openapi lists no document');
  const documents = await Promise.all(
    listed.map(async ({ specName }) => ({
      name: specName,
      document: await getJson(reference, `/v1/openapi/${encodeURIComponent(specName)}`),
    })),
  );
  const runs = at(await getJson(reference, '/v1/runs?page_size=50'), 'runs');
  const run = Array.isArray(runs) ? runs.find((r) => typeof at(r, 'results', 'output_ids', 0) === 'string') : undefined;
  const simulationId = at(run, 'results', 'output_ids', 0);
  const metricOutputId =
    typeof simulationId === 'string'
      ? at(
          await getJson(reference, `/v1/simulations/${encodeURIComponent(simulationId)}/metrics?page_size=1`),
          'metrics',
          0,
          'metric_output_id',
        )
      : undefined;
  const optional = (key: string, value: unknown): Record<string, string> =>
    typeof value === 'string' ? { [key]: value } : {};
  return {
    documents,
    ids: {
      ...reference.fixtures,
      specName: listed[0]!.specName,
      ...optional('agentId', at(run, 'agent_id')),
      ...optional('simulationId', simulationId),
      ...optional('metricOutputId', metricOutputId),
    },
  };
}

/** What the last run's preparation of the documents changed, and Dredd's output, for the notes. */
let prepared = { madeUp: [] as string[], droppedDefaults: 0 };
let lastDreddOutput = '';

async function dreddOnce(dir: string, label: string): Promise<DreddRun> {
  const { reference, requests, startCounting } = await countingReference();
  try {
    const { documents, ids } = await discover(reference);
    prepared = { madeUp: [], droppedDefaults: 0 };
    const files = await Promise.all(
      documents.map(async ({ name, document }, index) => {
        const copy = dreddDocument(document, (method, parameter) => referenceExample(ids, method, parameter));
        prepared.madeUp.push(...copy.madeUp);
        prepared.droppedDefaults += copy.droppedDefaults;
        const file = join(dir, `openapi-${index}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
        await writeFile(file, JSON.stringify(copy.document, null, 2));
        return file;
      }),
    );
    const hooks = join(dir, 'hooks.js');
    await writeFile(hooks, hooksSource(API_KEY_HEADER, reference.apiKey));
    // A second document and more go with --path (Dredd's CLI takes one positional document).
    const args = [
      DREDD_BIN,
      files[0]!,
      reference.url,
      `--hookfiles=${hooks}`,
      ...files.slice(1).flatMap((f) => ['--path', f]),
    ];
    startCounting();
    const ended = await runTimed({
      command: process.execPath,
      args,
      cwd: dir,
      env: environment({}),
      outputFile: join(dir, 'dredd.log'),
      limitMs: DEADLINE - performance.now(),
      onLimit: () => progress(`${label}: the time bound is reached; killing Dredd`),
      ...(options.keep ? { interruptNote: `Dredd's output is in ${dir}` } : {}),
    });
    lastDreddOutput = await readFile(join(dir, 'dredd.log'), 'utf8').catch(() => '');
    const tally = dreddTally(lastDreddOutput);
    return {
      wallMs: ended.wallMs,
      exitCode: ended.code,
      requests: requests(),
      ...(ended.usage ? { usage: ended.usage } : {}),
      ...(tally ? { tally } : {}),
    };
  } finally {
    await reference.close();
  }
}

async function oursOnce(dir: string, label: string): Promise<OurRun> {
  const { reference, requests, startCounting } = await countingReference();
  startCounting();
  const env = environment({ ...referenceEnvironment(reference), REPORT_DIR: join(dir, 'reports') });
  const ended = await runTimed({
    command: process.execPath,
    args: [CLI],
    cwd: dir,
    env,
    outputFile: join(dir, 'output.log'),
    limitMs: DEADLINE - performance.now(),
    onLimit: () => progress(`${label}: the time bound is reached; killing the run`),
    ...(options.keep ? { interruptNote: `the run's output is in ${dir}` } : {}),
  }).finally(() => reference.close());
  const counts = await readFile(join(dir, 'reports', 'summary.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { counts?: Record<string, number> }).counts,
    () => undefined,
  );
  return {
    wallMs: ended.wallMs,
    exitCode: ended.code,
    requests: requests(),
    ...(ended.usage ? { usage: ended.usage } : {}),
    ...(counts ? { counts } : {}),
  };
}

const work = await mkdtemp(join(tmpdir(), 'aes-dredd-'));
if (!options.keep) onInterrupt(() => rmSync(work, { recursive: true, force: true }));
progress(`Dredd ${DREDD_VERSION} from ${DREDD_PACKAGE}; ${RUNS} runs of each, alternating; files in ${work}`);
progress(`CPU: ${CPU_METHOD}`);
const pairs: Pair[] = [];
let cut = 0;
try {
  for (let i = 1; i <= RUNS; i++) {
    if (DEADLINE - performance.now() < MIN_RUN_MS) {
      cut++;
      continue;
    }
    const dir = join(work, `run-${i}`);
    await mkdir(join(dir, 'dredd'), { recursive: true });
    await mkdir(join(dir, 'ours'), { recursive: true });
    const dredd = await dreddOnce(join(dir, 'dredd'), `run ${i}/${RUNS} Dredd`);
    const t = dredd.tally;
    progress(
      `run ${i}/${RUNS} Dredd: ${(dredd.wallMs / 1000).toFixed(2)} s, exit ${dredd.exitCode ?? 'killed'}, ` +
        (t
          ? `${t.total} transactions: ${t.passing} passed, ${t.failing} failed, ${t.skipped} skipped, ${t.errors} errors`
          : 'no tally in its output'),
    );
    const ours = await oursOnce(join(dir, 'ours'), `run ${i}/${RUNS} aes-conformance`);
    progress(
      `run ${i}/${RUNS} aes-conformance: ${(ours.wallMs / 1000).toFixed(2)} s, exit ${ours.exitCode ?? 'killed'}, ${ours.requests} requests` +
        (ours.counts ? `, ${ours.counts['total']} checks` : ', no summary.json'),
    );
    pairs.push({ dredd, ours });
  }
} finally {
  if (options.keep) progress(`kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}

const reasons = dreddFailureReasons(lastDreddOutput);
const out = [
  '',
  `Medians of ${RUNS} runs, (min–max) in brackets; Dredd and aes-conformance alternated, each run against a fresh reference service on 127.0.0.1.`,
  '',
  comparisonTable(pairs, RUNS, DREDD_VERSION),
  '',
  '- wall: from spawning the tool (`node <dredd>/bin/dredd <document> <url> --hookfiles=<hooks>`, `node bin/aes-conformance.js`)',
  '  to its exit, start-up included. runs (exit 0): runs finished, of those planned (how many exited 0; Dredd exits 1 when',
  '  a transaction fails).',
  "- CPU: user+sys of the tool's processes (not the reference service's), measured with",
  `  ${CPU_METHOD}.`,
  "- requests: counted by the reference service during the tool's run (not the bench's own look-ups of documents and ids).",
  "- transactions / checks: Dredd's transactions (one per operation, response and media type of the document) and the suite's",
  '  checks, with how many passed, failed, were skipped and ended in error.',
  `- Dredd's document: the published one with an example on every path parameter${prepared.madeUp.length ? ` (made-up ids, none seeded: ${prepared.madeUp.join(', ')})` : ''};`,
  `  ${prepared.droppedDefaults} \`default\` responses beside a 2xx one left out (Dredd 14 would test each as a 200). No request body examples`,
  '  are added: Dredd builds each body from its schema (empty strings, nulls), and the reference refuses some of those (400).',
  ...(reasons.length
    ? [
        "- Dredd's failure reasons in the last run, with how many transactions gave each:",
        ...reasons.map(([reason, n]) => `    ${n}× ${reason}`),
      ]
    : []),
  ...(cut ? [`- not run: ${cut} pair(s); the ${LIMIT_MINUTES}-minute bound was reached.`] : []),
];
process.stdout.write(`${out.join('\n')}\n`);
process.exit(cut || pairs.some((p) => p.dredd.exitCode === null || p.ours.exitCode !== 0) ? 1 : 0);

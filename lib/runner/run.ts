// One conformance run: configuration, the target (embedded when none is given),
// preflight, the suites through vitest, and the result model.

import { ConfigError, type Config, asGiven, parseConfig, redactedSettings } from '../config.js';
import { ApiClient } from '../http/client.js';
import { routeText, targetRoute, transportOf } from '../http/transport.js';
import { ThrottleWatch } from '../http/throttle.js';
import { registerSecret } from '../http/redact.js';
import { harOption } from '../http/har.js';
import { summarise } from '../result/aggregate.js';
import { SUITE } from '../util/suite.js';
import { settleFindings } from '../result/settle.js';
import type { CheckResult, InterruptSignal, RunResult, RunStop, Selection, WaiverReport } from '../result/model.js';
import { planEnvironment, type Plan } from '../protocol/plan.js';
import {
  asksPublished,
  type Chosen,
  PUBLISHED_GROUP,
  selection,
  surelyDeclared,
  wholeOfShards,
  withPublished,
} from '../result/selection.js';
import type { Reporter } from 'vitest/node';
import { toCheckResult } from '../protocol/decode.js';
import { CollectingReporter } from './collect.js';
import { atReference, startEmbedded } from './embedded.js';
import { preflight } from './preflight.js';
import { conformanceVitest } from './project.js';
import { ProgressReporter } from './progress.js';
import { boundHeapGrowth, holdsAfterWorkerStarts, releaseYoungGeneration } from './heap.js';
import { collectWhenAsked } from '../harness/garbage.js';
import { applyWaivers, loadWaivers, waiverDay } from '../waivers/waivers.js';

export interface RunRequest {
  /** The environment the run reads (process.env merged with command-line options). */
  readonly env: Record<string, string | undefined>;
  /** Endpoint groups (`agents`, `auth`, …) or requirement ids to run; empty: everything. */
  readonly only?: readonly string[];
  /** `--exclude`: endpoint groups or requirement ids not to run. */
  readonly exclude?: readonly string[];
  /** vitest's `<index>/<count>`: run only that share of the suite files (one CI machine of several). */
  readonly shard?: string;
  readonly log?: (line: string) => void;
  /** Settings given as command-line options, by the option typed: configuration errors name what was typed. */
  readonly given?: Readonly<Record<string, string>>;
  /** Aborted (with the signal's name as its reason) when SIGINT or SIGTERM asks the run to stop: the checks not finished are not run. */
  readonly interrupt?: AbortSignal;
  /** `--grep`: only checks whose id or title this pattern matches. */
  readonly grep?: string;
}

export async function runConformance(request: RunRequest): Promise<RunResult> {
  const startedAt = new Date();
  const log = request.log ?? (() => {});
  // Every configuration error at once (settings, selection, waiver file), one a line: not one per attempt.
  const errors: string[] = [];
  const read = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(error.message);
      return undefined;
    }
  };
  const parsed = read(() => parseConfig(request.env));
  const choice = read(() => selection(request.only ?? [], request.exclude ?? [], request.grep));
  // WAIVERS (or --waivers) names a waiver file; else conformance.waivers.yaml in the working directory, if there.
  const waiverFile = read(() => loadWaivers(request.env['WAIVERS']));
  if (errors.length || !parsed || !choice) {
    // The target and the selection as given, even when they could not be used: the reports say what was tried.
    const given = request.env['BASE_URL']?.trim() || null;
    const asTyped = { only: [...(request.only ?? [])], exclude: [...(request.exclude ?? [])] };
    return assemble(
      startedAt,
      undefined,
      { baseUrl: given, embedded: false },
      selectionOf(asTyped, request, false),
      [],
      { kind: 'config', message: asGiven(errors.join('\n'), request.given) },
    );
  }
  let config: Config = parsed;
  let chosen: Chosen = choice;
  const embedded = config.baseUrl === undefined ? await startEmbedded() : undefined;
  if (!embedded) releaseYoungGeneration();
  let throttling: ThrottleWatch | undefined;
  try {
    if (embedded) config = atReference(config, embedded);
    registerSecret(config.apiKey);
    if (config.baseUrlNotice) log(config.baseUrlNotice);
    log(
      `Target ${config.baseUrl}${routeText(config.baseUrl!, transportOf(config))}${embedded ? ' (embedded reference service: no target setting given)' : ''}, profile ${config.profile}${config.readOnly ? ', read-only' : ''}`,
    );
    if (config.insecure) log('warning: INSECURE (--insecure): TLS certificates are not verified; every report says so');
    if (config.seedDrawn)
      log(`Seed ${config.seed}, drawn at random (SEED=random): --seed ${config.seed} repeats this run`);
    // Every client of the target, in the workers too, tells it of back-pressure.
    throttling = new ThrottleWatch(config.baseUrl!);
    const stop = interrupted(request.interrupt) ?? (await checkTarget(config));
    const target = {
      baseUrl: config.baseUrl ?? null,
      embedded: !!embedded,
      ...targetRoute(config.baseUrl!, transportOf(config)),
    };
    if (stop)
      return withThrottling(
        assemble(startedAt, config, target, selectionOf(chosen, request, config.readOnly), [], stop),
        throttling,
      );
    try {
      chosen = await withPublishedNames(chosen, config);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return assemble(startedAt, config, target, selectionOf(chosen, request, config.readOnly), [], {
        kind: 'config',
        message: error.message,
      });
    }
    const limit: FailureLimit = { max: config.maxFailures, reached: false };
    // CONCURRENCY and RATE_LIMIT hold for the whole run, which has one worker (lib/runner/project.ts).
    const plan = { targets: [{ name: RUN_TARGET, config, ...chosen.declared }] };
    const checks = await runSuites(
      plan,
      chosen.files,
      config.runTimeoutMs,
      log,
      throttling,
      request.shard,
      request.interrupt,
      limit,
    );
    const selected = {
      ...selectionOf(chosen, request, config.readOnly),
      ...(limit.reached ? { stoppedAfterFailures: limit.max } : {}),
    };
    const stopped =
      interrupted(request.interrupt) ??
      (throttling.gaveUp === undefined ? undefined : throttledStop(throttling.gaveUp));
    if (!waiverFile) return withThrottling(assemble(startedAt, config, target, selected, checks, stopped), throttling);
    const whole = wholeOfShards(request.shard ? [request.shard] : []);
    const waived = applyWaivers(checks, waiverFile, waiverDay(startedAt), {
      declared: (id) => whole && surelyDeclared(chosen, id),
    });
    return withThrottling(
      assemble(startedAt, config, target, selected, waived.checks, stopped, waived.report),
      throttling,
    );
  } finally {
    throttling?.close();
    await embedded?.close();
  }
}

/** The stop of a run a signal interrupted, if one did. */
function interrupted(interrupt: AbortSignal | undefined): RunStop | undefined {
  if (!interrupt?.aborted) return undefined;
  const signal = interrupt.reason as InterruptSignal;
  return { kind: 'interrupted', signal, message: `interrupted by ${signal}` };
}

async function checkTarget(config: Config): Promise<RunStop | undefined> {
  const client = new ApiClient({
    baseUrl: config.baseUrl!,
    transport: transportOf(config),
    apiKey: config.apiKey,
    timeoutMs: config.requestTimeoutMs,
    concurrency: 2,
    throttleGiveUpMs: config.throttleGiveUpMs,
    ...harOption(config.har),
  });
  try {
    const stop = await preflight(client);
    return client.givenUp ? throttledStop(client.givenUpMessage) : stop;
  } finally {
    await client.close();
  }
}

const SIGNALS: readonly InterruptSignal[] = ['SIGINT', 'SIGTERM'];

const throttledStop = (why: string): RunStop => ({
  kind: 'throttled',
  message: `${why[0]!.toUpperCase()}${why.slice(1)} (THROTTLE_GIVE_UP_MS), so the run stopped. Is the key's quota used up? RATE_LIMIT (--rate) keeps a run under a limit the target has.`,
});

const withThrottling = (run: RunResult, watch: ThrottleWatch): RunResult =>
  watch.figures ? { ...run, throttling: watch.figures } : run;

/** MAX_FAILURES, and whether the run reached it (then it stopped, the rest not run). */
interface FailureLimit {
  readonly max: number | undefined;
  reached: boolean;
}

/** The name of a run's one target in its plan. */
const RUN_TARGET = 'target';

async function runSuites(
  plan: Plan,
  files: readonly string[],
  runTimeoutMs: number,
  log: (line: string) => void,
  throttling: ThrottleWatch,
  shard?: string,
  interrupt?: AbortSignal,
  limit?: FailureLimit,
): Promise<CheckResult[]> {
  const collector = new CollectingReporter();
  const progress = new ProgressReporter(log);
  let failures = 0;
  // MAX_FAILURES: the run cancelled as an interrupt is, once that many checks have failed.
  const failureLimit: Reporter = {
    onTestCaseResult(test) {
      if (limit?.max === undefined || limit.reached || toCheckResult(test).outcome !== 'fail') return;
      if (++failures < limit.max) return;
      limit.reached = true;
      log(`${limit.max} checks failed (MAX_FAILURES); cancelling the remaining checks.`);
      cancel(`the run stopped after ${limit.max} failing checks (MAX_FAILURES)`);
    },
  };
  const signalHandlers = SIGNALS.map((signal) => process.rawListeners(signal));
  boundHeapGrowth();
  const vitest = await conformanceVitest({
    passWithNoTests: true,
    reporters: [collector, progress, failureLimit, holdsAfterWorkerStarts],
    env: planEnvironment(plan),
    ...(shard ? { shard } : {}),
  });
  // vitest's logger exits the process on SIGINT and SIGTERM: where the caller handles them (interrupt), the run ends with its reports instead.
  if (interrupt)
    SIGNALS.forEach((signal, i) =>
      process
        .rawListeners(signal)
        .filter((l) => !signalHandlers[i]!.includes(l))
        .forEach((l) => process.removeListener(signal, l as () => void)),
    );
  // Every way a run ends early cancels it alike: requests in flight or waiting out back-pressure are cut
  // short in every worker (so the reports are written before a second signal), and the checks not
  // finished are reported as not run, saying why.
  const cancel = (why: string): void => {
    collector.cancelledBecause = why;
    throttling.stop(why);
    void vitest.cancelCurrentRun('keyboard-input');
  };
  const bound = setTimeout(() => {
    log(`The run exceeded RUN_TIMEOUT_MS (${runTimeoutMs} ms); cancelling the remaining checks.`);
    cancel(`the run exceeded RUN_TIMEOUT_MS (${runTimeoutMs} ms)`);
  }, runTimeoutMs);
  const onInterrupt = (): void => cancel(`the run was interrupted by ${String(interrupt?.reason)}`);
  interrupt?.addEventListener('abort', onInterrupt, { once: true });
  // A target that only throttles ends the run now, not at RUN_TIMEOUT_MS.
  throttling.whenGivenUp(() => {
    log('The target answered only with back-pressure for THROTTLE_GIVE_UP_MS; cancelling the remaining checks.');
    cancel('the target answered only with back-pressure for THROTTLE_GIVE_UP_MS');
  });
  const stopCollecting = collectWhenAsked();
  try {
    if (!interrupt?.aborted) await vitest.start([...files]);
  } finally {
    stopCollecting();
    interrupt?.removeEventListener('abort', onInterrupt);
    clearTimeout(bound);
    progress.stop();
    await vitest.close();
  }
  return [...settleFindings(collector.checksOf(RUN_TARGET)), ...collector.problemChecks()];
}

/**
 * `--only` items that are neither a group, a requirement id nor a check id may name what the target
 * publishes beyond the 20 endpoints (an operation id, a document), and a check id may be an operation id
 * too (`runs.list`): confirmed against the target's documents once it answers (lib/result/selection.ts, withPublished).
 */
export async function withPublishedNames(chosen: Chosen, config: Config): Promise<Chosen> {
  if (!asksPublished(chosen) || (chosen.exclude.includes(PUBLISHED_GROUP) && !chosen.pendingPublished.length))
    return chosen;
  // With --exclude published, withPublished refuses the names before the target is asked.
  if (chosen.exclude.includes(PUBLISHED_GROUP)) return withPublished(chosen, new Set());
  // Loaded only here: reading published documents (swagger-parser, ajv) costs the main thread memory a run rarely needs.
  const { publishedNames } = await import('./published-operations.js');
  return withPublished(chosen, await publishedNames(config));
}

function selectionOf(
  { only, exclude }: Pick<Chosen, 'only' | 'exclude'>,
  request: RunRequest,
  readOnly: boolean,
): Selection {
  return {
    only,
    shards: request.shard ? [request.shard] : [],
    readOnly,
    exclude,
    ...(request.grep === undefined ? {} : { grep: request.grep }),
  };
}

/** `config` is undefined when it could not be read (a stopped run): defaults are shown then. */
function assemble(
  startedAt: Date,
  config: Config | undefined,
  target: RunResult['target'],
  selection: Selection,
  checks: CheckResult[],
  stop?: RunStop,
  waivers?: WaiverReport,
): RunResult {
  return summarise(checks, {
    suite: SUITE,
    target,
    profile: config?.profile ?? 'default',
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    settings: config ? redactedSettings(config) : {},
    selection,
    ...(stop ? { stop } : {}),
    ...(waivers ? { waivers } : {}),
  });
}

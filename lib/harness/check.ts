// `check()` declares one test: its stable id (lib/result/check-id.ts), the requirement ids it
// verifies, a title that reads like the rule, and a body. Requirement ids lead the test name so
// every report says which rule broke; the id is what waivers, selections and merges key on.

import { afterAll, describe, test } from 'vitest';
import type { Group } from '../contract/endpoints.js';
import { type FixtureField, SETTING_NAMES } from '../config.js';
import type { PublishedOperation } from '../generic/model.js';
import { TEMPLATE_OPERATION } from '../generic/template.js';
import { type RequirementId, requirement } from '../contract/requirements/index.js';
import { requestEvidence, toEvidence } from '../assert/evidence.js';
import { isRuleViolation, RuleViolation } from '../assert/violation.js';
import { type Exchange, TransportError } from '../http/exchange.js';
import { checkName } from '../result/check-name.js';
import { isCheckId } from '../result/check-id.js';
import type { CheckMeta } from '../protocol/meta.js';
import { readPlan, type TargetPlan } from '../protocol/plan.js';
import { PUBLISHED_GROUP, selects } from '../result/selection.js';
import { CheckContext, READ_ONLY_REASON, Skip } from './context.js';
import { collectAfterHeavyCheck } from './garbage.js';
import { requestFacts } from './request-chain.js';
import { getTarget, type Target } from './target.js';

export interface CheckOptions {
  /** The check creates, changes or deletes data: skipped under READ_ONLY. */
  readonly writes?: boolean;
  /** Settings the check needs, e.g. `['dashboardId']`: skipped with the reason when absent. */
  readonly needs?: readonly FixtureField[];
  readonly timeout?: number;
  /**
   * The check changes data other checks of the file read (deletes a listed fixture, renames
   * the dashboard): it runs alone, after the checks declared before it and before those after it.
   * Every other check of a file runs concurrently with its neighbours.
   */
  readonly exclusive?: boolean;
  /**
   * The check sends bodies of megabytes: it runs while no other such check of the worker does, so their
   * copies (built, serialised, read, stored and echoed by the target, parsed back) never stack up.
   * Its neighbours still run beside it.
   */
  readonly heavy?: boolean;
  /**
   * The check sends a request to one of the generic layer's writes that names no
   * resource (a collection's POST): a server that does not authenticate might act on it, so it
   * runs only with PUBLISHED_WRITES=true.
   */
  readonly publishedWrite?: boolean;
}

/** While a group's body is declared for one target of the plan: where its checks go, and the names besides the group that select them. */
let binding:
  | {
      readonly target: TargetPlan;
      readonly group: string;
      readonly subjects: readonly string[];
      readonly declarations: Declaration[];
    }
  | undefined;

/** Declares one check in its block; `running` holds the block's checks while they run. */
type Declaration = (running: Set<CheckContext>) => void;

/**
 * A top-level group of checks (an endpoint group or a cross-cutting area), declared for each target
 * of the plan with only that target's selected checks; it cleans up after itself. With several
 * targets (the proof), each target's checks sit in a block named after it.
 */
export function describeGroup(group: Group | 'auth' | 'http', body: () => void): void {
  const { targets } = readPlan();
  describeDeclared(
    group,
    targets.map((target) => ({ target, declarations: declarationsFor(target, group, body) })),
  );
}

/** The group name of the generic layer's checks of one published document. */
const publishedGroup = (document: string): string => `${PUBLISHED_GROUP}: ${document}`;

/**
 * The generic layer's groups: one per document the plan's targets publish, holding the checks
 * `declare` gives for each operation of it beyond the specification's 20 endpoints. The targets'
 * documents are read first (a suite file awaits this), so every report lists the checks generated;
 * a target without a base URL (the build's inventory) gets them for one template operation.
 */
export async function describePublished(declare: (operation: PublishedOperation) => void): Promise<void> {
  const { targets } = readPlan();
  const published = await Promise.all(
    targets.map(async (target) => ({
      target,
      operations: target.config.baseUrl ? (await getTarget(target)).genericOperations : [TEMPLATE_OPERATION],
    })),
  );
  const documents = [
    ...new Set(published.flatMap(({ operations }) => operations.map((operation) => operation.document))),
  ];
  for (const document of documents) {
    const group = publishedGroup(document);
    describeDeclared(
      group,
      published.map(({ target, operations }) => ({
        target,
        declarations: operations
          .filter((operation) => operation.document === document)
          .flatMap((operation) =>
            declarationsFor(target, group, () => declare(operation), [PUBLISHED_GROUP, document, operation.id]),
          ),
      })),
    );
  }
}

function describeDeclared(
  group: string,
  declared: ReadonlyArray<{ target: TargetPlan; declarations: Declaration[] }>,
): void {
  const { length } = declared;
  // vitest refuses a block without tests.
  if (!declared.some((d) => d.declarations.length)) return;
  describe(group, () => {
    for (const { target, declarations } of declared.filter((d) => d.declarations.length)) {
      const declareAll = () => {
        // Each check deletes what it created as it ends; a check cut short (a timeout) runs on, unawaited, and its
        // block's end deletes what it created. The block's own checks only: other blocks' checks may still be running.
        const running = new Set<CheckContext>();
        afterAll(() => deleteLeftovers(running));
        declarations.forEach((declare) => declare(running));
      };
      if (length === 1) declareAll();
      else describe(target.name, declareAll);
    }
  });
}

function declarationsFor(
  target: TargetPlan,
  group: string,
  body: () => void,
  subjects: readonly string[] = [],
): Declaration[] {
  binding = { target, group, subjects, declarations: [] };
  try {
    body();
    return binding.declarations;
  } finally {
    binding = undefined;
  }
}

export function check(
  id: string,
  requirements: readonly RequirementId[],
  title: string,
  body: (t: CheckContext) => Promise<void>,
  options: CheckOptions = {},
): void {
  if (!binding) throw new Error(`check "${title}" is declared outside describeGroup()`);
  if (!isCheckId(id))
    throw new Error(
      `check "${title}": "${id}" is no check id (lowercase dotted words, e.g. agents.create.every-field)`,
    );
  const { target, group, subjects, declarations } = binding;
  if (selects(target, { id, group, requirements, subjects, title }))
    declarations.push((running) => declare(target, id, [...requirements], title, body, options, running));
}

function declare(
  plan: TargetPlan,
  checkId: string,
  ids: RequirementId[],
  title: string,
  body: (t: CheckContext) => Promise<void>,
  options: CheckOptions,
  running: Set<CheckContext>,
): void {
  // `test.sequential`, not the `sequential` option: the group's concurrency would override the option.
  const declareTest = options.exclusive ? test.sequential : test;
  // The id, the requirement ids and the target travel in the task's meta from the start: the inventory reads them without running.
  declareTest(
    checkName(ids, title),
    { timeout: options.timeout, meta: { checkId, requirements: ids, target: plan.name } },
    async (vitest) => {
      const target = await getTarget(plan);
      const t = new CheckContext(target, ids);
      running.add(t);
      const { end, lastOfBody } = await (options.heavy ? oneHeavyAtATime(plan.name) : now)(() =>
        endOf(t, async () => {
          const reason = skipReason(target, ids, options);
          if (reason) t.skip(reason);
          await body(t);
        }),
      );
      running.delete(t);
      // What the check saw is recorded once, as it ends.
      Object.assign(vitest.task.meta, recordOf(t, end, lastOfBody));
      if (end instanceof Skip) vitest.skip(end.reason);
      if (end !== undefined) throw end;
    },
  );
}

const now = <T>(run: () => Promise<T>): Promise<T> => run();

/**
 * Deletes what checks cut short created and did not delete themselves, each check's newest first. Their answers
 * are not judged: those checks have already ended, failed.
 */
async function deleteLeftovers(running: Set<CheckContext>): Promise<void> {
  const cutShort = [...running];
  running.clear();
  await Promise.allSettled(cutShort.map((t) => t.deleteCreated()));
}

/** Per target of the plan: the end of the last heavy check of this worker queued so far, and its garbage collected. */
const heavyQueues = new Map<string, Promise<unknown>>();

/** Resolves once the check that has just ended has returned (its copies unreachable), and they are collected. */
const collected = (): Promise<void> =>
  new Promise((done) =>
    setTimeout(() => {
      collectAfterHeavyCheck();
      done();
    }),
  );

/**
 * Runs a heavy check against `target` once every heavy check queued before it against that target has ended,
 * however it ended, and its garbage is collected (before the first, what the checks before it left). Per target: the proof's targets (one reference service each)
 * still run theirs side by side.
 */
const oneHeavyAtATime =
  (target: string) =>
  <T>(run: () => Promise<T>): Promise<T> => {
    const ended = (heavyQueues.get(target) ?? collected()).then(run);
    heavyQueues.set(target, ended.catch(() => undefined).then(collected));
    return ended;
  };

/**
 * How a check ends (`end`): undefined when it passed, else what it throws (a violation, a skip, an error);
 * and the last exchange of its body, the evidence of an error. It deletes what it created first, however
 * its body ended: a refused deletion, or a convention its responses broke (strict profile), fails the
 * check (a skip too, which must not hide it); after a failure of its own, each is kept for the runner to settle.
 */
async function endOf(
  t: CheckContext,
  run: () => Promise<void>,
): Promise<{ end: unknown; lastOfBody: Exchange | undefined }> {
  let end: unknown;
  try {
    await run();
  } catch (error) {
    end = error instanceof TransportError && error.malformed ? malformedAnswer(error, error.malformed.what) : error;
  }
  const lastOfBody = t.exchanges.at(-1);
  const refused = await t.deleteCreated();
  const conventions = brokenConventions(t);
  if (end !== undefined && !(end instanceof Skip)) {
    [...refused, ...(conventions ? [conventions] : [])].forEach((seen) => t.observe(seen));
    return { end, lastOfBody };
  }
  const [first, ...more] = [...refused, ...(conventions ? [conventions] : [])];
  more.forEach((seen) => t.observe(seen));
  return { end: first ?? end, lastOfBody };
}

/**
 * An answer that broke HTTP's framing is the target's fault (HTTP-MESSAGE-FRAMING), whichever check it reached:
 * one cause wherever seen, placed at the request's method and path.
 */
function malformedAnswer(error: TransportError, what: string): RuleViolation {
  const { pathname } = new URL(error.request.url);
  const where = `${error.request.method} ${pathname}`;
  return new RuleViolation(
    ['HTTP-MESSAGE-FRAMING'],
    `${where}: the answer cannot be read: ${what}`,
    undefined,
    where,
    error.request,
  );
}

/** Broken conventions (strict profile), all named: they fail a check that would pass or skip, as any rule seen broken. */
function brokenConventions(t: CheckContext): RuleViolation | undefined {
  const [first, ...more] = t.conventions;
  if (!first) return undefined;
  const ids = [...new Set(t.conventions.flatMap((c) => c.requirements))];
  const also = more.length
    ? ` (and ${more.length} more: ${[...new Set(more.map((c) => c.summary))].slice(0, 3).join('; ')})`
    : '';
  return new RuleViolation(ids, `${first.summary}${also}`, first.exchange);
}

/** The task meta of a check that ended with `end` (see endOf). */
function recordOf(t: CheckContext, end: unknown, lastOfBody: Exchange | undefined): CheckMeta {
  return {
    // Besides the rules it declares, the check verified the cross-cutting rules its response assertions applied.
    ...(t.verified.size ? { verified: [...t.verified] } : {}),
    ...(t.notes.length ? { notes: t.notes } : {}),
    ...(t.findings.length ? { findings: t.findings } : {}),
    ...(t.publishedChecked.size ? { publishedChecked: [...t.publishedChecked] } : {}),
    ...t.property,
    // Requests sent and how many ran one after another, for `npm run bench` (summary.json).
    ...requestFacts(t.exchanges),
    ...(end instanceof Skip ? { skipReason: end.reason } : end === undefined ? {} : failureRecord(end, lastOfBody)),
  };
}

function skipReason(target: Target, ids: readonly RequirementId[], options: CheckOptions): string | undefined {
  const { config } = target;
  if (config.profile !== 'strict' && ids.some((id) => requirement(id).level === 'SHOULD')) {
    return 'a SHOULD convention: checked only with PROFILE=strict';
  }
  if ((options.writes || options.publishedWrite) && config.readOnly) return READ_ONLY_REASON;
  if (options.publishedWrite && !config.publishedWrites) {
    return 'a write to a published collection could change data on a server that does not authenticate: sent only with PUBLISHED_WRITES=true';
  }
  const missing = (options.needs ?? []).filter((need) => config[need] === undefined);
  if (missing.length) return `needs ${missing.map((need) => SETTING_NAMES[need]).join(', ')} (not set)`;
  return undefined;
}

function failureRecord(error: unknown, lastOfBody: Exchange | undefined): CheckMeta {
  if (isRuleViolation(error)) {
    return {
      violated: [...error.requirements],
      violationSummary: error.summary,
      ...(error.where !== undefined ? { violationWhere: error.where } : {}),
      ...(error.exchange
        ? { evidence: toEvidence(error.exchange) }
        : error.request
          ? { evidence: requestEvidence(error.request) }
          : {}),
    };
  }
  if (error instanceof TransportError) return { evidence: requestEvidence(error.request) };
  return lastOfBody ? { evidence: toEvidence(lastOfBody) } : {};
}

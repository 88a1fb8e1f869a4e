// What a check's body receives: a way to call endpoints of the contract, the
// response assertions bound to this target, and a few conveniences.

import { ENDPOINTS, type Endpoint, type EndpointKey, fillPath } from '../contract/endpoints.js';
import type { RequirementId } from '../contract/requirements/index.js';
import * as responses from '../assert/responses.js';
import { expectWithinBounds } from '../assert/page-bounds.js';
import type { NamingOptions } from '../assert/detail-field.js';
import { isRuleViolation, type RuleViolation, violation } from '../assert/violation.js';
import { toEvidence } from '../assert/evidence.js';
import type { Finding } from '../result/model.js';
import type { Exchange } from '../http/exchange.js';
import type { RequestSpec } from '../http/client.js';
import type { Received } from '../http/received.js';
import type { Dispatcher } from 'undici';
import { registerSecret } from '../http/redact.js';
import { QUIET_WAIT_MS } from '../http/throttle.js';
import type { PublishedOperation } from '../generic/model.js';
import type { Target } from './target.js';
import { Agents, Mutations, ReviewProjects, TestCases } from './resources.js';
import { foldIndices, type JsonObject } from '../util/json.js';

/** A violation seen where no check of its rule judged it, as the runner settles it (settle.ts). */
const observedFinding = (seen: RuleViolation): Finding => ({
  kind: 'observed',
  requirements: [...seen.requirements],
  summary: seen.summary,
  ...(seen.exchange ? { evidence: toEvidence(seen.exchange) } : {}),
  ...(seen.where !== undefined ? { where: seen.where } : {}),
});

/** An exchange together with the contract endpoint it exercised. */
export interface Call extends Exchange {
  readonly endpoint: Endpoint;
}

export interface CallSpec extends Omit<RequestSpec, 'method' | 'path'> {
  readonly params?: Readonly<Record<string, string>>;
  /** Path parameters written into the path as they are, not percent-encoded (a malformed escape such as `%zz`). */
  readonly paramsAsWritten?: Readonly<Record<string, string>>;
  /**
   * Control characters or blanks in the path: a firewall in front of the API (Spring's StrictHttpFirewall, a WAF)
   * may refuse the request with a 4xx of its own, which is then not the API's error answer.
   */
  readonly mayBeRefusedInFront?: true;
}

const BY_KEY = new Map<string, Endpoint>(ENDPOINTS.map((e) => [e.key, e]));

/** Back-pressure and gateways: the transport's answers, not the server's errors (they change only time). */
const TRANSPORT_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Waits for every run of a check's parallel parts (each ends before the check does, its deletions with it) and
 * throws what the check ends with: a failure of one before a skip of another, which must not hide it.
 */
export async function allEnded(runs: Iterable<Promise<unknown>>): Promise<void> {
  const reasons = (await Promise.allSettled(runs)).flatMap((run) => (run.status === 'rejected' ? [run.reason] : []));
  const end = reasons.find((reason) => !(reason instanceof Skip)) ?? reasons[0];
  if (end !== undefined) throw end;
}

export const READ_ONLY_REASON = 'READ_ONLY is set and this check writes';

/** What `t.skip` throws: the check runner ends the check as skipped with the reason. */
export class Skip extends Error {
  /** `seen`: the violation that blocked the check (see `blocked`), when a broken rule is why it skips. */
  constructor(
    readonly reason: string,
    readonly seen?: RuleViolation,
  ) {
    super(reason);
  }
}

/** A deletion of what a check created, judged: the rule its answer broke, if any. */
type Deletion = () => Promise<RuleViolation | undefined>;

export class CheckContext {
  /** Every exchange of this check, newest last: the evidence for failures. */
  readonly exchanges: Exchange[] = [];
  /** Within this check's quiet section (`alone`): its requests pass the section's hold. */
  private quiet = false;
  /** Cross-cutting rules the response assertions verified (wrapper, schemas, error envelope, ...). */
  readonly verified = new Set<string>();
  /** SHOULD conventions found broken (strict profile); reported when the check ends. */
  readonly conventions: responses.BrokenConvention[] = [];
  /** Violations seen on the way and published-schema mismatches: the runner settles them (settle.ts). */
  readonly findings: Finding[] = [];
  /** Operations whose responses were compared with the target's published schema. */
  readonly publishedChecked = new Set<string>();
  readonly notes: string[] = [];
  /** A property's seed and counterexample path (property.ts). */
  property?: { readonly seed: number; readonly path?: string };
  /** The deletions of what this check created, run when it ends (deleteCreated). */
  private readonly deletions: Deletion[] = [];
  /** The resources this check creates: valid bodies, names marked, deletions registered (resources.ts). */
  readonly agents = new Agents(this);
  readonly mutations = new Mutations(this);
  readonly testCases = new TestCases(this);
  readonly reviewProjects = new ReviewProjects(this);

  /**
   * @param requirements the rules this check verifies: a response it receives that cannot
   * be judged at all (over the size cap) is charged to them.
   */
  constructor(
    readonly target: Target,
    private readonly requirements: readonly string[] = [],
  ) {}

  get config() {
    return this.target.config;
  }

  /** Whether a request can be written by hand to the target (a call's `raw`): no proxy stands between. */
  get rawPossible(): boolean {
    return this.target.client.rawPossible;
  }

  /** Calls a contract endpoint by key, e.g. `t.call('GET /v1/agents/{agent_id}', {params: {agent_id}})`. */
  async call(key: EndpointKey, spec: CallSpec = {}): Promise<Call> {
    const endpoint = BY_KEY.get(key);
    if (!endpoint) throw new Error(`no endpoint "${key}" in the contract`);
    // READ_ONLY holds whatever a check declared: no request that could change data is sent,
    // not even one a correct server must reject (a lenient server might not).
    if (this.config.readOnly && endpoint.method !== 'GET')
      this.skip(`${READ_ONLY_REASON} (${endpoint.method} ${endpoint.path})`);
    const { params, paramsAsWritten, mayBeRefusedInFront, ...request } = spec;
    const { client } = this.target;
    const exchange = await client.send({
      ...request,
      method: endpoint.method,
      path: fillPath(endpoint.path, params ?? {}, paramsAsWritten),
      ...(this.quiet ? { quiet: true } : {}),
    });
    this.recordAnswer(exchange);
    if (!(mayBeRefusedInFront && responses.refusedInFront(exchange))) {
      this.observeErrorEnvelope(exchange);
      this.observeErrorLabel(exchange);
    }
    this.observeJsonCharset(exchange);
    expectWithinBounds(
      endpoint.key,
      endpoint.path,
      request.query,
      exchange,
      this.requirements,
      client.maxResponseBytes,
    );
    return { ...exchange, endpoint };
  }

  /**
   * Sends a request to one of the generic layer's operations (or to a method and path outside the contract),
   * recorded like every call; under READ_ONLY only GETs are sent.
   */
  async send(operation: Pick<PublishedOperation, 'method' | 'path'>, spec: CallSpec = {}): Promise<Exchange> {
    if (this.config.readOnly && operation.method !== 'GET')
      this.skip(`${READ_ONLY_REASON} (${operation.method} ${operation.path})`);
    const { params, paramsAsWritten, ...request } = spec;
    const exchange = await this.target.client.send({
      ...request,
      method: operation.method,
      path: fillPath(operation.path, params ?? {}, paramsAsWritten),
      ...(this.quiet ? { quiet: true } : {}),
    });
    this.recordAnswer(exchange);
    return exchange;
  }

  /** An answer read in full: recorded, and HTTP's framing (HTTP-MESSAGE-FRAMING) seen kept (a broken one throws, see check.ts). */
  private recordAnswer(exchange: Exchange): void {
    this.exchanges.push(exchange);
    this.verified.add('HTTP-MESSAGE-FRAMING');
  }

  /**
   * Every error answer of a contract endpoint a check sees is in the error envelope, whatever the check judges
   * (ERROR-ENVELOPE). Not what the generic layer sends (GENERIC-ERROR-ENVELOPE judges its reads), nor a path or
   * method outside the contract: a framework's or gateway's answer there is not the API's (the real service's is
   * `{"detail": ...}`), and the specification's errors are its endpoints'.
   */
  private observeErrorEnvelope(exchange: Exchange): void {
    if (exchange.response.status < 400 || TRANSPORT_STATUSES.has(exchange.response.status)) return;
    try {
      responses.expectErrorEnvelope(exchange);
    } catch (error) {
      if (!isRuleViolation(error)) throw error;
      this.observe(error);
    }
  }

  /**
   * Under the strict profile, every error answer of a contract endpoint a check sees is labelled JSON, whatever
   * Accept asked (RESPONSE-CONTENT-TYPE-JSON, a convention); not a gateway's answer (back-pressure, transport).
   */
  private observeErrorLabel(exchange: Exchange): void {
    if (!this.target.responses.strict || TRANSPORT_STATUSES.has(exchange.response.status)) return;
    try {
      responses.expectErrorLabelledJson(exchange);
    } catch (error) {
      if (!isRuleViolation(error)) throw error;
      this.observe(error);
    }
  }

  /**
   * Every JSON answer of a contract endpoint a check sees names no encoding but UTF-8 (RESPONSE-JSON-UTF8), its
   * errors and the published documents too; not a gateway's answer (back-pressure, transport).
   */
  private observeJsonCharset(exchange: Exchange): void {
    if (TRANSPORT_STATUSES.has(exchange.response.status)) return;
    try {
      responses.expectUtf8Json(exchange);
    } catch (error) {
      if (!isRuleViolation(error)) throw error;
      this.observe(error);
    }
  }

  expectSuccess(call: Call, requirements: readonly RequirementId[], what?: string): JsonObject {
    return this.collect(responses.expectSuccess(this.target.responses, call.endpoint, call, requirements, what));
  }

  expectResource(call: Call, requirements: readonly RequirementId[], what?: string): JsonObject {
    return this.collect(responses.expectResource(this.target.responses, call.endpoint, call, requirements, what));
  }

  expectRejection(
    call: Call,
    requirements: readonly RequirementId[],
    expected: responses.ExpectedError = {},
    what?: string,
  ): JsonObject {
    return this.collect(
      responses.expectRejection(this.target.responses, call.endpoint, call, requirements, expected, what),
    );
  }

  expectInvalidArgument(
    call: Call,
    requirements: readonly RequirementId[],
    field: responses.ExpectedError['field'],
    what?: string,
    options?: NamingOptions,
  ): JsonObject {
    return this.collect(
      responses.expectInvalidArgument(this.target.responses, call.endpoint, call, requirements, field, what, options),
    );
  }

  /** An assertion that held: its value, with what it saw kept for the check's record. */
  private collect<T>({ value, verified, conventions, published }: responses.Judged<T>): T {
    verified.forEach((id) => this.verified.add(id));
    this.conventions.push(...conventions);
    published.forEach((comparison) => this.publishedCompared(comparison));
    return value;
  }

  /** Fails the check with a rule violation unless `condition` holds. */
  assert(condition: unknown, requirements: readonly RequirementId[], message: string, evidence?: Exchange): void {
    if (!condition) violation(requirements, message, evidence ?? this.exchanges.at(-1));
  }

  /**
   * Records a violation this check saw on the way but does not judge (while discovering data it
   * needs, or deleting what it created after it failed): the run turns it into a failing check of
   * its own unless one already reports it.
   */
  observe(seen: RuleViolation): void {
    this.addFinding(observedFinding(seen));
  }

  /** Skips a check that cannot run because `what` broke a rule; the violation is reported (see observe). */
  blocked(what: string, seen: RuleViolation): never {
    this.observe(seen);
    throw new Skip(`blocked: ${what} broke ${seen.requirements.join(', ')}: ${seen.summary}`, seen);
  }

  /** Every response compared with the target's published schema: mismatches become findings, settled per operation. */
  private publishedCompared({ operation, status, issues, exchange }: responses.PublishedComparison): void {
    this.publishedChecked.add(operation);
    const { findings } = this;
    for (const issue of issues) {
      // Array indices are folded, so one wrong enum in a page of 1000 items is one location, counted.
      const location = `${status} ${foldIndices(issue.pointer)}: ${issue.message}`;
      const at = findings.findIndex(
        (f) => f.kind === 'published-schema' && f.operation === operation && f.location === location,
      );
      if (at >= 0) {
        findings[at] = { ...findings[at]!, count: (findings[at]!.count ?? 1) + 1 };
        continue;
      }
      this.addFinding({
        kind: 'published-schema',
        requirements: ['SCHEMA-PUBLISHED'],
        operation,
        status,
        location,
        summary: `${operation} ${status}: the body does not match the target's own published schema at ${issue.pointer}: ${issue.message}`,
        evidence: toEvidence(exchange),
      });
    }
  }

  private addFinding(finding: Finding): void {
    const same = (f: Finding) =>
      f.kind === finding.kind && f.summary === finding.summary && f.location === finding.location;
    if (!this.findings.some(same)) this.findings.push(finding);
  }

  /** Ends the check as skipped, with the reason shown in every report. */
  skip(reason: string): never {
    throw new Skip(reason);
  }

  /** `value`, from now on redacted wherever the key is: for a value made from the key, which would show most of it. */
  secret(value: string): string {
    registerSecret(value);
    return value;
  }

  /** A display name that marks the resource as this run's: `<marker> <label>`. */
  name(label: string): string {
    return `${this.config.runMarker} ${label}`;
  }

  /**
   * Deletes a resource this check created when the check ends, however it ends. The answer must be a
   * success, as the `requirements` say: a refusal fails this check (check.ts). Judged as before the
   * checks' own rules, without the published schema and the strict conventions.
   */
  cleanup(deletion: () => Promise<Call>, requirements: readonly RequirementId[]): void {
    const judging = { publishedSpec: null, strict: false };
    const judged: Deletion = async () => {
      const call = await deletion();
      try {
        responses.expectSuccess(judging, call.endpoint, call, requirements, 'deleting what the check created');
        return undefined;
      } catch (error) {
        if (!isRuleViolation(error)) throw error;
        return error;
      }
    };
    // Should this check be cut short (a timeout), its group's end deletes it (check.ts).
    this.deletions.push(judged);
  }

  /**
   * Runs this check's deletions not yet run, newest first, and returns the rules the answers broke.
   * A deletion that could not be sent is left (the run marker lets a sweep find it).
   */
  async deleteCreated(): Promise<RuleViolation[]> {
    const due = this.deletions.splice(0).reverse();
    const answered = await Promise.allSettled(due.map((deletion) => deletion()));
    return answered.flatMap((a) => (a.status === 'fulfilled' && a.value ? [a.value] : []));
  }

  /**
   * Runs `task` with no other request to the target in flight (a quiet section): for requests whose meaning depends
   * on nothing coming between them; on a target too slow to go quiet, among the others (noted), which only costs
   * power. The task sends everything it waits on through this context (no memo another check loads, whose requests
   * the section holds back).
   */
  async alone<T>(task: () => Promise<T>): Promise<T> {
    if (this.quiet) return task();
    return this.target.client.alone(async (quiet) => {
      if (!quiet)
        this.note(
          `the run did not go quiet within ${QUIET_WAIT_MS / 1000} s (requests in flight unanswered): requests meant to follow each other with nothing between went among others`,
        );
      this.quiet = quiet;
      try {
        return await task();
      } finally {
        this.quiet = false;
      }
    });
  }

  /**
   * Runs `task` with a connection of its own to the target: the requests it sends with `connection` set to it
   * follow each other on that one connection (unless the server closes it), which is closed when the task ends.
   */
  async oneConnection<T>(task: (connection: Dispatcher) => Promise<T>): Promise<T> {
    const connection = this.target.client.oneConnection();
    try {
      return await task(connection);
    } finally {
      await connection.close().catch(() => {});
    }
  }

  /**
   * `oneConnection`, with the bytes its connections received, as they came (one entry per connection: the server may
   * close one, and the next request opens another); undefined, the task not run, where a proxy stands between.
   */
  async recordedConnection<T>(
    task: (connection: Dispatcher) => Promise<T>,
  ): Promise<{ value: T; received: Received[] } | undefined> {
    const recorded = this.target.client.recordedConnection();
    if (!recorded) return undefined;
    try {
      const value = await task(recorded.connection);
      return { value, received: recorded.recorder.received() };
    } finally {
      await recorded.connection.close().catch(() => {});
    }
  }

  /** What is learnt once per target under `key` (the first check to ask loads it, with its own context). */
  memo<T>(key: string, load: (t: CheckContext) => Promise<T>): Promise<T> {
    return this.target
      .memo(key, () => load(this))
      .catch((error: unknown) => {
        // What blocked the check that loaded it blocks every check that waited for it, for the same rule.
        if (error instanceof Skip && error.seen) this.observe(error.seen);
        throw error;
      });
  }

  /** Adds a note to the check's report: something a reader should know that is not a violation. */
  note(text: string): void {
    this.notes.push(text);
  }

  /** Puts a property's seed and path into the report. */
  recordProperty(seed: number, path: string | undefined): void {
    this.property = path === undefined ? { seed } : { seed, path };
  }

  /** Skips unless the target lets the suite write (READ_ONLY unset). */
  requireWrites(): void {
    if (this.config.readOnly) this.skip(READ_ONLY_REASON);
  }
}

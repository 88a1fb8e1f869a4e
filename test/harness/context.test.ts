// What a check's body receives, on a target whose client answers from a table: calls of the contract
// and of published operations recorded (none sent under READ_ONLY but GETs), assertions charged to
// the right rules, violations seen on the way and published-schema mismatches kept once (counted),
// and what the check created deleted when it ends, newest first, the answers judged.

import { describe, expect, it } from 'vitest';
import { isRuleViolation, RuleViolation } from '../../lib/assert/violation.js';
import { parseConfig } from '../../lib/config.js';
import type { PublishedOperation } from '../../lib/generic/model.js';
import { allEnded, CheckContext, READ_ONLY_REASON, Skip } from '../../lib/harness/context.js';
import type { Target } from '../../lib/harness/target.js';
import type { RequestSpec } from '../../lib/http/client.js';
import { redact } from '../../lib/http/redact.js';
import type { SchemaIssue } from '../../lib/schema/ajv.js';
import type { PublishedSpec } from '../../lib/schema/published-spec.js';
import { exchangeOf } from '../support/exchanges.js';

const BASE_URL = 'http://127.0.0.1:9';
type Answer = { status: number; body?: string; truncated?: boolean };

/** A target whose client answers every request from `serve` and keeps what was sent, published issues from `issues`. */
function fakeTarget(
  serve: (spec: RequestSpec) => Answer = () => ({ status: 200, body: '{}' }),
  { env = {}, issues }: { env?: Record<string, string>; issues?: SchemaIssue[] } = {},
) {
  const sent: RequestSpec[] = [];
  const client = {
    maxResponseBytes: 1024,
    sections: 0,
    /** Whether the sections go quiet (a target too slow for it does not). */
    quiet: true,
    alone<T>(task: (quiet: boolean) => Promise<T>): Promise<T> {
      this.sections++;
      return task(this.quiet);
    },
    send: async (spec: RequestSpec) => {
      sent.push(spec);
      const { status, body = '', truncated = false } = serve(spec);
      return exchangeOf(status, body, { method: spec.method, url: `${BASE_URL}${spec.path}`, truncated });
    },
  };
  const compared: string[] = [];
  const publishedSpec: PublishedSpec | null = issues
    ? {
        validateResponse: (method, path, status) => {
          compared.push(`${method} ${path} ${status}`);
          return issues;
        },
        requestBodyProperties: () => undefined,
      }
    : null;
  const memos = new Map<string, Promise<unknown>>();
  const target = {
    config: parseConfig({ BASE_URL, API_KEY: 'context-test-key', AES_RUN_MARKER: 'cft-context', ...env }),
    client,
    published: publishedSpec,
    publishedOperations: [],
    genericOperations: [],
    responses: { publishedSpec, strict: false },
    memo: <T>(key: string, load: () => Promise<T>): Promise<T> => {
      if (!memos.has(key)) memos.set(key, load());
      return memos.get(key) as Promise<T>;
    },
  };
  return { target: target as unknown as Target, sent, compared };
}

/** What `run` threw: a skip's reason, or a violation's rules and summary. */
async function thrown(run: () => unknown): Promise<Skip | RuleViolation> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Skip || isRuleViolation(error)) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

const GET_RUN = 'GET /v1/scheduled-runs/{scheduled_run_id}' as const;
const DELETE_RUN = 'DELETE /v1/runs/{run_id}' as const;

describe('call', () => {
  it('sends the endpoint with its path filled, records the exchange and returns it with the endpoint', async () => {
    const { target, sent } = fakeTarget();
    const t = new CheckContext(target);
    const call = await t.call(DELETE_RUN, { params: { run_id: 'a b' }, query: { force: 1 }, headers: { 'x-a': '1' } });
    expect(sent).toEqual([{ method: 'DELETE', path: '/v1/runs/a%20b', query: { force: 1 }, headers: { 'x-a': '1' } }]);
    expect(call.endpoint.key).toBe(DELETE_RUN);
    expect(t.exchanges).toEqual([expect.objectContaining({ request: call.request, response: call.response })]);
  });

  it('sends the calls of a quiet section as its own (quiet), once however deep, and the others as before', async () => {
    const { target, sent } = fakeTarget();
    const t = new CheckContext(target);
    const params = { scheduled_run_id: 's' };
    await t.alone(async () => {
      await t.call(GET_RUN, { params });
      await t.alone(() => t.call(GET_RUN, { params }));
    });
    await t.call(GET_RUN, { params });
    expect(sent.map((spec) => spec.quiet)).toEqual([true, true, undefined]);
    expect((target.client as unknown as { sections: number }).sections).toBe(1);
  });

  it('sends the calls of a section that did not go quiet among the others, and notes it', async () => {
    const { target, sent } = fakeTarget();
    (target.client as unknown as { quiet: boolean }).quiet = false;
    const t = new CheckContext(target);
    await t.alone(() => t.call(GET_RUN, { params: { scheduled_run_id: 's' } }));
    expect(sent.map((spec) => spec.quiet)).toEqual([undefined]);
    expect(t.notes).toEqual([expect.stringMatching(/did not go quiet within 5 s/)]);
  });

  it('refuses an endpoint the contract does not have', async () => {
    const t = new CheckContext(fakeTarget().target);
    await expect(t.call('GET /v1/nothing' as typeof GET_RUN)).rejects.toThrow(
      'no endpoint "GET /v1/nothing" in the contract',
    );
  });

  it('under READ_ONLY sends GETs only: anything else skips the check before a request leaves', async () => {
    const { target, sent } = fakeTarget(undefined, { env: { READ_ONLY: 'true' } });
    const t = new CheckContext(target);
    await t.call(GET_RUN, { params: { scheduled_run_id: 's' } });
    const skipped = await thrown(() => t.call(DELETE_RUN, { params: { run_id: 'r' } }));
    expect(skipped).toEqual(new Skip(`${READ_ONLY_REASON} (DELETE /v1/runs/{run_id})`));
    expect(sent.map((spec) => spec.method)).toEqual(['GET']);
  });

  it("charges a response too large to judge to the check's own rules", async () => {
    const { target } = fakeTarget(() => ({ status: 200, body: '{"run":', truncated: true }));
    const t = new CheckContext(target, ['SCHEDULED-RUN-GET']);
    const seen = await thrown(() => t.call(GET_RUN, { params: { scheduled_run_id: 's' } }));
    expect(seen).toMatchObject({ requirements: ['SCHEDULED-RUN-GET'] });
    expect(t.exchanges).toHaveLength(1);
  });
});

describe('every error answer seen', () => {
  const ENVELOPED = JSON.stringify({ error: { code: 'NOT_FOUND', message: 'no such run', details: [] } });

  it('is observed on a contract endpoint when outside the error envelope, whatever the check judges; back-pressure, gateways and requests outside the contract are not', async () => {
    const answers: Answer[] = [
      { status: 404, body: ENVELOPED },
      { status: 200, body: '{"anything": 1}' },
      { status: 429, body: 'slow down' },
      { status: 503, body: '<html>' },
      { status: 405, body: 'Method Not Allowed' },
      { status: 500, body: '{"message": "boom"}' },
      { status: 404, body: '{"detail": "Not Found"}' },
    ];
    const { target } = fakeTarget(() => answers.shift()!);
    const t = new CheckContext(target);
    for (let i = 0; i < 6; i++) await t.call(GET_RUN, { params: { scheduled_run_id: 's' } });
    await t.send({ method: 'PUT', path: '/v1/runs' });
    expect(t.findings.map(({ kind, requirements, summary }) => ({ kind, requirements, summary }))).toEqual([
      { kind: 'observed', requirements: ['ERROR-ENVELOPE'], summary: 'error response 405 has no "error" object' },
      { kind: 'observed', requirements: ['ERROR-ENVELOPE'], summary: 'error response 500 has no "error" object' },
    ]);
  });
});

describe('send', () => {
  const operation = (method: string) => ({ method, path: '/v1/widgets/{widget_id}' }) as PublishedOperation;

  it('sends a published operation with its path filled, recorded like a call', async () => {
    const { target, sent } = fakeTarget();
    const t = new CheckContext(target);
    const exchange = await t.send(operation('POST'), { params: { widget_id: 'w/1' }, json: { a: 1 } });
    expect(sent).toEqual([{ method: 'POST', path: '/v1/widgets/w%2F1', json: { a: 1 } }]);
    expect(t.exchanges).toEqual([exchange]);
  });

  it('under READ_ONLY skips anything but a GET, sending nothing', async () => {
    const { target, sent } = fakeTarget(undefined, { env: { READ_ONLY: 'true' } });
    const t = new CheckContext(target);
    expect(await thrown(() => t.send(operation('PATCH'), { params: { widget_id: 'w' } }))).toEqual(
      new Skip(`${READ_ONLY_REASON} (PATCH /v1/widgets/{widget_id})`),
    );
    await t.send(operation('GET'), { params: { widget_id: 'w' } });
    expect(sent.map((spec) => spec.method)).toEqual(['GET']);
  });
});

describe('assert, observe and blocked', () => {
  it('assert holds silently, else violates the rules given with the last exchange as evidence, or the one given', async () => {
    const { target } = fakeTarget();
    const t = new CheckContext(target);
    t.assert(true, ['RUN-DELETE'], 'not shown');
    const first = await t.call(DELETE_RUN, { params: { run_id: 'a' } });
    const last = await t.call(DELETE_RUN, { params: { run_id: 'b' } });
    const seen = (await thrown(() => t.assert(0, ['RUN-DELETE'], 'the run is gone'))) as RuleViolation;
    expect(seen).toMatchObject({ requirements: ['RUN-DELETE'], summary: 'the run is gone' });
    expect(seen.exchange).toEqual(t.exchanges.at(-1));
    expect(seen.exchange?.request.url).toBe(last.request.url);
    const given = (await thrown(() => t.assert(false, ['RUN-DELETE'], 'x', first))) as RuleViolation;
    expect(given.exchange).toBe(first);
  });

  it('observe keeps a violation seen on the way as a finding, once, with its place and evidence', () => {
    const t = new CheckContext(fakeTarget().target);
    const exchange = exchangeOf(500, '{}');
    const seen = new RuleViolation(['LIST-PAGE-SIZE-RESPECTED'], 'GET /v1/runs: 3 items', exchange, 'GET /v1/runs');
    t.observe(seen);
    t.observe(seen);
    t.observe(new RuleViolation(['LIST-PAGE-SIZE-RESPECTED'], 'another summary'));
    expect(t.findings).toEqual([
      {
        kind: 'observed',
        requirements: ['LIST-PAGE-SIZE-RESPECTED'],
        summary: 'GET /v1/runs: 3 items',
        evidence: expect.objectContaining({ method: 'GET', status: 500 }),
        where: 'GET /v1/runs',
      },
      { kind: 'observed', requirements: ['LIST-PAGE-SIZE-RESPECTED'], summary: 'another summary' },
    ]);
  });

  it('blocked observes what broke and skips, naming it', async () => {
    const t = new CheckContext(fakeTarget().target);
    const seen = new RuleViolation(['A-RULE', 'B-RULE'], 'not JSON');
    const skipped = await thrown(() => t.blocked('listing runs', seen));
    expect(skipped).toEqual(new Skip('blocked: listing runs broke A-RULE, B-RULE: not JSON', seen));
    expect(t.findings.map((f) => f.summary)).toEqual(['not JSON']);
  });

  it('a memo its loader was blocked in blocks every check that waited for it, for the same rule', async () => {
    const { target } = fakeTarget();
    const [first, second] = [new CheckContext(target), new CheckContext(target)];
    const seen = new RuleViolation(['A-RULE'], 'not JSON');
    const load = (ctx: CheckContext) => Promise.resolve().then(() => ctx.blocked('listing runs', seen));
    const skips = await Promise.all([thrown(() => first.memo('runs', load)), thrown(() => second.memo('runs', load))]);
    expect(skips.map((s) => (s as Skip).reason)).toEqual(Array(2).fill('blocked: listing runs broke A-RULE: not JSON'));
    expect([first, second].map((t) => t.findings.map((f) => f.summary))).toEqual([['not JSON'], ['not JSON']]);
  });
});

describe("the target's published schema", () => {
  it('a mismatch is one finding per operation, status and location, array indices folded and repeats counted', async () => {
    const issues = [
      { pointer: '/items/0/state', message: 'must be one of A, B' },
      { pointer: '/items/7/state', message: 'must be one of A, B' },
      { pointer: '/next', message: 'must be string' },
    ];
    const { target } = fakeTarget(undefined, { issues });
    const t = new CheckContext(target);
    t.expectSuccess(await t.call(DELETE_RUN, { params: { run_id: 'r' } }), ['RUN-DELETE']);
    t.expectSuccess(await t.call(DELETE_RUN, { params: { run_id: 's' } }), ['RUN-DELETE']);
    expect([...t.publishedChecked]).toEqual([DELETE_RUN]);
    expect(
      t.findings.map(({ kind, operation, status, location, count }) => ({ kind, operation, status, location, count })),
    ).toEqual([
      {
        kind: 'published-schema',
        operation: DELETE_RUN,
        status: 200,
        location: '200 /items/*/state: must be one of A, B',
        count: 4,
      },
      { kind: 'published-schema', operation: DELETE_RUN, status: 200, location: '200 /next: must be string', count: 2 },
    ]);
    expect(t.findings[0]).toMatchObject({
      requirements: ['SCHEMA-PUBLISHED'],
      summary: `${DELETE_RUN} 200: the body does not match the target's own published schema at /items/0/state: must be one of A, B`,
      evidence: expect.objectContaining({ url: `${BASE_URL}/v1/runs/r` }),
    });
  });

  it('a match records the operation as compared, and no finding', async () => {
    const { target } = fakeTarget(undefined, { issues: [] });
    const t = new CheckContext(target);
    expect(t.expectSuccess(await t.call(DELETE_RUN, { params: { run_id: 'r' } }), ['RUN-DELETE'])).toEqual({});
    expect([...t.publishedChecked]).toEqual([DELETE_RUN]);
    expect(t.findings).toEqual([]);
  });
});

describe('cleanup and deleteCreated', () => {
  /** A target that answers each deletion with the status its run id names (`r-404` → 404); `fail` cannot be sent. */
  const deleting = () =>
    fakeTarget((spec) => {
      if (spec.path.endsWith('/fail')) throw new Error('connection refused');
      return { status: Number(/-(\d+)$/.exec(spec.path)?.[1] ?? 200), body: '{}' };
    });

  it('deletes what the check created newest first, when it ends, and returns the rules refused deletions broke', async () => {
    const { target, sent } = deleting();
    const t = new CheckContext(target);
    for (const id of ['r-200', 'r-404', 'fail', 'r-204'])
      t.cleanup(() => t.call(DELETE_RUN, { params: { run_id: id } }), ['RUN-DELETE']);
    const refused = await t.deleteCreated();
    expect(sent.map((spec) => spec.path)).toEqual([
      '/v1/runs/r-204',
      '/v1/runs/fail',
      '/v1/runs/r-404',
      '/v1/runs/r-200',
    ]);
    expect(refused.map((v) => [v.requirements, v.summary])).toEqual([
      [['RUN-DELETE'], `deleting what the check created should succeed, but ${DELETE_RUN} answered 404`],
    ]);
    expect(await t.deleteCreated()).toEqual([]);
    expect(sent).toHaveLength(4);
  });

  it("judges a deletion without the target's published schema", async () => {
    const { target, compared } = fakeTarget(undefined, { issues: [{ pointer: '', message: 'must be null' }] });
    const t = new CheckContext(target);
    t.cleanup(() => t.call(DELETE_RUN, { params: { run_id: 'r' } }), ['RUN-DELETE']);
    expect(await t.deleteCreated()).toEqual([]);
    expect(compared).toEqual([]);
    expect(t.findings).toEqual([]);
  });
});

describe('the conveniences', () => {
  it('name marks a label with the run marker; secret redacts a value from now on', () => {
    const t = new CheckContext(fakeTarget().target);
    expect(t.name('front desk')).toBe('cft-context front desk');
    expect(t.secret('Bearer context-secret')).toBe('Bearer context-secret');
    expect(redact('sent Bearer context-secret')).toBe('sent [redacted]');
  });

  it('requireWrites skips under READ_ONLY only', async () => {
    new CheckContext(fakeTarget().target).requireWrites();
    const t = new CheckContext(fakeTarget(undefined, { env: { READ_ONLY: 'true' } }).target);
    expect(await thrown(() => t.requireWrites())).toEqual(new Skip(READ_ONLY_REASON));
  });

  it("memo loads once per target, with the first asking check's context", async () => {
    const { target } = fakeTarget();
    const [a, b] = [new CheckContext(target), new CheckContext(target)];
    const load = async (t: CheckContext) => t;
    expect(await a.memo('k', load)).toBe(a);
    expect(await b.memo('k', load)).toBe(a);
  });

  it("notes and a property's seed and path are kept for the report", () => {
    const t = new CheckContext(fakeTarget().target);
    t.note('merge keys');
    t.recordProperty(7, undefined);
    expect(t.property).toEqual({ seed: 7 });
    t.recordProperty(7, '2:0');
    expect(t.property).toEqual({ seed: 7, path: '2:0' });
    expect(t.notes).toEqual(['merge keys']);
  });
});

describe('allEnded', () => {
  it('ends with a failure of one part before a skip of another, and with nothing when all held', async () => {
    const failure = new Error('a rule broken');
    await expect(allEnded([Promise.reject(new Skip('no data')), Promise.reject(failure)])).rejects.toBe(failure);
    await expect(allEnded([Promise.resolve(), Promise.reject(new Skip('no data'))])).rejects.toBeInstanceOf(Skip);
    await expect(allEnded([Promise.resolve(1), Promise.resolve(2)])).resolves.toBeUndefined();
  });
});

// Discovery of the data the API cannot create, on a context answering each list from a table: every
// item walked at the largest page size, once per target; a maximum the target breaks but a default it
// serves reported and walked past; a list it cannot serve blocking the checks that need it, named.

import { describe, expect, it } from 'vitest';
import { isRuleViolation, type RuleViolation, violation } from '../../lib/assert/violation.js';
import { busiestSimulation, metricOutputs, personas, runs, simulationIds } from '../../lib/harness/discovery.js';
import type { Call, CheckContext } from '../../lib/harness/context.js';
import { isJsonObject } from '../../lib/util/json.js';

type Query = Readonly<Record<string, string | number | undefined>>;
type Sent = { path: string; params: Readonly<Record<string, string>>; query: Query };
/** A page's answer; `tooLong` stands for a page the client found over the page size (LIST-PAGE-SIZE-RESPECTED). */
type Answer = { status: number; json?: unknown; tooLong?: true };
type Serve = (sent: Sent) => Answer;

/** One page holding all of `items` under `key`. */
const page = (key: string, items: object[]): Answer => ({ status: 200, json: { [key]: items } });

/** A target's lists answered by `serve`: contexts made from it share its memos, as checks of one target do. */
function fakeTarget(serve: Serve, config: object = {}) {
  const sent: Sent[] = [];
  const memos = new Map<string, Promise<unknown>>();
  const contextOf = () => {
    const observed: RuleViolation[] = [];
    const ended: string[] = [];
    const t = {
      config,
      call: async (key: string, { params = {}, query = {} }: { params?: Record<string, string>; query?: Query }) => {
        const request = { path: key.replace(/^GET /, ''), params, query };
        sent.push(request);
        const { status, json, tooLong } = serve(request);
        const call = {
          request: { method: 'GET', url: request.path, headers: {} },
          response: { status, json, text: JSON.stringify(json), truncated: false, headers: {} },
        } as unknown as Call;
        if (tooLong) violation(['LIST-PAGE-SIZE-RESPECTED'], `${key}: more items than the page may hold`, call);
        return call;
      },
      expectSuccess: (call: Call, requirements: readonly string[], what: string) => {
        const { status, json } = call.response;
        if (status >= 300) violation(requirements, `${what} should succeed, but answered ${status}`, call);
        if (!isJsonObject(json)) violation(['SCHEMA-CANONICAL'], 'not a JSON object', call);
        return json;
      },
      memo: (key: string, load: (first: CheckContext) => Promise<unknown>) => {
        if (!memos.has(key)) memos.set(key, load(t as unknown as CheckContext));
        return memos.get(key);
      },
      observe: (seen: RuleViolation) => observed.push(seen),
      blocked: (what: string, seen: RuleViolation) => {
        observed.push(seen);
        ended.push(`blocked: ${what} broke ${seen.requirements.join(', ')}`);
        throw new Error('skipped');
      },
      skip: (reason: string) => {
        ended.push(`skip: ${reason}`);
        throw new Error('skipped');
      },
    };
    return { t: t as unknown as CheckContext, observed, ended };
  };
  return { contextOf, sent };
}

const PERSONAS = [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }];

describe('personas and runs', () => {
  it('are every item, walked at the largest page size, page after page', async () => {
    const { contextOf, sent } = fakeTarget(({ query }) =>
      query['page_token'] === undefined
        ? { status: 200, json: { personas: PERSONAS.slice(0, 2), next_page_token: 'two' } }
        : page('personas', PERSONAS.slice(2)),
    );
    expect(await personas(contextOf().t)).toEqual(PERSONAS);
    expect(sent.map((s) => [s.path, s.query])).toEqual([
      ['/v1/personas', { page_size: 100 }],
      ['/v1/personas', { page_size: 100, page_token: 'two' }],
    ]);
  });

  it('are walked once per target, whichever check asks first', async () => {
    const { contextOf, sent } = fakeTarget(() => page('runs', [{ run_id: 'r1' }]));
    const [a, b] = [contextOf().t, contextOf().t];
    expect(await Promise.all([runs(a), runs(b), runs(a)])).toEqual([
      [{ run_id: 'r1' }],
      [{ run_id: 'r1' }],
      [{ run_id: 'r1' }],
    ]);
    expect(sent).toHaveLength(1);
  });

  it('a maximum page size the target refuses, where its default is served, is reported as LIST-PAGE-SIZE-BOUNDS and walked past', async () => {
    const { contextOf } = fakeTarget(({ query }) =>
      query['page_size'] === 100 ? { status: 400, json: {} } : page('personas', PERSONAS),
    );
    const { t, observed, ended } = contextOf();
    expect(await personas(t)).toEqual(PERSONAS);
    expect(ended).toEqual([]);
    expect(observed.map((v) => [v.requirements, v.summary])).toEqual([
      [
        ['LIST-PAGE-SIZE-BOUNDS'],
        'at page_size 100 (the maximum): listing personas should succeed, but answered 400; without page_size the list is served',
      ],
    ]);
    expect(observed[0]!.exchange?.response.status).toBe(400);
  });

  it('a page at the maximum that holds too many items keeps its own rule', async () => {
    const { contextOf } = fakeTarget(({ query }) => ({
      ...page('runs', [{ run_id: 'r1' }]),
      ...(query['page_size'] === 1000 ? { tooLong: true } : {}),
    }));
    const { t, observed } = contextOf();
    expect(await runs(t)).toEqual([{ run_id: 'r1' }]);
    expect(observed.map((v) => v.requirements)).toEqual([['LIST-PAGE-SIZE-RESPECTED']]);
  });

  it('a list served at no page size blocks the check that needs it, naming the rule; the violation itself is not hidden', async () => {
    const { contextOf } = fakeTarget(() => ({ status: 200, json: { runs: [], next_page_token: 'again' } }));
    const { t, observed, ended } = contextOf();
    await expect(runs(t)).rejects.toThrow('skipped');
    expect(ended).toEqual(['blocked: listing runs broke LIST-PAGINATION-COMPLETE']);
    expect(observed).toHaveLength(1);
    expect(isRuleViolation(observed[0])).toBe(true);
  });

  it('a failure that is no rule violation (the connection) is neither blocked nor reported, but thrown', async () => {
    const { contextOf } = fakeTarget(() => {
      throw new Error('connection refused');
    });
    const { t, observed, ended } = contextOf();
    await expect(personas(t)).rejects.toThrow('connection refused');
    expect([observed, ended]).toEqual([[], []]);
  });
});

describe('simulations and their metric outputs', () => {
  const RUNS = [
    { run_id: 'r1', results: { output_ids: ['s1', 's2', 7] } },
    { run_id: 'r2', results: { output_ids: ['s2', 's3'] } },
    { run_id: 'r3', results: {} },
    { run_id: 'r4' },
    // The runs the suite deletes or cancels: their simulations may go with them.
    { run_id: 'deleted', results: { output_ids: ['s4'] } },
    { run_id: 'cancelled', results: { output_ids: ['s5'] } },
  ];
  const METRICS: Record<string, number> = { s1: 1, s2: 3, s3: 2 };
  const serve: Serve = ({ path, params }) =>
    path === '/v1/runs'
      ? page('runs', RUNS)
      : page(
          'metrics',
          Array.from({ length: METRICS[params['simulation_id']!] ?? 0 }, (_, i) => ({ metric_output_id: `m${i}` })),
        );

  it("are the runs' output ids, each once, strings only", async () => {
    const changed = { deletableRunId: 'deleted', cancellableRunIds: ['cancelled'] };
    expect(await simulationIds(fakeTarget(serve, changed).contextOf().t)).toEqual(['s1', 's2', 's3']);
    expect(await simulationIds(fakeTarget(serve).contextOf().t)).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('metric outputs are read per simulation, once per target', async () => {
    const { contextOf, sent } = fakeTarget(serve);
    const { t } = contextOf();
    expect(await metricOutputs(t, 's2')).toHaveLength(3);
    expect(await metricOutputs(contextOf().t, 's2')).toHaveLength(3);
    expect(sent).toEqual([
      { path: '/v1/simulations/{simulation_id}/metrics', params: { simulation_id: 's2' }, query: { page_size: 1000 } },
    ]);
  });

  it('the busiest simulation is the one of most metric outputs among the first few, and none without simulations', async () => {
    const { t } = fakeTarget(serve).contextOf();
    expect(await busiestSimulation(t)).toMatchObject({ simulationId: 's2', metrics: { length: 3 } });
    expect(await busiestSimulation(t, 1)).toMatchObject({ simulationId: 's1', metrics: { length: 1 } });
    const none = fakeTarget(() => page('runs', [])).contextOf().t;
    expect(await busiestSimulation(none)).toBeUndefined();
  });
});

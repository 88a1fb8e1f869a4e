import { describe, expect, it } from 'vitest';
import { detailFields, useService } from './client.js';
import { type Call } from '../../proof/probes/call.js';

type Item = Record<string, unknown>;

async function walk(
  call: Call,
  path: string,
  key: string,
  query: Record<string, string>,
): Promise<{ items: Item[]; pages: Item[][] }> {
  const pages: Item[][] = [];
  let token: string | null | undefined;
  do {
    const params = new URLSearchParams({ ...query, ...(token ? { page_token: token } : {}) });
    const answer = await call('GET', `${path}?${params}`);
    expect(answer.status).toBe(200);
    pages.push(answer.body[key]);
    token = answer.body.next_page_token;
  } while (token);
  return { items: pages.flat(), pages };
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('lists', () => {
  const { call } = useService();

  it('walks every persona once, in full pages, ending with a null token', async () => {
    const { items, pages } = await walk(call, '/v1/personas', 'personas', { page_size: '7' });
    expect(items.length).toBeGreaterThanOrEqual(130);
    expect(new Set(items.map((p) => p.id)).size).toBe(items.length);
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    const last = await call('GET', '/v1/personas?page_size=100&order_by=name');
    expect(last.body.personas).toHaveLength(100);
    const times = items.map((p) => Date.parse(p.create_time as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const end = await call('GET', '/v1/personas?filter=' + encodeURIComponent('name = "Alice Smith"'));
    expect(end.body).toEqual({ personas: [expect.objectContaining({ name: 'Alice Smith' })], next_page_token: null });
  });

  it('ends runs and metrics lists with an empty token and orders them by default', async () => {
    const runs = (await call('GET', '/v1/runs?page_size=1000')).body;
    expect(runs.runs.length).toBeGreaterThanOrEqual(130);
    expect(runs.next_page_token).toBe('');
    const times = runs.runs.map((r: Item) => Date.parse(r.create_time as string));
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    const simulation = [
      ...(runs.runs as { results: { output_ids: string[] } }[]).flatMap((r) => r.results.output_ids),
    ].find((id) => id.length === 27);
    const { items } = await walk(call, `/v1/simulations/${simulation}/metrics`, 'metrics', { page_size: '1000' });
    const names = items.map((m) => m.metric_name as string);
    expect(names).toEqual([...names].sort());
  });

  it('checks page_size', async () => {
    for (const size of ['0', '101', '-1', 'abc', '2.5']) {
      const answer = await call('GET', `/v1/personas?page_size=${size}`);
      expect([answer.status, detailFields(answer)]).toEqual([400, ['page_size']]);
    }
    expect((await call('GET', '/v1/runs?page_size=1000')).status).toBe(200);
    expect((await call('GET', '/v1/runs?page_size=1001')).status).toBe(400);
    expect((await call('GET', '/v1/runs?page_size=1')).body.runs).toHaveLength(1);
  });

  it('filters with AND, OR, quoting and hidden fields', async () => {
    const runs = (await call('GET', '/v1/runs?page_size=1000')).body.runs as Item[];
    const filtered = async (filter: string) =>
      (await walk(call, '/v1/runs', 'runs', { page_size: '1000', filter })).items.map((r) => r.run_id).sort();
    const ids = (pred: (r: Item) => boolean) =>
      runs
        .filter(pred)
        .map((r) => r.run_id)
        .sort();

    expect(await filtered('status = COMPLETED')).toEqual(ids((r) => r.status === 'COMPLETED'));
    expect(await filtered('status = "COMPLETED"')).toEqual(await filtered('status = COMPLETED'));
    expect(await filtered('status = FAILED OR status = PENDING')).toEqual(
      ids((r) => r.status === 'FAILED' || r.status === 'PENDING'),
    );
    expect(await filtered('tag = "release candidate"')).toEqual(
      ids((r) => (r.tags as string[]).includes('release candidate')),
    );
    const mine = await filtered('created_by = "ana@example.com"');
    const others = await filtered('created_by != "ana@example.com"');
    expect(mine.length).toBeGreaterThan(0);
    expect([...mine, ...others].sort()).toEqual(ids(() => true));
    const cutoff = runs[60]?.create_time as string;
    expect(await filtered(`create_time >= "${cutoff}" AND status != RUNNING`)).toEqual(
      ids((r) => Date.parse(r.create_time as string) >= Date.parse(cutoff) && r.status !== 'RUNNING'),
    );
  });

  it('rejects malformed filters and unknown fields', async () => {
    for (const [path, filter] of [
      ['/v1/personas', 'status = X'],
      ['/v1/runs', 'status = '],
      ['/v1/runs', 'name = x'],
      ['/v1/runs', 'status == A'],
    ]) {
      const answer = await call('GET', `${path}?${q({ filter: filter as string })}`);
      expect([answer.status, detailFields(answer)]).toEqual([400, ['filter']]);
    }
  });

  it('orders by each listed field, ascending and descending', async () => {
    const names = async (order_by: string) =>
      (await call('GET', `/v1/personas?${q({ order_by, page_size: '100' })}`)).body.personas.map((p: Item) => p.name);
    const ascending = await names('name');
    expect(ascending).toEqual([...ascending].sort());
    expect(await names('-name')).toEqual(await names('name desc'));
    expect(await names('name DESC')).toEqual(await names('-name'));
    expect((await names('-name'))[0] >= ascending[ascending.length - 1]).toBe(true);
    for (const [path, order_by] of [
      ['/v1/personas', 'wait_seconds'],
      ['/v1/runs', 'status desc'],
      ['/v1/runs', 'tags'],
    ]) {
      const answer = await call('GET', `${path}?${q({ order_by: order_by as string })}`);
      expect([answer.status, detailFields(answer)]).toEqual([400, ['order_by']]);
    }
  });

  it('refuses forged and stale page tokens', async () => {
    const first = await call('GET', '/v1/runs?page_size=5&order_by=status');
    const token = first.body.next_page_token as string;
    const next = await call('GET', `/v1/runs?${q({ page_size: '5', order_by: 'status', page_token: token })}`);
    expect(next.status).toBe(200);
    const queries: Record<string, string>[] = [
      { order_by: 'agent_id', page_token: token },
      { order_by: 'status', filter: 'status = FAILED', page_token: token },
      { page_token: 'forged!token' },
      { page_token: `${token.slice(0, -2)}xx` },
    ];
    for (const query of queries) {
      const answer = await call('GET', `/v1/runs?${q(query)}`);
      expect([answer.status, detailFields(answer)]).toEqual([400, ['page_token']]);
    }
  });
});

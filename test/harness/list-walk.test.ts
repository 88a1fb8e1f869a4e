import { describe, expect, it } from 'vitest';
import { listEndpoint } from '../../lib/contract/list-endpoints.js';
import type { Call, CheckContext } from '../../lib/harness/context.js';
import {
  fetchPage,
  nextTokenOf,
  pagesOf,
  walkedOrSkip,
  walkList,
  WalkStopped,
  type StopRules,
} from '../../lib/harness/list-walk.js';
import { isRuleViolation, RuleViolation, violation } from '../../lib/assert/violation.js';
import { isJsonObject } from '../../lib/util/json.js';

const RUNS = { list: listEndpoint('runs'), params: {} };

type Query = Readonly<Record<string, string | number | undefined>>;
type Answer = { status: number; json: unknown };

/**
 * A CheckContext that answers from `serve` and records every query sent. Its expectSuccess
 * is the real one's outline: a non-2xx charged to the requirements given, a non-object to
 * SCHEMA-CANONICAL; a skip or a block throws what it would report.
 */
function fakeContext(serve: (query: Query) => Answer) {
  const sent: Query[] = [];
  const ended: string[] = [];
  const t = {
    call: async (_key: string, { query = {} }: { query?: Query }) => {
      sent.push(query);
      const { status, json } = serve(query);
      return {
        request: { method: 'GET', url: '/v1/runs', headers: {} },
        response: { status, json, text: JSON.stringify(json), truncated: false, headers: {} },
      } as unknown as Call;
    },
    expectSuccess: (call: Call, requirements: readonly string[], what: string) => {
      const { status, json } = call.response;
      if (status >= 300) violation(requirements, `${what} should succeed, but answered ${status}`, call);
      if (!isJsonObject(json)) violation(['SCHEMA-CANONICAL'], 'not a JSON object', call);
      return json;
    },
    blocked: (what: string, seen: RuleViolation) => {
      ended.push(`blocked: ${what} broke ${seen.requirements.join(', ')}`);
      throw new Error('ended');
    },
    skip: (reason: string) => {
      ended.push(`skip: ${reason}`);
      throw new Error('ended');
    },
  };
  return { t: t as unknown as CheckContext, sent, ended };
}

/** Pages of `runs` items by id; the page after token `n` starts at item n (a token past the end repeats). */
function pagedRuns(
  ids: readonly string[],
  size: number,
  token = (next: number): string | null | undefined => (next < ids.length ? String(next) : null),
) {
  return (query: Query): Answer => {
    const start = Number(query['page_token'] ?? 0);
    return {
      status: 200,
      json: {
        runs: ids.slice(start, start + size).map((run_id) => ({ run_id })),
        next_page_token: token(start + size),
      },
    };
  };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

const JUDGED: StopRules = {
  read: 'judged',
  unreadPage: { fails: ['LIST-ORDER-BY'] },
  repeatedToken: { fails: ['LIST-LAST-PAGE'] },
};
const LOOSE: StopRules = { read: 'loose', unreadPage: { blocks: ['LIST-PAGINATION-COMPLETE'] }, repeatedToken: 'ends' };

async function violationOf(walk: Promise<unknown>): Promise<RuleViolation> {
  const error = await walk.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isRuleViolation(error)) throw new Error(`expected a rule violation, got ${String(error)}`);
  return error;
}

describe('walkList', () => {
  it('follows next_page_token with the same query until a page carries none', async () => {
    const { t, sent } = fakeContext(pagedRuns(ids(7), 3));
    const walked = await walkList(t, RUNS, { page_size: 3, order_by: 'create_time' }, JUDGED);
    expect(walked.items.map((r) => r['run_id'])).toEqual(ids(7));
    expect(walked.pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(sent).toEqual([
      { page_size: 3, order_by: 'create_time' },
      { page_size: 3, order_by: 'create_time', page_token: '3' },
      { page_size: 3, order_by: 'create_time', page_token: '6' },
    ]);
  });

  it.each([null, '', undefined])('ends on a next_page_token of %j', async (last) => {
    const { t, sent } = fakeContext(pagedRuns(ids(4), 2, (next) => (next < 4 ? String(next) : last)));
    expect((await walkList(t, RUNS, {}, JUDGED)).items).toHaveLength(4);
    expect(sent).toHaveLength(2);
  });

  it('starts from a first page already fetched, without asking for it again', async () => {
    const { t, sent } = fakeContext(pagedRuns(ids(4), 2));
    const first = await t.call('GET /v1/runs', { query: { page_size: 2 } });
    const walked = await walkList(t, RUNS, { page_size: 2 }, JUDGED, first);
    expect(walked.pages[0]!.call).toBe(first);
    expect(sent).toEqual([{ page_size: 2 }, { page_size: 2, page_token: '2' }]);
  });

  describe('a token that comes back', () => {
    const echoing = () => fakeContext(pagedRuns(ids(4), 2, (next) => (next < 4 ? String(next) : '2')));

    it('fails the walk when declared so, charged as declared', async () => {
      const seen = await violationOf(walkList(echoing().t, RUNS, {}, JUDGED));
      expect(seen.requirements).toEqual(['LIST-LAST-PAGE']);
      expect(seen.summary).toBe('/v1/runs: next_page_token "2" came back a second time, so the walk would never end');
    });

    it('or ends it, keeping the pages read', async () => {
      const { t, sent } = echoing();
      expect((await walkList(t, RUNS, {}, LOOSE)).items.map((r) => r['run_id'])).toEqual(['r0', 'r1', 'r2', 'r3']);
      expect(sent).toHaveLength(2);
    });
  });

  it('fails after the declared number of pages in a row that bring no new item', async () => {
    // Every page repeats the first two runs under a fresh token.
    const { t, sent } = fakeContext((query) => ({
      status: 200,
      json: { runs: [{ run_id: 'a' }, { run_id: 'b' }], next_page_token: `${Number(query['page_token'] ?? 0) + 1}` },
    }));
    const seen = await violationOf(
      walkList(t, RUNS, {}, { ...JUDGED, idlePages: { max: 3, fails: ['LIST-PAGINATION-COMPLETE'] } }),
    );
    expect(seen.requirements).toEqual(['LIST-PAGINATION-COMPLETE']);
    expect(seen.summary).toBe('/v1/runs: 3 pages in a row brought no new item, yet each carried a next_page_token');
    expect(sent).toHaveLength(4);
  });

  describe('a walk too long', () => {
    it('fails at the most pages, charged as declared', async () => {
      const { t, sent } = fakeContext(pagedRuns(ids(10), 2));
      const seen = await violationOf(
        walkList(t, RUNS, {}, { ...JUDGED, maxPages: { max: 3, reached: { fails: ['LIST-PAGINATION-COMPLETE'] } } }),
      );
      expect(seen.requirements).toEqual(['LIST-PAGINATION-COMPLETE']);
      expect(seen.summary).toBe('/v1/runs: still not on the last page after 3 pages');
      expect(sent).toHaveLength(3);
    });

    it('may end on its last allowed page', async () => {
      const { t } = fakeContext(pagedRuns(ids(6), 2));
      expect(
        (
          await walkList(
            t,
            RUNS,
            {},
            { ...JUDGED, maxPages: { max: 3, reached: { fails: ['LIST-PAGINATION-COMPLETE'] } } },
          )
        ).items,
      ).toHaveLength(6);
    });

    it('or is given up at the most pages or items: the check is skipped, not failed', async () => {
      const byPages = fakeContext(pagedRuns(ids(10), 2));
      await expect(
        walkedOrSkip(
          byPages.t,
          'listing runs',
          walkList(byPages.t, RUNS, {}, { ...LOOSE, maxPages: { max: 3, reached: 'gives up' } }),
        ),
      ).rejects.toThrow('ended');
      expect(byPages.ended).toEqual([
        'skip: /v1/runs: still not on the last page after 3 pages: too many to walk in one check',
      ]);
      const byItems = fakeContext(pagedRuns(ids(10), 2));
      await expect(
        walkedOrSkip(byItems.t, 'listing runs', walkList(byItems.t, RUNS, {}, { ...JUDGED, maxItems: 5 })),
      ).rejects.toThrow('ended');
      expect(byItems.ended).toEqual(['skip: /v1/runs holds more than 5 items: too many to walk in one check']);
      expect(byItems.sent).toHaveLength(3);
    });
  });

  describe('an unread page', () => {
    const failing = (status: number, json: unknown) =>
      fakeContext((query) => (query['page_token'] ? { status, json } : pagedRuns(ids(4), 2)(query)));

    it('fails a judged walk, charged as declared', async () => {
      const seen = await violationOf(walkList(failing(500, { error: { code: 'INTERNAL' } }).t, RUNS, {}, JUDGED));
      expect(seen.requirements).toEqual(['LIST-ORDER-BY']);
    });

    it('blocks the check of a loose walk with what expectSuccess says of it', async () => {
      const { t, ended } = failing(500, { error: { code: 'INTERNAL' } });
      await expect(walkedOrSkip(t, 'listing the items', walkList(t, RUNS, {}, LOOSE))).rejects.toThrow('ended');
      expect(ended).toEqual(['blocked: listing the items broke LIST-PAGINATION-COMPLETE']);
    });

    it('blocks a loose walk with SCHEMA-CANONICAL when a success holds no items array', async () => {
      const error = await walkList(failing(200, { runs: 'none' }).t, RUNS, {}, LOOSE).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WalkStopped);
      expect((error as WalkStopped).blockedBy?.requirements).toEqual(['SCHEMA-CANONICAL']);
    });
  });

  it('reads a loose page as its object items only', async () => {
    const { t } = fakeContext(() => ({ status: 200, json: { runs: [{ run_id: 'a' }, 'b', null, { run_id: 'c' }] } }));
    expect((await walkList(t, RUNS, {}, LOOSE)).items).toEqual([{ run_id: 'a' }, { run_id: 'c' }]);
  });
});

describe('pagesOf', () => {
  it('gives the walk page by page, asking for the next one only when the check goes on', async () => {
    const { t, sent } = fakeContext(pagedRuns(ids(9), 2));
    const read: number[] = [];
    for await (const page of pagesOf(t, RUNS, { page_size: 2 }, JUDGED)) {
      read.push(page.items.length);
      if (read.length === 2) break;
    }
    expect(read).toEqual([2, 2]);
    expect(sent).toEqual([{ page_size: 2 }, { page_size: 2, page_token: '2' }]);
  });

  it('keeps the stop rules of a whole walk', async () => {
    const { t } = fakeContext(pagedRuns(ids(4), 2, () => '2'));
    const pages = async () => {
      for await (const _page of pagesOf(t, RUNS, {}, JUDGED));
    };
    expect((await violationOf(pages())).requirements).toEqual(['LIST-LAST-PAGE']);
  });
});

describe('fetchPage', () => {
  it('reads one judged page, charged to the requirements given', async () => {
    const ok = fakeContext(pagedRuns(ids(4), 3));
    expect(await fetchPage(ok.t, RUNS, { page_size: 3 }, ['LIST-FULL-PAGES'])).toMatchObject({
      nextToken: '3',
      items: [{ run_id: 'r0' }, { run_id: 'r1' }, { run_id: 'r2' }],
    });
    const refused = fakeContext(() => ({ status: 400, json: { error: { code: 'INVALID_ARGUMENT' } } }));
    expect((await violationOf(fetchPage(refused.t, RUNS, {}, ['LIST-FULL-PAGES']))).requirements).toEqual([
      'LIST-FULL-PAGES',
    ]);
  });
});

describe('nextTokenOf', () => {
  it('is the token to continue with; null, "" and an absent field end the list', () => {
    expect(nextTokenOf({ runs: [], next_page_token: 'abc' })).toBe('abc');
    expect([{ next_page_token: null }, { next_page_token: '' }, {}].map(nextTokenOf)).toEqual([null, null, null]);
  });
});

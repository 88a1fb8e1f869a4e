// What a DELETE changed of the items it did not name: every field of each, update_time included, but those open.

import { describe, expect, it } from 'vitest';
import { listedSiblingChanges, siblingChanges } from '../../lib/families/deletion.js';

const run = (id: string, status: string, update_time = '2026-01-01T00:00:00Z') => ({ run_id: id, status, update_time });

describe('siblingChanges', () => {
  it('finds nothing when every item reads as before, in any order and with items added', () => {
    const before = [run('a', 'COMPLETED'), run('b', 'RUNNING')];
    expect(siblingChanges(before, [run('c', 'PENDING'), ...before.reverse()], 'run_id')).toEqual([]);
  });

  it('names an item no longer read and a field changed, update_time included', () => {
    const problems = siblingChanges(
      [run('a', 'COMPLETED'), run('b', 'COMPLETED')],
      [run('b', 'COMPLETED', '2026-02-01T00:00:00Z')],
      'run_id',
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('"a" is no longer read');
    expect(problems[1]).toContain('update_time');
  });

  it('leaves open the fields mayChange gives an item, and only to that item', () => {
    const open = (item: { status?: unknown }) => (item.status === 'RUNNING' ? ['status', 'update_time'] : []);
    const after = [run('a', 'CANCELLED', '2026-02-01T00:00:00Z'), run('b', 'CANCELLED', '2026-02-01T00:00:00Z')];
    expect(siblingChanges([run('a', 'RUNNING'), run('b', 'COMPLETED')], after, 'run_id', open)).toEqual([
      expect.stringContaining('run_id "b"'),
    ]);
  });
});

describe('listedSiblingChanges', () => {
  const before = [run('a', 'COMPLETED'), run('b', 'COMPLETED')];

  it('reads the list again only when an item is missing, and takes an item found in the second reading as read', async () => {
    let rereads = 0;
    const reread = async () => (rereads++, before);
    expect(await listedSiblingChanges(before, before, 'run_id', reread)).toEqual([]);
    expect(rereads).toBe(0);
    // A walk of pages that missed `a` while others were created: the second reading shows it, unchanged.
    expect(await listedSiblingChanges(before, [before[1]!], 'run_id', reread)).toEqual([]);
    expect(rereads).toBe(1);
  });

  it('names an item missing from both readings, and a field changed in the first', async () => {
    const changed = [run('b', 'COMPLETED', '2026-02-01T00:00:00Z')];
    const problems = await listedSiblingChanges(before, changed, 'run_id', async () => [run('b', 'COMPLETED')]);
    expect(problems).toEqual([
      expect.stringContaining('"a" is no longer read'),
      expect.stringContaining('update_time'),
    ]);
  });
});

// A check's id: well formed, made of keys, and what waivers, --merge and --rerun-failed key on,
// so that a check's title is free prose: renaming it changes none of them.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeSummaries, readSummaries } from '../../lib/report/merge.js';
import { toSummaryJson } from '../../lib/report/summary-json.js';
import { summarise } from '../../lib/result/aggregate.js';
import { checkIdOf, idSegment, isCheckId, valueKey } from '../../lib/result/check-id.js';
import { checkName } from '../../lib/result/check-name.js';
import type { CheckResult } from '../../lib/result/model.js';
import { rerunItems } from '../../lib/result/selection.js';
import { applyWaivers, parseWaivers } from '../../lib/waivers/waivers.js';
import { FAILED, META, PASSED } from '../report/sample.js';

describe('check ids', () => {
  it('are lowercase dotted words of letters, digits and dashes, at least two', () => {
    for (const id of [
      'agents.create.every-field',
      'lists.runs.page-size-bounds',
      'length.agent-display-name.accepted.200-ascii',
    ])
      expect(isCheckId(id), id).toBe(true);
    for (const id of [
      'agents',
      'Agents.create',
      'agents..create',
      'agents.-create',
      'agents.create.',
      'suites/agents.suite.ts::[AGENT-CREATE] x',
    ])
      expect(isCheckId(id), id).toBe(false);
  });

  it('are made of keys: camelCase, paths and values become segments', () => {
    expect(idSegment('deletableRunId')).toBe('deletable-run-id');
    expect(idSegment('DELETE /v1/runs/{run_id}')).toBe('delete-v1-runs-run-id');
    expect(checkIdOf('lists.order-by', 'runs', 'create_time')).toBe('lists.order-by.runs.create-time');
    expect([valueKey(undefined), valueKey([]), valueKey(null), valueKey([42]), valueKey('a b')]).toEqual([
      'absent',
      'empty',
      'null',
      '42',
      'a-b',
    ]);
  });
});

describe("renaming a check's title", () => {
  const title = 'deleting a deleted mutation answers as the first deletion did';
  const renamed: CheckResult = { ...FAILED, title, name: checkName(FAILED.requirements, title) };
  const waivers = parseWaivers(`waivers:\n  - check: ${FAILED.id}\n    reason: AES-7\n`, 'w.yaml');

  it('changes no waiver match', () => {
    for (const check of [FAILED, renamed]) {
      const { checks, report } = applyWaivers([check, PASSED], waivers, '2030-01-15');
      expect(checks[0]?.waived?.by).toEqual([`check ${FAILED.id}`]);
      expect(report).not.toHaveProperty('unmatched');
    }
  });

  it('changes nothing --rerun-failed re-runs', () => {
    expect(rerunItems([renamed])).toEqual(rerunItems([FAILED]));
    expect(rerunItems([renamed])).toEqual([FAILED.id]);
  });

  it('changes no merge: shards that titled the check differently merge by its id, and a waiver by id still holds', async () => {
    const root = await mkdtemp(join(tmpdir(), 'aes-renamed-'));
    try {
      const dirs = await Promise.all(
        [[renamed], [PASSED]].map(async (checks, i) => {
          const dir = join(root, `shard-${i + 1}`);
          await mkdir(dir);
          await writeFile(
            join(dir, 'summary.json'),
            toSummaryJson(summarise(checks, { ...META, selection: { ...META.selection, shards: [`${i + 1}/2`] } })),
            'utf8',
          );
          return dir;
        }),
      );
      const merged = mergeSummaries(await readSummaries(dirs), waivers);
      expect(merged.checks.map((c) => c.id).sort()).toEqual([FAILED.id, PASSED.id].sort());
      expect(merged.checks.find((c) => c.id === FAILED.id)).toMatchObject({
        title,
        file: FAILED.file,
        waived: { by: [`check ${FAILED.id}`] },
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

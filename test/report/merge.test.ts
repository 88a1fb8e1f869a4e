import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config.js';
import { SPECIFICATION } from '../../lib/contract/specification.js';
import { summarise } from '../../lib/result/aggregate.js';
import { mergeSummaries, readSummaries } from '../../lib/report/merge.js';
import type { CheckResult, RunResult } from '../../lib/result/model.js';
import { toSummaryJson } from '../../lib/report/summary-json.js';
import { CHECKS, ERRORED, FAILED, META, PASSED, PROPERTY, SKIPPED, sampleRun, stoppedRun } from './sample.js';

let root = '';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'aes-merge-'));
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** Writes each run's summary.json into a directory of its own, as shards on separate machines would. */
async function shardDirs(...runs: RunResult[]): Promise<string[]> {
  const dirs = await mkdtemp(join(root, 'case-'));
  return Promise.all(
    runs.map(async (run, i) => {
      const dir = join(dirs, `shard-${i + 1}`);
      await mkdir(dir);
      await writeFile(join(dir, 'summary.json'), toSummaryJson(run), 'utf8');
      return dir;
    }),
  );
}

const shard = (checks: readonly CheckResult[], meta: Partial<typeof META> = {}): RunResult =>
  summarise(checks, { ...META, ...meta });

describe('mergeSummaries', () => {
  it('gives back the run the shards were cut from: every check (file and title included), counts, requirement outcomes, exit code', async () => {
    const dirs = await shardDirs(shard([PASSED, FAILED, SKIPPED]), shard([ERRORED, PROPERTY]));
    const merged = mergeSummaries(await readSummaries(dirs));
    const whole = sampleRun();
    expect(merged.checks).toEqual(CHECKS);
    expect(merged.counts).toEqual(whole.counts);
    expect(merged.requirements).toEqual(whole.requirements);
    expect(merged.exitCode).toBe(1);
    expect(merged.stop).toBeUndefined();
    expect({ suite: merged.suite, target: merged.target, profile: merged.profile, settings: merged.settings }).toEqual({
      suite: whole.suite,
      target: whole.target,
      profile: whole.profile,
      settings: whole.settings,
    });
  });

  it('reads a summary.json path as well as its directory, and spans the time from the first start to the last end', async () => {
    const [a, b] = await shardDirs(
      shard([PASSED], { startedAt: '2025-01-02T03:04:05.000Z', durationMs: 10_000 }),
      shard([SKIPPED], { startedAt: '2025-01-02T03:04:07.000Z', durationMs: 20_000 }),
    );
    const merged = mergeSummaries(await readSummaries([a!, join(b!, 'summary.json')]));
    expect(merged.startedAt).toBe('2025-01-02T03:04:05.000Z');
    expect(merged.durationMs).toBe(22_000);
    expect(merged.exitCode).toBe(0);
  });

  it('shows embedded targets on different ports as the embedded service, and lists settings that differed', async () => {
    const embedded = (port: number) => ({
      target: { baseUrl: `http://127.0.0.1:${port}`, embedded: true },
      settings: { ...META.settings, BASE_URL: `http://127.0.0.1:${port}` },
    });
    const merged = mergeSummaries(
      await readSummaries(await shardDirs(shard([PASSED], embedded(1111)), shard([SKIPPED], embedded(2222)))),
    );
    expect(merged.target).toEqual({ baseUrl: null, embedded: true });
    expect(merged.settings['BASE_URL']).toBe('http://127.0.0.1:1111 | http://127.0.0.1:2222');
    expect(merged.settings['PROFILE']).toBe('default');
  });

  it("keeps every field of the runs' targets and selections: proxy, --insecure, --grep (their union), --max-failures", async () => {
    const target = { ...META.target, proxy: 'http://127.0.0.1:3128', insecure: true as const };
    const selection = { ...META.selection, grep: 'auth', stoppedAfterFailures: 3 };
    const same = mergeSummaries(
      await readSummaries(
        await shardDirs(shard([PASSED], { target, selection }), shard([SKIPPED], { target, selection })),
      ),
    );
    expect(same.target).toEqual(target);
    expect(same.selection).toMatchObject({ grep: 'auth', stoppedAfterFailures: 3 });
    const other = mergeSummaries(
      await readSummaries(
        await shardDirs(
          shard([PASSED], { target, selection }),
          shard([SKIPPED], { selection: { ...META.selection, grep: 'agents?$' } }),
        ),
      ),
    );
    // Each pattern selects what its run ran: the merged pattern matches what either matched.
    expect(other.selection).toMatchObject({ grep: '(?:auth)|(?:agents?$)', stoppedAfterFailures: 3 });
    expect(other.target).toEqual(target);
    const everything = mergeSummaries(
      await readSummaries(await shardDirs(shard([PASSED], { selection }), shard([SKIPPED]))),
    );
    expect(everything.selection.grep).toBeUndefined();
  });

  it("keeps a shard's stop: the merged run exits 2 and says which shard stopped", async () => {
    const dirs = await shardDirs(shard([PASSED]), stoppedRun());
    const merged = mergeSummaries(await readSummaries(dirs));
    expect(merged.exitCode).toBe(2);
    expect(merged.stop?.kind).toBe('unauthenticated');
    expect(merged.stop?.message).toContain(join('shard-2', 'summary.json'));
  });

  it('adds up the back-pressure the shards waited out, and shows none when none met any', async () => {
    const throttled = (check: CheckResult, responses: number, waitMs: number): RunResult => ({
      ...shard([check]),
      throttling: { responses, waitMs },
    });
    const merged = mergeSummaries(
      await readSummaries(await shardDirs(throttled(PASSED, 3, 2_000), shard([SKIPPED]), throttled(FAILED, 4, 500))),
    );
    expect(merged.throttling).toEqual({ responses: 7, waitMs: 2_500 });
    expect(
      mergeSummaries(await readSummaries(await shardDirs(shard([PASSED]), shard([SKIPPED])))).throttling,
    ).toBeUndefined();
  });

  it('refuses runs of different targets or profiles, the same check twice, and files that are not summaries', async () => {
    const other = { target: { baseUrl: 'https://elsewhere.example.com', embedded: false } };
    await expect(
      readSummaries(await shardDirs(shard([PASSED]), shard([SKIPPED], other))).then(mergeSummaries),
    ).rejects.toThrow(/differ in target/);
    await expect(
      readSummaries(await shardDirs(shard([PASSED]), shard([SKIPPED], { profile: 'strict' }))).then(mergeSummaries),
    ).rejects.toThrow(/differ in profile/);
    await expect(readSummaries(await shardDirs(shard([PASSED]), shard([PASSED]))).then(mergeSummaries)).rejects.toThrow(
      /in both .* merge runs of distinct shards/,
    );
    const junk = join(root, 'junk.json');
    await writeFile(junk, '{"counts": 1}', 'utf8');
    await expect(readSummaries([junk])).rejects.toThrow(ConfigError);
    await expect(readSummaries([join(root, 'no-such-dir')])).rejects.toThrow(/cannot read/);
  });

  it('refuses a run that checked another specification, and merges one written before the specification was pinned', async () => {
    const [dir, older] = await shardDirs(shard([PASSED]), shard([SKIPPED]));
    const rewrite = async (at: string, edit: (summary: Record<string, unknown>) => void): Promise<void> => {
      const summary = JSON.parse(await readFile(join(at, 'summary.json'), 'utf8')) as Record<string, unknown>;
      edit(summary);
      await writeFile(join(at, 'summary.json'), JSON.stringify(summary), 'utf8');
    };
    await rewrite(older!, (summary) => delete summary['specification']);
    expect(mergeSummaries(await readSummaries([dir!, older!])).checks).toHaveLength(2);
    await rewrite(dir!, (summary) => {
      summary['specification'] = { ...SPECIFICATION, sha256: '0'.repeat(64) };
    });
    await expect(readSummaries([dir!, older!]).then(mergeSummaries)).rejects.toThrow(
      /another specification \(SHA-256 0{64}\)/,
    );
  });
});

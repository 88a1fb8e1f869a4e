// The resident memory of a whole process tree, sampled from /proc: GNU time's max RSS is the peak
// of the largest single process, so moving work into a child process would lower it without saving
// anything. Here the resident sets of a process and all its descendants are summed at each sample,
// and the peak of those sums kept. Shared pages (the node binary's text) count once per process.

import { readdirSync, readFileSync } from 'node:fs';

/** The kernel's page size: statm counts pages. 4 KiB on the machines Node runs on with /proc. */
const PAGE_KB = 4;
const SAMPLE_MS = 20;

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** The pids of a process's children, from every one of its threads (/proc/<pid>/task/<tid>/children). */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((tid) =>
    (read(`/proc/${pid}/task/${tid}/children`) ?? '').split(' ').filter(Boolean).map(Number),
  );
}

/** The summed resident set of `root` and every descendant, in KiB; undefined once root is gone. */
export function treeRssKb(root: number): number | undefined {
  let total: number | undefined;
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    const resident = Number((read(`/proc/${pid}/statm`) ?? '').split(' ')[1]);
    if (!Number.isFinite(resident)) continue;
    total = (total ?? 0) + resident * PAGE_KB;
    pending.push(...childrenOf(pid));
  }
  return total;
}

/** Whether this machine's /proc lists children (Linux with CONFIG_PROC_CHILDREN). */
export const treeMemoryWorks = (): boolean => read(`/proc/${process.pid}/task/${process.pid}/children`) !== undefined;

/** Samples the tree under `root` until stopped; `stop` gives the peak sum, in KiB (undefined if never sampled). */
export function sampleTree(root: number): { stop: () => number | undefined } {
  let peak: number | undefined;
  const sample = (): void => {
    const now = treeRssKb(root);
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

// What a check records on its vitest task for the reporters (task.meta crosses the worker boundary).

import type { Evidence } from '../report/model.js';

export interface CheckMeta {
  requirements?: string[];
  /** The listed target the check ran against, when a worker checks several (the proof). */
  target?: string;
  skipReason?: string;
  violated?: string[];
  violationSummary?: string;
  evidence?: Evidence;
  seed?: number;
  path?: string;
}

declare module 'vitest' {
  interface TaskMeta extends CheckMeta {}
}

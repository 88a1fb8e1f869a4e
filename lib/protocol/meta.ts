// What a check records on its vitest task (task.meta crosses the worker boundary); decode.ts
// turns it into the result model. `requirements` and `target` are set when the check is declared,
// so collecting the suite without running it (the inventory) reads them too; the rest is recorded
// once, when the check ends (harness/check.ts).

import type { Evidence, Finding } from '../result/model.js';

export interface CheckMeta {
  /** The check's stable id (lib/result/check-id.ts), set when it is declared. */
  checkId?: string;
  /** The requirement ids the check declares, set when it is declared. */
  requirements?: string[];
  /** The cross-cutting rules its response assertions applied besides (wrapper, schemas, error envelope, ...). */
  verified?: string[];
  /** The plan's target the check runs against. */
  target?: string;
  skipReason?: string;
  violated?: string[];
  violationSummary?: string;
  /** The place the summary begins with (RuleViolation.where). */
  violationWhere?: string;
  evidence?: Evidence;
  seed?: number;
  path?: string;
  /** How many requests the check sent, and how many of them ran one after another (see request-chain.ts). */
  requests?: number;
  requestChain?: number;
  /** Things a reader should know that are not violations (e.g. a published YAML that needs merge keys). */
  notes?: string[];
  /** Violations seen on the way (discovery, published schemas, cleanup after a failure); the runner settles them into checks. */
  findings?: Finding[];
  /** Operations whose responses this check compared with the target's published schema. */
  publishedChecked?: string[];
}

declare module 'vitest' {
  interface TaskMeta extends CheckMeta {}
}

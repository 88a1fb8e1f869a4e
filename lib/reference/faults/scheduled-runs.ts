// scheduled-runs faults.

import type { Fault } from './define.js';

export const SCHEDULED_RUNS_FAULTS: readonly Fault[] = [
];

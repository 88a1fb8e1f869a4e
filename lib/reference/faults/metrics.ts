// metrics faults.

import type { Fault } from './define.js';

export const METRICS_FAULTS: readonly Fault[] = [
];

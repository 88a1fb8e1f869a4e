// test-cases faults.

import type { Fault } from './define.js';

export const TEST_CASES_FAULTS: readonly Fault[] = [
];

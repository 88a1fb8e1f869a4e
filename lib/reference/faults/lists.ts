// lists faults.

import type { Fault } from './define.js';

export const LISTS_FAULTS: readonly Fault[] = [
];

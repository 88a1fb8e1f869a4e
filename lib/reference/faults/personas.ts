// personas faults.

import type { Fault } from './define.js';

export const PERSONAS_FAULTS: readonly Fault[] = [
];

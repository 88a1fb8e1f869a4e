// dashboards faults.

import type { Fault } from './define.js';

export const DASHBOARDS_FAULTS: readonly Fault[] = [
];

// review-projects faults.

import type { Fault } from './define.js';

export const REVIEW_PROJECTS_FAULTS: readonly Fault[] = [
];

export { check, describeGroup, describePublished, type CheckOptions } from './check.js';
export { allEnded } from './context.js';
export type { CheckContext, Call, CallSpec } from './context.js';

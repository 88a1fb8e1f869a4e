export { check, describeGroup, describePublished, type CheckOptions } from './check.js';
export type { CheckContext, Call, CallSpec } from './context.js';

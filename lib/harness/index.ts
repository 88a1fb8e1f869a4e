export { check, describeGroup, describePublished, publishedGroup, type CheckOptions } from './check.js';
export type { CheckContext, Call, CallSpec } from './context.js';

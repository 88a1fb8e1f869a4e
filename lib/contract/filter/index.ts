// The list filter grammar, shared by the reference server (which filters with it) and
// the suite (which judges servers with it).

export type { Comparison, FilterExpr, Junction } from './ast.js';
export { isBareValue, parseFilter, type ParseResult } from './parse.js';
export { formatFilter, type FormatOptions } from './format.js';
export { coerceFilterValue, compareValues } from './compare.js';
export { compareTimestamps, interpretedComparisons } from './interpret.js';
export { judgeFilter, matchesFilter, valueAt, type FilterFields, type Verdict } from './evaluate.js';

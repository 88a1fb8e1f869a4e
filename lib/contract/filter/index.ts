// The list filter grammar as the suite reads it: to generate filters, and to judge servers
// with. The reference server has its own reading (lib/reference/listing), tested against this one.

export type { Comparison, FilterExpr, Junction } from './ast.js';
export { isBareValue, parseFilter, type ParseResult } from './parse.js';
export { formatFilter, type FormatOptions } from './format.js';
export { coerceFilterValue, compareValues } from './compare.js';
export { compareTimestamps, interpretedComparisons } from './interpret.js';
export { judgeFilter, matchesFilter, valueAt, type FilterFields, type Verdict } from './evaluate.js';

// The old path and names of ../generic/published.ts, kept only while proof/ imports them: delete when
// proof/variations.ts and proof/faults/beyond-contract.ts import ../generic/published.js (issue #27, one word per idea).
export { pageOf, wrappedAs, type GenericOperation as BeyondOperation } from '../generic/published.js';

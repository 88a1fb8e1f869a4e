// The old path and names of ../generic/lists.ts, kept only while proof/ imports them: delete when
// proof/variations.ts and proof/faults/list-seams.ts import ../generic/lists.js (issue #27, one word per idea).
export { isGenericList as isBeyondList, type GenericListId as BeyondListId } from '../generic/lists.js';

// The old path and names of ../generic/endpoints.ts, kept only while proof/ imports them: delete when
// proof/faults/beyond-contract.ts imports ../generic/endpoints.js (issue #27, one word per idea).
export {
  genericEndpoint as beyondEndpoint,
  GET_RUN,
  GET_TEST_CASE,
  LIST_AGENTS,
  UPDATE_AGENT,
} from '../generic/endpoints.js';

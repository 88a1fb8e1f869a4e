// Agent mutation faults.

import { fault, presentWith, type Fault } from './define.js';

export const MUTATIONS_FAULTS: readonly Fault[] = [
  fault('mutation-delete-not-idempotent', ['MUTATION-DELETE-IDEMPOTENT'], 'Deleting a deleted mutation answers NOT_FOUND.', (b) => {
    b.mutationDeleteIdempotent = false;
  }),
  fault('mutation-update-time-set', ['MUTATION-UPDATE-TIME-NULL'], 'New mutations report an update_time.', (b) => {
    presentWith(b, 'mutation', (view) => ({ ...view, update_time: view.create_time }));
  }),
];

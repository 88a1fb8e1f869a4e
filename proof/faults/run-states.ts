// Run deletion by the run's state: a DELETE answered with success must delete the run or
// cancel it, a finished run and a run in progress alike (which does which is not shown).

import { ApiError } from '../../lib/reference/http/errors.js';
import { fault, type Fault } from './define.js';
import { deleteThenList } from '../probes/run-states.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';

export const RUN_STATES_FAULTS = [
  fault({
    id: 'run-cancel-keeps-status',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      'DELETE of a run in progress answers `{}` but the run keeps its status: the cancellation is never applied.',
    behaviour: (b) => {
      b.runDeletion.cancelledStatus = (status) => status;
    },
    probe: (call) => deleteThenList(call, FIXTURE_IDS.cancellableRunId),
    shows: [200, 'RUNNING'],
  }),
  fault({
    id: 'run-delete-finished-kept',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      'DELETE of a finished run answers `{}` but neither deletes nor cancels it: it stays listed with its status.',
    behaviour: (b) => {
      const { outcome, cancelledStatus } = b.runDeletion;
      b.runDeletion.outcome = () => 'cancel';
      b.runDeletion.cancelledStatus = (status) => (outcome(status) === 'delete' ? status : cancelledStatus(status));
    },
    probe: (call) => deleteThenList(call, FIXTURE_IDS.deletableRunId),
    shows: [200, 'COMPLETED'],
  }),
  fault({
    id: 'run-delete-in-progress-refused',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      'DELETE of a run in progress is refused with FAILED_PRECONDITION (HTTP 400: "cancel it first") instead of cancelling it.',
    behaviour: (b) => {
      const { outcome } = b.runDeletion;
      b.runDeletion.outcome = (status) => {
        if (outcome(status) === 'cancel')
          throw new ApiError('FAILED_PRECONDITION', `A run in status ${status} cannot be deleted; cancel it first`);
        return outcome(status);
      };
      const statusOf = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'FAILED_PRECONDITION' ? 400 : statusOf(code, endpoint));
    },
    probe: (call) => deleteThenList(call, FIXTURE_IDS.cancellableRunId),
    shows: [400, 'RUNNING'],
  }),
  fault({
    id: 'run-delete-in-progress-still-listed',
    requirements: ['RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      'DELETE deletes a run in progress too (instead of cancelling it), but the runs list ignores deletions: the run stays listed with its in-progress status.',
    behaviour: (b) => {
      b.runDeletion.outcome = () => 'delete';
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => endpoint.key !== 'GET /v1/runs' && hides(endpoint);
    },
    probe: async (call) => [
      await deleteThenList(call, FIXTURE_IDS.cancellableRunId),
      await deleteThenList(call, FIXTURE_IDS.cancellableRunId),
    ],
    shows: [
      [200, 'RUNNING'],
      [404, 'RUNNING'],
    ],
  }),
] as const satisfies readonly Fault[];

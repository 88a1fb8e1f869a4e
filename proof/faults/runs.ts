// Run faults.

import type { Behaviour } from '../../lib/reference/behaviour.js';
import type { RunProgress } from '../../lib/reference/store/records.js';
import { fault, missingAnsweredWith, presentWith, type Fault } from './define.js';

/** Changes the progress counters of every returned run. */
function progressWith(b: Behaviour, touch: (progress: RunProgress) => RunProgress): void {
  presentWith(b, 'run', (view) => ({ ...view, progress: touch(view.progress as unknown as RunProgress) }));
}

export const RUNS_FAULTS = [
  fault(
    'run-metrics-inconsistent',
    ['RUN-METRICS-CONSISTENT'],
    'Run result metrics report min and max swapped.',
    (b) => {
      presentWith(b, 'run', (view) => {
        const results = view.results as { metrics: Record<string, { min: number; max: number; mean: number }> };
        const metrics = Object.fromEntries(
          Object.entries(results.metrics).map(([name, m]) => [name, { ...m, min: m.max + 1, max: m.min - 1 }]),
        );
        return { ...view, results: { ...results, metrics } };
      });
    },
  ),
  fault(
    'run-name-singular',
    ['RUN-FIELDS', 'NAME-MATCHES-ID'],
    'Run names use the singular collection: `run/<id>`.',
    (b) => {
      presentWith(b, 'run', (view) => ({ ...view, name: `run/${String(view.run_id)}` }));
    },
  ),
  fault(
    'run-progress-completed-over-total',
    ['RUN-PROGRESS-CONSISTENT'],
    'completed_test_cases counts retries too and exceeds total_test_cases.',
    (b) => {
      progressWith(b, (progress) => ({ ...progress, completed_test_cases: progress.total_test_cases + 1 }));
    },
  ),
  fault(
    'run-progress-failed-negative',
    ['RUN-PROGRESS-CONSISTENT'],
    'failed_test_cases is off by one: -1 for a run with no failure.',
    (b) => {
      progressWith(b, (progress) => ({ ...progress, failed_test_cases: progress.failed_test_cases - 1 }));
    },
  ),
  fault(
    'run-update-before-create',
    ['TIMESTAMP-ORDER'],
    'Runs report an update_time an hour before their create_time.',
    (b) => {
      presentWith(b, 'run', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - 3_600_000),
      }));
    },
  ),
  fault(
    'run-delete-still-listed',
    ['RUN-DELETE'],
    'DELETE of a run answers `{}` but the run stays listed unchanged (the runs list ignores the deletion).',
    (b) => {
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => endpoint.key !== 'GET /v1/runs' && hides(endpoint);
    },
  ),
  fault(
    'run-delete-answers-run',
    ['RUN-DELETE', 'DELETE-EMPTY-OBJECT-BODY'],
    'DELETE of a run answers the run instead of an empty object.',
    (b) => {
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => (kind === 'run' ? deleted : answer(kind, deleted));
    },
  ),
  fault(
    'run-missing-permission-denied',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'DELETE of an unknown run answers PERMISSION_DENIED instead of NOT_FOUND.',
    (b) => {
      missingAnsweredWith(b, 'run_id', 'PERMISSION_DENIED');
    },
  ),
] as const satisfies readonly Fault[];

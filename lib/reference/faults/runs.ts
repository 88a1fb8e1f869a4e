// Run faults.

import { fault, presentWith, type Fault } from './define.js';

export const RUNS_FAULTS: readonly Fault[] = [
  fault('run-metrics-inconsistent', ['RUN-METRICS-CONSISTENT'], 'Run result metrics report min and max swapped.', (b) => {
    presentWith(b, 'run', (view) => {
      const results = view.results as { metrics: Record<string, { min: number; max: number; mean: number }> };
      const metrics = Object.fromEntries(Object.entries(results.metrics).map(([name, m]) => [name, { ...m, min: m.max + 1, max: m.min - 1 }]));
      return { ...view, results: { ...results, metrics } };
    });
  }),
];

// The plan crosses into the workers as one environment variable, written by the runner and read once
// in the worker: a worker without it, or with a plan naming no target, stops saying why.

import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../lib/config.js';
import { type Plan, planEnvironment, readPlan } from '../../lib/protocol/plan.js';

const plan: Plan = {
  targets: [
    { name: 'target', config: parseConfig({ BASE_URL: 'http://127.0.0.1:1', API_KEY: 'key' }), only: ['AGENT-GET'] },
  ],
};

describe('the plan', () => {
  it('is read back as written, from one variable that is not BASE_URL (vitest sets it in every worker)', () => {
    const env = planEnvironment(plan);
    expect(Object.keys(env)).toEqual(['AES_CONFORMANCE_PLAN']);
    expect(readPlan({ ...env, BASE_URL: '/' })).toEqual(plan);
  });

  it('is required: a worker started without it says to run through the runner', () => {
    expect(() => readPlan({})).toThrow(
      /no AES_CONFORMANCE_PLAN in the environment: run the suite through `npm run conformance`/,
    );
    expect(() => readPlan({ AES_CONFORMANCE_PLAN: '' })).toThrow(/no AES_CONFORMANCE_PLAN/);
  });

  it('names at least one target', () => {
    expect(() => readPlan(planEnvironment({ targets: [] }))).toThrow('AES_CONFORMANCE_PLAN names no target');
    expect(() => readPlan({ AES_CONFORMANCE_PLAN: '{}' })).toThrow('AES_CONFORMANCE_PLAN names no target');
  });
});

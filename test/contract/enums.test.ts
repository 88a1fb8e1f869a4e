// The enumerations and defaults are data: what is tested here is that each default is a value
// its field may take, and that the defaults the list table states again agree.

import { describe, expect, it } from 'vitest';
import { DEFAULTS, INPUT_TYPES, PROJECT_TYPES } from '../../lib/contract/enums.js';
import { listEndpoint } from '../../lib/contract/list-endpoints.js';

describe('DEFAULTS', () => {
  it('are values of their enumerations', () => {
    expect(INPUT_TYPES).toContain(DEFAULTS.testCaseInputType);
    expect(PROJECT_TYPES).toContain(DEFAULTS.reviewProjectType);
  });

  it('give the default orders the list table gives', () => {
    expect(listEndpoint('runs').defaultOrder).toBe(DEFAULTS.runsOrderBy);
    expect(listEndpoint('metrics').defaultOrder).toBe(DEFAULTS.metricsOrderBy);
  });
});

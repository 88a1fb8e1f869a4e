// The enumerations and defaults are data: what is tested here is that each default is a value
// its field may take.

import { describe, expect, it } from 'vitest';
import { DEFAULTS, INPUT_TYPES, PROJECT_TYPES } from '../../lib/contract/enums.js';

describe('DEFAULTS', () => {
  it('are values of their enumerations', () => {
    expect(INPUT_TYPES).toContain(DEFAULTS.testCaseInputType);
    expect(PROJECT_TYPES).toContain(DEFAULTS.reviewProjectType);
  });
});

import { describe, expect, it } from 'vitest';
import { checkName, titleOf } from '../../lib/result/check-name.js';

describe('check names', () => {
  it('lead with the requirement ids; the title reads back', () => {
    const name = checkName(['AGENT-CREATE', 'TIMESTAMP-ORDER'], 'POST /v1/agents [with brackets] in the title');
    expect(name).toBe('[AGENT-CREATE, TIMESTAMP-ORDER] POST /v1/agents [with brackets] in the title');
    expect(titleOf(name)).toBe('POST /v1/agents [with brackets] in the title');
  });
});

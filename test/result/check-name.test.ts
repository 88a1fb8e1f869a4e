import { describe, expect, it } from 'vitest';
import { checkName, namePatternFor, titleOf } from '../../lib/result/check-name.js';

describe('check names', () => {
  it('lead with the requirement ids; the title reads back', () => {
    const name = checkName(['AGENT-CREATE', 'TIMESTAMP-ORDER'], 'POST /v1/agents [with brackets] in the title');
    expect(name).toBe('[AGENT-CREATE, TIMESTAMP-ORDER] POST /v1/agents [with brackets] in the title');
    expect(titleOf(name)).toBe('POST /v1/agents [with brackets] in the title');
  });
});

const matches = (ids: string[], name: string): boolean => new RegExp(namePatternFor(ids)).test(name);

describe('namePatternFor', () => {
  it('matches a check listing the id first, last, alone or among others', () => {
    for (const name of ['[AGENT-CREATE] title', '[AGENT-CREATE, TIMESTAMP-ORDER] title', '[TIMESTAMP-ORDER, AGENT-CREATE] title', '[A, AGENT-CREATE, B] title']) {
      expect(matches(['AGENT-CREATE'], name), name).toBe(true);
    }
  });

  it('matches the full name vitest tests, with its describe blocks in front', () => {
    expect(matches(['AGENT-CREATE'], 'agents > [AGENT-CREATE] title')).toBe(true);
  });

  it('does not match an id that merely begins or ends like the one asked for', () => {
    for (const name of ['[AGENT-CREATE-DEFAULTS] title', '[X-AGENT-CREATE] title', '[AGENT-CREATED, B] title']) {
      expect(matches(['AGENT-CREATE'], name), name).toBe(false);
    }
  });

  it('does not match the id in the title outside the brackets', () => {
    expect(matches(['AGENT-CREATE'], '[TIMESTAMP-ORDER] unlike AGENT-CREATE')).toBe(false);
  });

  it('matches any of several ids', () => {
    expect(matches(['A-ONE', 'B-TWO'], '[C, B-TWO] title')).toBe(true);
  });
});


import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config.js';
import { selects } from '../../lib/protocol/plan.js';
import { namePatternFor } from '../../lib/result/check-name.js';
import { selectedItems, selection } from '../../lib/runner/run.js';

describe('selection', () => {
  it('turns groups into suite files, and requirement ids into what the plan declares', () => {
    expect(selection(['agents', 'auth'])).toEqual({ only: ['agents', 'auth'], exclude: [], files: ['suites/agents.', 'suites/auth.'], declared: {} });
    expect(selection(['AGENT-CREATE'])).toEqual({ only: ['AGENT-CREATE'], exclude: [], files: [], declared: { only: ['AGENT-CREATE'] }, namePattern: namePatternFor(['AGENT-CREATE']) });
  });

  it('takes groups and requirement ids together: every file loads, the plan declares both', () => {
    const chosen = selection(['AUTH-MISSING-KEY', 'agents']);
    expect(chosen).toEqual({ only: ['AUTH-MISSING-KEY', 'agents'], exclude: [], files: [], declared: { only: ['AUTH-MISSING-KEY'], onlyGroups: ['agents'] } });
    expect(selects(chosen.declared, 'agents', ['AGENT-CREATE'])).toBe(true);
    expect(selects(chosen.declared, 'personas', ['AUTH-MISSING-KEY', 'AUTH-DETAILS-HEADER'])).toBe(true);
    expect(selects(chosen.declared, 'personas', ['PERSONA-GET'])).toBe(false);
  });

  it('leaves out a check naming an excluded id, whatever else it names', () => {
    const { declared } = selection(['agents'], ['AGENT-GET']);
    expect(selects(declared, 'agents', ['AGENT-CREATE'])).toBe(true);
    expect(selects(declared, 'agents', ['AGENT-CREATE', 'AGENT-GET'])).toBe(false);
  });

  it('refuses what is neither a group nor a requirement id', () => {
    expect(() => selection(['agent'])).toThrow(ConfigError);
  });
});

describe('selectedItems', () => {
  it('reads groups and requirement ids in any case', () => {
    expect(selectedItems(['Dashboards', 'auth-missing-key', 'AUTH'])).toEqual(['dashboards', 'AUTH-MISSING-KEY', 'auth']);
    expect(selection(['AGENTS'])).toMatchObject({ only: ['agents'], files: ['suites/agents.'] });
  });

  it('names the valid groups when it refuses an item', () => {
    expect(() => selectedItems(['nonsense'])).toThrow(/--only: unknown group or requirement id: nonsense\. Groups: specification, agents, .*auth; requirement ids: see --list\./);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config.js';
import { selects } from '../../lib/protocol/plan.js';
import { namePatternFor } from '../../lib/result/check-name.js';
import { selectedItems, selection } from '../../lib/runner/run.js';

describe('selection', () => {
  it('turns groups into suite files, and requirement ids into what the plan declares', () => {
    expect(selection(['agents', 'auth'])).toEqual({ only: ['agents', 'auth'], exclude: [], files: ['suites/agents.', 'suites/auth.'], declared: {}, pendingPublished: [] });
    expect(selection(['AGENT-CREATE'])).toEqual({ only: ['AGENT-CREATE'], exclude: [], files: [], declared: { only: ['AGENT-CREATE'] }, namePattern: namePatternFor(['AGENT-CREATE']), pendingPublished: [] });
  });

  it('takes groups and requirement ids together: every file loads, the plan declares both', () => {
    const chosen = selection(['AUTH-MISSING-KEY', 'agents']);
    expect(chosen).toEqual({ only: ['AUTH-MISSING-KEY', 'agents'], exclude: [], files: [], declared: { only: ['AUTH-MISSING-KEY'], onlyGroups: ['agents'] }, pendingPublished: [] });
    expect(selects(chosen.declared, 'agents', ['AGENT-CREATE'])).toBe(true);
    expect(selects(chosen.declared, 'personas', ['AUTH-MISSING-KEY', 'AUTH-DETAILS-HEADER'])).toBe(true);
    expect(selects(chosen.declared, 'personas', ['PERSONA-GET'])).toBe(false);
  });

  it('leaves out a check naming an excluded id, whatever else it names', () => {
    const { declared } = selection(['agents'], ['AGENT-GET']);
    expect(selects(declared, 'agents', ['AGENT-CREATE'])).toBe(true);
    expect(selects(declared, 'agents', ['AGENT-CREATE', 'AGENT-GET'])).toBe(false);
  });

  it('keeps what is neither a group nor a requirement id to confirm against what the target publishes', () => {
    expect(selection(['agents', 'listTestCases']).pendingPublished).toEqual(['listTestCases']);
    expect(() => selectedItems(['agent'])).toThrow(ConfigError);
  });

  it('selects the published checks of an operation id or a document name, and all of them by the group', () => {
    const declared = { onlyPublished: ['listTestCases'] };
    expect(selects(declared, 'published: test-cases', ['GENERIC-AUTH'], ['published', 'test-cases', 'listTestCases'])).toBe(true);
    expect(selects(declared, 'published: test-cases', ['GENERIC-AUTH'], ['published', 'test-cases', 'getTestCase'])).toBe(false);
    expect(selects({ onlyGroups: ['published'], only: ['AGENT-GET'] }, 'published: runs', ['GENERIC-AUTH'], ['published', 'runs', 'getRun'])).toBe(true);
    expect(selects({ onlyGroups: ['agents'], only: ['AGENT-GET'] }, 'published: runs', ['GENERIC-AUTH'], ['published', 'runs', 'getRun'])).toBe(false);
  });
});

describe('selectedItems', () => {
  it('reads groups and requirement ids in any case', () => {
    expect(selectedItems(['Dashboards', 'auth-missing-key', 'AUTH'])).toEqual(['dashboards', 'AUTH-MISSING-KEY', 'auth']);
    expect(selection(['AGENTS'])).toMatchObject({ only: ['agents'], files: ['suites/agents.'] });
  });

  it('names the valid groups when it refuses an item', () => {
    expect(() => selectedItems(['nonsense'])).toThrow(/--only: unknown group or requirement id: nonsense\. Groups: specification, agents, .*auth, published; requirement ids: see --list\./);
  });
});

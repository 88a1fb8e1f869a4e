import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config.js';
import { namePatternFor } from '../../lib/result/check-name.js';
import { selectedItems, selection } from '../../lib/runner/run.js';

describe('selection', () => {
  it('turns groups into suite files and requirement ids into a name pattern', () => {
    expect(selection(['agents', 'auth'])).toEqual({ only: ['agents', 'auth'], exclude: [], files: ['suites/agents.suite.ts', 'suites/auth.suite.ts'] });
    expect(selection(['AGENT-CREATE'])).toEqual({ only: ['AGENT-CREATE'], exclude: [], files: [], namePattern: namePatternFor(['AGENT-CREATE']) });
  });

  it('refuses what is neither a group nor a requirement id', () => {
    expect(() => selection(['agent'])).toThrow(ConfigError);
  });
});

describe('selectedItems', () => {
  it('reads groups and requirement ids in any case', () => {
    expect(selectedItems(['Dashboards', 'auth-missing-key', 'AUTH'])).toEqual(['dashboards', 'AUTH-MISSING-KEY', 'auth']);
    expect(selection(['AGENTS'])).toMatchObject({ only: ['agents'], files: ['suites/agents.suite.ts'] });
  });

  it('names the valid groups when it refuses an item', () => {
    expect(() => selectedItems(['nonsense'])).toThrow(/--only: unknown group or requirement id: nonsense\. Groups: specification, agents, .*auth; requirement ids: see --list\./);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config.js';
import {
  asksPublished,
  type Choice,
  selectedItems,
  selection,
  selects,
  surelyDeclared,
  wholeOfShards,
  withPublished,
} from '../../lib/result/selection.js';

const check = (id: string, group: string, requirements: string[], subjects: string[] = []) => ({
  id,
  group,
  requirements,
  subjects,
});
const declares = (
  choice: Choice,
  group: string,
  requirements: string[],
  subjects: string[] = [],
  id = 'a.check',
): boolean => selects(choice, check(id, group, requirements, subjects));

describe('selection', () => {
  it('turns groups into suite files, and requirement ids into what the plan declares', () => {
    expect(selection(['agents', 'auth'])).toEqual({
      only: ['agents', 'auth'],
      exclude: [],
      files: ['suites/agents.', 'suites/auth.'],
      declared: {},
      pendingPublished: [],
    });
    expect(selection(['AGENT-CREATE'])).toEqual({
      only: ['AGENT-CREATE'],
      exclude: [],
      files: [],
      declared: { only: ['AGENT-CREATE'] },
      pendingPublished: [],
    });
  });

  it('takes groups and requirement ids together: every file loads, the plan declares both', () => {
    const chosen = selection(['AUTH-MISSING-KEY', 'agents']);
    expect(chosen).toEqual({
      only: ['AUTH-MISSING-KEY', 'agents'],
      exclude: [],
      files: [],
      declared: { only: ['AUTH-MISSING-KEY'], onlyGroups: ['agents'] },
      pendingPublished: [],
    });
    expect(declares(chosen.declared, 'agents', ['AGENT-CREATE'])).toBe(true);
    expect(declares(chosen.declared, 'personas', ['AUTH-MISSING-KEY', 'AUTH-DETAILS-HEADER'])).toBe(true);
    expect(declares(chosen.declared, 'personas', ['PERSONA-GET'])).toBe(false);
  });

  it('takes check ids, in any case: every file loads, the plan declares the checks of those ids', () => {
    const chosen = selection(['Agents.Create.Every-Field', 'AUTH-MISSING-KEY']);
    expect(chosen).toEqual({
      only: ['agents.create.every-field', 'AUTH-MISSING-KEY'],
      exclude: [],
      files: [],
      declared: { only: ['AUTH-MISSING-KEY'], onlyChecks: ['agents.create.every-field'] },
      pendingPublished: [],
    });
    expect(declares(chosen.declared, 'agents', ['AGENT-CREATE'], [], 'agents.create.every-field')).toBe(true);
    expect(declares(chosen.declared, 'agents', ['AGENT-CREATE'], [], 'agents.create.other')).toBe(false);
  });

  it('leaves out a check naming an excluded id, whatever else it names, and a check of an excluded check id', () => {
    const { declared } = selection(['agents'], ['AGENT-GET', 'agents.create.every-field']);
    expect(declares(declared, 'agents', ['AGENT-CREATE'])).toBe(true);
    expect(declares(declared, 'agents', ['AGENT-CREATE', 'AGENT-GET'])).toBe(false);
    expect(declares(declared, 'agents', ['AGENT-CREATE'], [], 'agents.create.every-field')).toBe(false);
  });

  it('keeps what is neither a group, a requirement id nor a check id to confirm against what the target publishes', () => {
    expect(selection(['agents', 'listTestCases']).pendingPublished).toEqual(['listTestCases']);
    expect(() => selectedItems(['agent'])).toThrow(ConfigError);
  });

  it('selects the published checks of an operation id or a document name, and all of them by the group', () => {
    const declared = { onlyPublished: ['listTestCases'] };
    expect(
      declares(declared, 'published: test-cases', ['GENERIC-AUTH'], ['published', 'test-cases', 'listTestCases']),
    ).toBe(true);
    expect(
      declares(declared, 'published: test-cases', ['GENERIC-AUTH'], ['published', 'test-cases', 'getTestCase']),
    ).toBe(false);
    expect(
      declares(
        { onlyGroups: ['published'], only: ['AGENT-GET'] },
        'published: runs',
        ['GENERIC-AUTH'],
        ['published', 'runs', 'getRun'],
      ),
    ).toBe(true);
    expect(
      declares(
        { onlyGroups: ['agents'], only: ['AGENT-GET'] },
        'published: runs',
        ['GENERIC-AUTH'],
        ['published', 'runs', 'getRun'],
      ),
    ).toBe(false);
  });
});

describe('withPublished', () => {
  it('selects the published checks of a check id the target also publishes as an operation id, besides the check of that id', () => {
    const chosen = selection(['runs.list']);
    expect(asksPublished(chosen)).toBe(true);
    expect(withPublished(chosen, new Set(['listRuns']))).toBe(chosen);
    const both = withPublished(chosen, new Set(['runs.list']));
    expect(both.declared).toEqual({ onlyChecks: ['runs.list'], onlyPublished: ['runs.list'] });
    expect(
      declares(
        both.declared,
        'published: runs',
        ['GENERIC-AUTH'],
        ['published', 'runs', 'runs.list'],
        'published.runs.runs-list.auth',
      ),
    ).toBe(true);
  });

  it('asks nothing of a selection without names to confirm', () => {
    expect([selection([]), selection(['agents']), selection(['AGENT-CREATE'])].map(asksPublished)).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('selectedItems', () => {
  it('reads groups, requirement ids and check ids in any case', () => {
    expect(selectedItems(['Dashboards', 'auth-missing-key', 'AUTH', 'Auth.Key-First.X'])).toEqual([
      'dashboards',
      'AUTH-MISSING-KEY',
      'auth',
      'auth.key-first.x',
    ]);
    expect(selection(['AGENTS'])).toMatchObject({ only: ['agents'], files: ['suites/agents.'] });
  });

  it('names the valid groups when it refuses an item', () => {
    expect(() => selectedItems(['nonsense'])).toThrow(
      /--only: unknown group, requirement id or check id: nonsense\. Groups: specification, agents, .*auth, http, published; requirement ids and check ids: see --list\./,
    );
  });
});

describe('surelyDeclared', () => {
  it('is true for every id when everything ran, and for ids named by --only', () => {
    expect(surelyDeclared(selection([]), 'agents.create.every-field')).toBe(true);
    expect(surelyDeclared(selection(['agents.create.every-field']), 'agents.create.every-field')).toBe(true);
    expect(surelyDeclared(selection([], ['auth.key-first.x']), 'agents.create.every-field')).toBe(true);
  });

  it('says nothing of a check groups, requirement ids or an exclusion may have left out', () => {
    expect(surelyDeclared(selection(['agents']), 'agents.create.every-field')).toBe(false);
    expect(surelyDeclared(selection(['AGENT-CREATE']), 'agents.create.every-field')).toBe(false);
    expect(surelyDeclared(selection([], ['AGENT-CREATE']), 'agents.create.every-field')).toBe(false);
    expect(surelyDeclared(selection([], ['agents.create.every-field']), 'agents.create.every-field')).toBe(false);
  });
});

describe('wholeOfShards', () => {
  it('is true without shards and for every shard of one count', () => {
    expect(wholeOfShards([])).toBe(true);
    expect(wholeOfShards(['2/2', '1/2'])).toBe(true);
    expect(wholeOfShards(['1/2'])).toBe(false);
    expect(wholeOfShards(['1/2', '1/3', '2/3'])).toBe(false);
  });
});

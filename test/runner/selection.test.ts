import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config.js';
import { namePatternFor } from '../../lib/harness/check-name.js';
import { selection } from '../../lib/runner/run.js';

describe('selection', () => {
  it('turns groups into suite files and requirement ids into a name pattern', () => {
    expect(selection(['agents', 'auth'])).toEqual({ files: ['suites/agents.suite.ts', 'suites/auth.suite.ts'] });
    expect(selection(['AGENT-CREATE'])).toEqual({ files: [], namePattern: namePatternFor(['AGENT-CREATE']) });
  });

  it('refuses what is neither a group nor a requirement id', () => {
    expect(() => selection(['agent'])).toThrow(ConfigError);
  });
});

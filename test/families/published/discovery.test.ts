import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../lib/config.js';
import { settingValues } from '../../../lib/families/published/discovery.js';

describe('settingValues', () => {
  it('gives DASHBOARD_ID and SCHEDULED_RUN_ID as values of the path parameters they name', () => {
    const config = parseConfig({
      BASE_URL: 'http://127.0.0.1:1',
      API_KEY: 'k',
      DASHBOARD_ID: 'dash-1',
      SCHEDULED_RUN_ID: 'sched-1',
    });
    expect(Object.fromEntries(settingValues(config))).toEqual({
      dashboard_id: ['dash-1'],
      scheduled_run_id: ['sched-1'],
    });
  });

  it('gives nothing for a setting not set', () => {
    expect([
      ...settingValues(parseConfig({ BASE_URL: 'http://127.0.0.1:1', API_KEY: 'k', DASHBOARD_ID: 'dash-1' })).keys(),
    ]).toEqual(['dashboard_id']);
    expect(settingValues(parseConfig({})).size).toBe(0);
  });
});

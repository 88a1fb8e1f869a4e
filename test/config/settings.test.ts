import { describe, expect, expectTypeOf, test } from 'vitest';
import {
  type Config,
  type DeletableFixture,
  FIXTURE_SETTINGS,
  type FixtureField,
  parseConfig,
  SETTING_NAMES,
  SETTINGS,
} from '../../lib/config.js';

const distinct = (values: readonly unknown[]): boolean => new Set(values).size === values.length;

describe('the settings table', () => {
  test('names, options and Config fields are each declared once', () => {
    expect(distinct(SETTINGS.map((s) => s.name))).toBe(true);
    expect(distinct(SETTINGS.map((s) => s.option))).toBe(true);
    expect(distinct(SETTINGS.flatMap((s) => (s.field ? [s.field] : [])))).toBe(true);
  });

  test.each(SETTINGS.map((s) => [s.name, s] as const))(
    '%s has an option, a parser and words for each document',
    (_name, s) => {
      expect(s.option).toMatch(/^[a-z][a-z-]*[a-z]$/);
      expect(typeof s.parse).toBe('function');
      expect(s.summary.length).toBeGreaterThan(0);
      expect(s.meaning.length).toBeGreaterThan(s.summary.length / 2);
      expect(s.meaning, 'report.html shows the meaning with its code spans alone').not.toMatch(/\*\*|\]\(/);
      // A switch (no value shown) can only say true: its setting must be a flag whose default is false.
      if (s.arg === undefined) expect(s.default).toBe('false');
    },
  );

  test('an unset setting takes its default, as parsed', () => {
    const config = parseConfig({}) as unknown as Record<string, unknown>;
    for (const s of SETTINGS) {
      if (s.field && s.default !== undefined) expect(config[s.field], s.name).toEqual(s.parse(s.default, s.name));
    }
  });

  test('the fixtures, and the names of the settings filling each field, come from the table', () => {
    expect(FIXTURE_SETTINGS).toEqual({
      SCHEDULED_RUN_ID: 'scheduledRunId',
      DASHBOARD_ID: 'dashboardId',
      DELETABLE_PERSONA_ID: 'deletablePersonaId',
      DELETABLE_RUN_ID: 'deletableRunId',
      CANCELLABLE_RUN_ID: 'cancellableRunIds',
      DELETABLE_SCHEDULED_RUN_ID: 'deletableScheduledRunIds',
    });
    expect(SETTING_NAMES.dashboardId).toBe('DASHBOARD_ID');
    expect(SETTING_NAMES.numRuns).toBe('NUM_RUNS');
    expectTypeOf<FixtureField>().toEqualTypeOf<
      | 'scheduledRunId'
      | 'dashboardId'
      | 'deletablePersonaId'
      | 'deletableRunId'
      | 'cancellableRunIds'
      | 'deletableScheduledRunIds'
    >();
    expectTypeOf<DeletableFixture>().toEqualTypeOf<
      'deletablePersonaId' | 'deletableRunId' | 'cancellableRunIds' | 'deletableScheduledRunIds'
    >();
  });

  test('Config is what the parsers return', () => {
    expectTypeOf<Config['baseUrl']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Config['reportDir']>().toEqualTypeOf<string>();
    expectTypeOf<Config['profile']>().toEqualTypeOf<'default' | 'strict'>();
    expectTypeOf<Config['readOnly']>().toEqualTypeOf<boolean>();
    expectTypeOf<Config['numRuns']>().toEqualTypeOf<number>();
    expectTypeOf<Config['rateLimit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Config>().not.toHaveProperty('waivers');
  });
});

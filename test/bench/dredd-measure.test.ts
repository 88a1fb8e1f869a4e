import { describe, expect, test } from 'vitest';
import {
  comparisonTable,
  dreddDocument,
  dreddFailureReasons,
  dreddTally,
  hooksSource,
  type KnownIds,
  type Pair,
  referenceExample,
  wellFormedId,
} from '../../bench/dredd-measure.js';

const ids: KnownIds = {
  scheduledRunId: 'kept-scheduled',
  dashboardId: 'dashboard',
  deletablePersonaId: 'persona',
  deletableRunId: 'run',
  deletableScheduledRunId: 'deletable-scheduled',
  specName: 'agent-evaluation',
  agentId: 'agent',
};

describe('what the Dredd comparison hands Dredd', () => {
  test('seeded ids by parameter name; a deletion gets the deletable one; unknown or unseeded names none', () => {
    expect(referenceExample(ids, 'get', 'scheduled_run_id')).toBe('kept-scheduled');
    expect(referenceExample(ids, 'delete', 'scheduled_run_id')).toBe('deletable-scheduled');
    expect(referenceExample(ids, 'get', 'agent_id')).toBe('agent');
    expect(referenceExample(ids, 'get', 'simulation_id')).toBeUndefined();
    expect(referenceExample(ids, 'get', 'mutation_id')).toBeUndefined();
  });

  test('a made-up id has the length the pattern or minLength asks', () => {
    expect(wellFormedId({ type: 'string', pattern: '^[A-Za-z0-9]{26}$' })).toBe('0'.repeat(26));
    expect(wellFormedId({ pattern: '^[\\s\\S]{22,27}$' })).toHaveLength(22);
    expect(wellFormedId({ minLength: 3 })).toBe('000');
    expect(wellFormedId(undefined)).toHaveLength(22);
  });

  test('the copy: every path parameter with an example, path-level and referenced ones inlined, defaults beside a 2xx dropped', () => {
    const source = {
      openapi: '3.1.0',
      components: {
        parameters: { Agent: { name: 'agent_id', in: 'path', required: true, schema: { type: 'string' } } },
      },
      paths: {
        '/v1/agents/{agent_id}/mutations/{mutation_id}': {
          parameters: [
            { $ref: '#/components/parameters/Agent' },
            { name: 'mutation_id', in: 'path', schema: { pattern: '^[a-z]{4}$' } },
          ],
          get: { responses: { 200: {}, default: {} } },
          delete: {
            parameters: [
              { name: 'mutation_id', in: 'path', example: 'mine' },
              { name: 'page_size', in: 'query' },
            ],
            responses: { default: {} },
          },
        },
      },
    };
    const before = structuredClone(source);
    const copy = dreddDocument(source, (method, name) => referenceExample(ids, method, name));
    expect(source).toEqual(before);
    const item = (
      copy.document['paths'] as Record<
        string,
        Record<string, { parameters: Array<Record<string, unknown>>; responses: object }>
      >
    )['/v1/agents/{agent_id}/mutations/{mutation_id}']!;
    expect(item['parameters']).toBeUndefined();
    expect(item['get']!.parameters.map((p) => [p['name'], p['example']])).toEqual([
      ['agent_id', 'agent'],
      ['mutation_id', '0000'],
    ]);
    // The operation's own mutation_id replaces the path-level one, and keeps its example.
    expect(item['delete']!.parameters.map((p) => [p['name'], p['example']])).toEqual([
      ['agent_id', 'agent'],
      ['mutation_id', 'mine'],
      ['page_size', undefined],
    ]);
    expect(Object.keys(item['get']!.responses)).toEqual(['200']);
    expect(Object.keys(item['delete']!.responses)).toEqual(['default']);
    expect(copy.droppedDefaults).toBe(1);
    expect(copy.madeUp).toEqual(['GET /v1/agents/{agent_id}/mutations/{mutation_id} mutation_id']);
  });

  test('the hooks skip a transaction expecting anything but 2xx and send the key with every one', () => {
    let hook: ((transaction: Record<string, any>, done: () => void) => void) | undefined;
    const fakeRequire = (name: string): unknown =>
      name === 'hooks' ? { beforeEach: (f: typeof hook) => void (hook = f) } : undefined;
    new Function('require', hooksSource('X-API-Key', 'k"ey'))(fakeRequire);
    const transaction = (statusCode: string): Record<string, any> => ({
      expected: { statusCode },
      request: { headers: {} },
    });
    const [ok, missing] = [transaction('200'), transaction('404')];
    hook!(ok, () => {});
    hook!(missing, () => {});
    expect(ok['skip']).toBeUndefined();
    expect(ok['request'].headers).toEqual({ 'X-API-Key': 'k"ey' });
    expect(missing['skip']).toBe(true);
  });
});

describe('what the Dredd comparison makes of the runs', () => {
  const output = [
    'pass: GET (200) /v1/openapi duration: 20ms',
    'fail: POST (200) /v1/agents duration: 9ms',
    'fail: POST (200) /v1/agents/x/mutations duration: 9ms',
    "\u001b[31mfail\u001b[39m: statusCode: Expected status code '200', but got '400'.",
    '',
    'request: ',
    "fail: body: At '/mutation' Missing required property: mutation",
    "statusCode: Expected status code '200', but got '400'.",
    '',
    '\u001b[32mcomplete\u001b[39m: 1 passing, 2 failing, 0 errors, 3 skipped, 6 total',
  ].join('\n');

  test("Dredd's tally, colours or not", () => {
    expect(dreddTally(output)).toEqual({ passing: 1, failing: 2, errors: 0, skipped: 3, total: 6 });
    expect(dreddTally('error: something broke')).toBeUndefined();
  });

  test("Dredd's failure reasons, the lines under a failure counted too", () => {
    expect(dreddFailureReasons(output)).toEqual([
      ["statusCode: Expected status code '200', but got '400'.", 2],
      ["body: At '/mutation' Missing required property: mutation", 1],
    ]);
  });

  test('the comparison: medians of each tool, the per-pair ratio, killed runs left out', () => {
    const pair = (dreddMs: number, oursMs: number, oursExit: number | null = 0): Pair => ({
      dredd: {
        wallMs: dreddMs,
        exitCode: 1,
        requests: 20,
        usage: { cpuMs: 1_000 },
        tally: { passing: 14, failing: 7, errors: 0, skipped: 0, total: 21 },
      },
      ours: {
        wallMs: oursMs,
        exitCode: oursExit,
        requests: 1_600,
        usage: { cpuMs: 8_000 },
        counts: { pass: 383, fail: 0, skip: 26, error: 0, total: 409 },
      },
    });
    const lines = comparisonTable(
      [pair(2_000, 8_000), pair(4_000, 10_000), pair(3_000, 9_000, null)],
      3,
      '14.1.0',
    ).split('\n');
    expect(lines[0]).toBe(
      '| tool | runs (exit 0) | wall s | CPU s | requests | transactions / checks | passed | failed | skipped | errors |',
    );
    expect(lines[2]).toBe('| Dredd 14.1.0 | 3/3 (0) | 3.00 (2.00–4.00) | 1.00 | 20 | 21 | 14 | 7 | 0 | 0 |');
    expect(lines[3]).toBe('| aes-conformance | 2/3 (2) | 9.00 (8.00–10.00) | 8.00 | 1600 | 409 | 383 | 0 | 26 | 0 |');
    expect(lines[4]).toBe('| ours ÷ Dredd | 2/3 | 3.3 (2.5–4.0) | 8.0 | 80.0 | — | — | — | — | — |');
  });
});

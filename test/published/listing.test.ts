import { describe, expect, it } from 'vitest';
import { parseListing } from '../../lib/published/listing.js';

const AGENTS = { specName: 'agents', url: '/v1/openapi/agents' };
const RUNS = { specName: 'runs', url: 'http://127.0.0.1:8080/v1/openapi/runs' };

describe('parseListing', () => {
  it.each([
    [
      'an array of {spec_name, url}',
      [
        { spec_name: 'agents', url: '/v1/openapi/agents' },
        { spec_name: 'runs', url: RUNS.url },
      ],
    ],
    [
      'the array under `specs`',
      {
        specs: [
          { spec_name: 'agents', url: '/v1/openapi/agents' },
          { spec_name: 'runs', url: RUNS.url },
        ],
      },
    ],
    [
      'other field names under another key',
      {
        data: [
          { name: 'agents', href: '/v1/openapi/agents' },
          { id: 'runs', link: RUNS.url },
        ],
        count: 2,
      },
    ],
    ['a top-level map', { agents: '/v1/openapi/agents', runs: RUNS.url }],
    ['a map under one key', { title: 'AES', specs: { agents: '/v1/openapi/agents', runs: RUNS.url } }],
    ['a map of objects', { specs: { agents: { url: '/v1/openapi/agents' }, runs: { href: RUNS.url } } }],
  ])('reads %s', (_, listing) => {
    expect(parseListing(listing)).toEqual([AGENTS, RUNS]);
  });

  it('reads names without URLs and URLs without names', () => {
    expect(
      parseListing(['agents', { spec_name: 'runs' }, { url: '/v1/openapi/personas?format=json' }, { id: 7 }]),
    ).toEqual([
      { specName: 'agents', url: null },
      { specName: 'runs', url: null },
      { specName: 'personas', url: '/v1/openapi/personas?format=json' },
      { specName: '7', url: null },
    ]);
  });

  it('reads a single entry at the top level, but not a self link', () => {
    expect(parseListing({ spec_name: 'agents', url: '/v1/openapi/agents' })).toEqual([AGENTS]);
    expect(parseListing({ href: '/v1/openapi', specs: ['agents'] })).toEqual([{ specName: 'agents', url: null }]);
  });

  it('lists each name once, as first listed', () => {
    expect(
      parseListing([
        { spec_name: 'agents', url: AGENTS.url },
        { spec_name: 'agents', url: '/elsewhere' },
      ]),
    ).toEqual([AGENTS]);
  });

  it.each([null, 'agents', 42, {}, [], [1, 2], { count: 2 }, { specs: [] }, { specs: { agents: 3 } }])(
    'finds nothing in %j',
    (listing) => {
      expect(parseListing(listing)).toEqual([]);
    },
  );
});

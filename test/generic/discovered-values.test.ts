import { describe, expect, it } from 'vitest';
import {
  assignment,
  discoveryOrder,
  mergeValues,
  sourcesFor,
  valuesFromItems,
} from '../../lib/generic/discovered-values.js';
import type { PublishedOperation } from '../../lib/generic/model.js';
import { operation } from './fixtures.js';

const list = (path: string, fields: string[] = [], extra: Partial<PublishedOperation> = {}) =>
  operation(path, { list: { itemsKey: 'items', pageSize: { min: 1 } }, items: { key: 'items', fields }, ...extra });
const paths = (rounds: PublishedOperation[][]) => rounds.map((round) => round.map((op) => op.path));

describe('valuesFromItems', () => {
  const widgets = list('/v1/widgets');
  const operations = [
    widgets,
    operation('/v1/widgets/{widget_id}'),
    operation('/v1/widgets/{key}/'),
    operation('/v1/widgets/{widget_id}/parts/{part_id}'),
    operation('/v1/teams/{team_id}'),
    operation('/v1/things/{id}'),
  ];

  it("reads each item's id as the value of every parameter one segment below the list", () => {
    const values = valuesFromItems(
      widgets,
      [{ id: 'w1' }, { id: 7 }, { id: 'w1' }, { id: '' }, { id: null }, 'text', null],
      operations,
    );
    expect(values).toEqual(
      new Map([
        ['widget_id', ['w1', '7']],
        ['key', ['w1', '7']],
      ]),
    );
  });

  it('reads the last segment of a name written <collection>/<id> when there is no id', () => {
    const values = valuesFromItems(
      widgets,
      [
        { name: 'widgets/w2' },
        { name: 'projects/p/widgets/w3' },
        { name: 'gadgets/g1' },
        { name: 'plain' },
        { name: 'widgets/' },
        { id: 'w4', name: 'widgets/ignored' },
      ],
      operations,
    );
    expect(values.get('widget_id')).toEqual(['w2', 'w3', 'w4']);
  });

  it("reads fields named as any operation's path parameter, at any depth up to the bound", () => {
    const items = [
      { id: 'w1', owner: { team_id: 't1' }, history: [{ team_id: 't2' }], team_id: 5 },
      { a: { b: { c: { team_id: 't3' } } } },
      { a: { b: { c: { d: { e: { team_id: 'too-deep' } } } } } },
      { widget_id: 'w9', part_id: 'p1', id: 'w5', name: 'widgets/x' },
    ];
    const values = valuesFromItems(widgets, items, operations);
    expect(values.get('team_id')).toEqual(['t1', 't2', 't3']);
    expect(values.get('part_id')).toEqual(['p1']);
    expect(values.get('widget_id')).toEqual(['w1', 'w5', 'w9']);
  });

  it("reads no item's id or name as the value of another operation's {id}", () => {
    const values = valuesFromItems(widgets, [{ id: 'w1', nested: { id: 'n1', name: 'x' } }], operations);
    expect(values.has('id')).toBe(false);
    expect(valuesFromItems(list('/v1/things'), [{ id: 'x1' }], operations).get('id')).toEqual(['x1']);
  });
});

describe('mergeValues', () => {
  it('keeps every value once, in the order the maps give them', () => {
    const merged = mergeValues(
      new Map([['a', ['1', '2']]]),
      new Map([
        ['a', ['2', '3']],
        ['b', ['4']],
      ]),
      new Map(),
    );
    expect(merged).toEqual(
      new Map([
        ['a', ['1', '2', '3']],
        ['b', ['4']],
      ]),
    );
  });
});

describe('assignment', () => {
  const parts = operation('/v1/widgets/{widget_id}/parts/{part_id}', {
    pathParams: [
      { name: 'widget_id', in: 'path', required: true, schema: { type: 'string', minLength: 3, maxLength: 3 } },
      { name: 'part_id', in: 'path', required: true },
    ],
  });

  it("takes the first value that fits each parameter's published schema", () => {
    const values = new Map([
      ['widget_id', ['toolong', 'w12', 'w34']],
      ['part_id', ['', 'p1']],
    ]);
    expect(assignment(parts, values)).toEqual({ params: { widget_id: 'w12', part_id: 'p1' } });
  });

  it('names the parameters nothing fits', () => {
    expect(assignment(parts, new Map([['widget_id', ['toolong']]]))).toEqual({ missing: ['widget_id', 'part_id'] });
    expect(assignment(parts, new Map([['part_id', ['p1']]]))).toEqual({ missing: ['widget_id'] });
  });

  it('fills an operation without path parameters with nothing', () => {
    expect(assignment(operation('/v1/widgets'), new Map())).toEqual({ params: {} });
  });
});

describe('discoveryOrder', () => {
  it('reads the lists without path parameters first, then those earlier rounds can fill, then the rest', () => {
    const operations = [
      list('/v1/agents/{agent_id}/runs', ['simulation_id']),
      list('/v1/widgets', ['id', 'owner', 'team_id']),
      operation('/v1/widgets/{widget_id}'),
      list('/v1/widgets/{widget_id}/versions'),
      list('/v1/teams/{team_id}/members', ['agent_id']),
      operation('/v1/gadgets', { items: { key: 'gadgets', fields: [] } }),
      list('/v1/simulations/{simulation_id}/metrics'),
      list('/v1/orphans/{orphan_id}/things'),
      list('/v1/misnamed/{id}/things'),
    ];
    expect(paths(discoveryOrder(operations))).toEqual([
      ['/v1/widgets', '/v1/gadgets'],
      ['/v1/widgets/{widget_id}/versions', '/v1/teams/{team_id}/members'],
      ['/v1/agents/{agent_id}/runs'],
      ['/v1/simulations/{simulation_id}/metrics'],
      ['/v1/orphans/{orphan_id}/things', '/v1/misnamed/{id}/things'],
    ]);
  });

  it('leaves out writes, GETs of one resource and unpaged collections below a path parameter', () => {
    const operations = [
      list('/v1/widgets', [], { method: 'POST', writes: true }),
      operation('/v1/widgets/{widget_id}'),
      operation('/v1/widgets/{widget_id}/parts', { items: { key: 'parts', fields: [] } }),
      operation('/v1/health'),
    ];
    expect(discoveryOrder(operations)).toEqual([]);
  });
});

describe('sourcesFor', () => {
  const operations = [
    list('/v1/widgets', ['id', 'team_id']),
    operation('/v1/widgets/{widget_id}'),
    list('/v1/teams/{team_id}/members', ['id']),
    operation('/v1/teams/{team_id}/members/{member_id}'),
    list('/v1/gadgets', ['id']),
    operation('/v1/gadgets/{gadget_id}'),
    list('/v1/unrelated', ['colour']),
  ];
  const sources = (wanted: PublishedOperation[]) => [...sourcesFor(wanted, operations)].map((op) => op.path).sort();

  it("reads only the lists that give a value of a wanted parameter: by their items' ids or by a field named like it", () => {
    expect(sources([operation('/v1/widgets/{widget_id}')])).toEqual(['/v1/widgets']);
    expect(sources([operation('/v1/gadgets/{gadget_id}')])).toEqual(['/v1/gadgets']);
  });

  it("adds the lists that fill a source's own path parameters", () => {
    expect(sources([operation('/v1/teams/{team_id}/members/{member_id}')])).toEqual([
      '/v1/teams/{team_id}/members',
      '/v1/widgets',
    ]);
  });

  it('reads nothing when nothing is wanted, or nothing gives it', () => {
    expect(sources([])).toEqual([]);
    expect(sources([operation('/v1/orphans/{orphan_id}')])).toEqual([]);
  });
});

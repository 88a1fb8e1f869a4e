import { describe, expect, it } from 'vitest';
import { publishedTimestamps } from '../../lib/generic/timestamps.js';

const T = '2026-01-05T10:00:00Z';
const dateTime = { type: 'string', format: 'date-time' };
const document = {
  components: {
    schemas: {
      Stamp: dateTime,
      Widget: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          create_time: { $ref: '#/components/schemas/Stamp' },
          events: { type: 'array', items: { type: 'object', properties: { at: dateTime } } },
          deadlines: { type: 'object', additionalProperties: dateTime },
        },
      },
      Node: { type: 'object', properties: { seen: dateTime, child: { $ref: '#/components/schemas/Node' } } },
      Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }, { properties: { at: dateTime } }] },
    },
  },
};
const found = (schema: unknown, body: unknown) => publishedTimestamps(document, schema, body);

describe('publishedTimestamps', () => {
  it('finds values where the schema publishes date-time, through $ref, properties, items and additionalProperties', () => {
    const body = {
      widget: {
        id: 'x',
        create_time: T,
        events: [{ at: T }, { at: 'yesterday' }],
        deadlines: { 'a/b~c': T },
        undocumented: T,
      },
    };
    const schema = { type: 'object', properties: { widget: { $ref: '#/components/schemas/Widget' } } };
    expect(found(schema, body)).toEqual([
      { pointer: '/widget/create_time', value: T },
      { pointer: '/widget/events/0/at', value: T },
      { pointer: '/widget/events/1/at', value: 'yesterday' },
      { pointer: '/widget/deadlines/a~1b~0c', value: T },
    ]);
  });

  it('finds nothing where the schema does not say date-time, or the body lacks the field', () => {
    expect(found({ $ref: '#/components/schemas/Widget' }, { id: T, events: 'not an array', deadlines: [] })).toEqual(
      [],
    );
    expect(
      found({ type: 'object', properties: { at: { type: 'string', format: 'date' } } }, { at: '2026-01-05' }),
    ).toEqual([]);
  });

  it('reports a value of any other type at a date-time place, so that the check fails it', () => {
    expect(found({ type: 'object', properties: { at: dateTime } }, { at: 1767607200 })).toEqual([
      { pointer: '/at', value: 1767607200 },
    ]);
    expect(found(dateTime, T)).toEqual([{ pointer: '', value: T }]);
  });

  it('follows allOf, each place once', () => {
    const schema = {
      allOf: [{ properties: { at: dateTime } }, { properties: { at: { $ref: '#/components/schemas/Stamp' } } }],
    };
    expect(found(schema, { at: T })).toEqual([{ pointer: '/at', value: T }]);
  });

  it.each([
    ['3.0 nullable', { type: 'string', format: 'date-time', nullable: true }],
    ['3.1 null type', { type: ['string', 'null'], format: 'date-time' }],
    ['a union with null', { anyOf: [dateTime, { type: 'null' }] }],
    ['a nullable allOf around a $ref', { nullable: true, allOf: [{ $ref: '#/components/schemas/Stamp' }] }],
  ])('leaves out a null where the schema allows it (%s), and finds the timestamp', (_, schema) => {
    const wrapped = { type: 'object', properties: { at: schema } };
    expect(found(wrapped, { at: null })).toEqual([]);
    expect(found(wrapped, { at: T })).toEqual([{ pointer: '/at', value: T }]);
  });

  it('reports a null where the schema does not allow it', () => {
    expect(found({ type: 'object', properties: { at: dateTime } }, { at: null })).toEqual([
      { pointer: '/at', value: null },
    ]);
  });

  it('judges a scalar in a union only when every branch admitting it says date-time', () => {
    const either = { type: 'object', properties: { at: { oneOf: [dateTime, { type: 'string', format: 'date' }] } } };
    expect(found(either, { at: '2026-01-05' })).toEqual([]);
    const orNumber = { type: 'object', properties: { at: { anyOf: [dateTime, { type: 'integer' }] } } };
    expect(found(orNumber, { at: 5 })).toEqual([]);
    expect(found(orNumber, { at: 'then' })).toEqual([{ pointer: '/at', value: 'then' }]);
  });

  it('walks the union branches an object may be', () => {
    const schema = { anyOf: [{ type: 'object', properties: { at: dateTime } }, { type: 'array' }, { type: 'null' }] };
    expect(found(schema, { at: T })).toEqual([{ pointer: '/at', value: T }]);
    expect(found(schema, [{ at: T }])).toEqual([]);
  });

  it('is bounded on recursive schemas and composition cycles', () => {
    let deep: Record<string, unknown> = { seen: T };
    for (let i = 0; i < 200; i++) deep = { seen: T, child: deep };
    const stamps = found({ $ref: '#/components/schemas/Node' }, deep);
    expect(stamps.length).toBeGreaterThan(30);
    expect(stamps.length).toBeLessThan(200);
    expect(found({ $ref: '#/components/schemas/Loop' }, { at: T })).toEqual([{ pointer: '/at', value: T }]);
    const cyclic: Record<string, unknown> = { properties: { at: dateTime } };
    cyclic['allOf'] = [cyclic];
    expect(found(cyclic, { at: T })).toEqual([{ pointer: '/at', value: T }]);
  });

  it('never throws on broken schemas or documents', () => {
    for (const doc of [null, 'x', [], document]) {
      expect(
        publishedTimestamps(doc, { $ref: '#/nowhere', allOf: 'x', anyOf: [null, 3], properties: [] }, { at: T }),
      ).toEqual([]);
      expect(
        publishedTimestamps(
          doc,
          { type: 'object', properties: { at: { $ref: '#/components/schemas/Missing' } } },
          { at: T },
        ),
      ).toEqual([]);
      expect(
        publishedTimestamps(
          doc,
          { allOf: 'x', anyOf: [null, 3], oneOf: {}, properties: [], items: 5, additionalProperties: true },
          { at: [T] },
        ),
      ).toEqual([]);
    }
  });
});

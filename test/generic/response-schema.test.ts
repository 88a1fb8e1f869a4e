import { describe, expect, it } from 'vitest';
import type { PublishedOperation } from '../../lib/generic/model.js';
import { publishesDateTime, responseSchemaFor, successPublishesDateTime } from '../../lib/generic/response-schema.js';
import { operation } from './fixtures.js';

type Json = Record<string, unknown>;

const dateTime = { type: 'string', format: 'date-time' };
const content = (schema: unknown, media = 'application/json'): Json => ({
  description: 'x',
  content: { [media]: { schema } },
});
const marked = (name: string): Json => ({ title: name, type: 'object' });

/** An operation answering with `responses` (its statuses the keys), in `document` (its components). */
function answering(responses: Json, document: Json = {}): PublishedOperation {
  return operation('/v1/things', { statuses: Object.keys(responses), source: { document, operation: { responses } } });
}

describe('responseSchemaFor', () => {
  it('takes the response published for the status itself before its class and default', () => {
    const op = answering({
      '200': content(marked('exact')),
      '2XX': content(marked('class')),
      default: content(marked('default')),
    });
    expect(responseSchemaFor(op, 200)).toEqual(marked('exact'));
    expect(responseSchemaFor(op, 201)).toEqual(marked('class'));
    expect(responseSchemaFor(op, 404)).toEqual(marked('default'));
  });

  it('takes the class key in either case, for its class only', () => {
    expect(responseSchemaFor(answering({ '2XX': content(marked('upper')) }), 204)).toEqual(marked('upper'));
    expect(responseSchemaFor(answering({ '4xx': content(marked('lower')) }), 404)).toEqual(marked('lower'));
    expect(responseSchemaFor(answering({ '4xx': content(marked('lower')) }), 200)).toBeUndefined();
    expect(responseSchemaFor(answering({ '2XX': content(marked('upper')) }), 500)).toBeUndefined();
  });

  it('is undefined for a status nothing covers', () => {
    expect(responseSchemaFor(answering({ '200': content(marked('exact')) }), 201)).toBeUndefined();
    expect(responseSchemaFor(answering({}), 200)).toBeUndefined();
    expect(responseSchemaFor(operation('/v1/things'), 200)).toBeUndefined();
  });

  it('follows a $ref to a response, and to its schema only as far as the response', () => {
    const document = {
      components: {
        responses: {
          Thing: { $ref: '#/components/responses/Real' },
          Real: content({ $ref: '#/components/schemas/Thing' }),
        },
        schemas: { Thing: marked('thing') },
      },
    };
    expect(responseSchemaFor(answering({ '200': { $ref: '#/components/responses/Thing' } }, document), 200)).toEqual({
      $ref: '#/components/schemas/Thing',
    });
    expect(
      responseSchemaFor(answering({ '200': { $ref: '#/components/responses/Missing' } }, document), 200),
    ).toBeUndefined();
  });

  it('reads JSON media only: application/json with parameters and +json types, not text or XML', () => {
    expect(
      responseSchemaFor(answering({ '200': content(marked('charset'), 'application/json; charset=utf-8') }), 200),
    ).toEqual(marked('charset'));
    expect(
      responseSchemaFor(answering({ '200': content(marked('problem'), 'application/problem+json') }), 200),
    ).toEqual(marked('problem'));
    expect(responseSchemaFor(answering({ '200': content(marked('text'), 'text/plain') }), 200)).toBeUndefined();
    expect(responseSchemaFor(answering({ '200': content(marked('xml'), 'application/xml') }), 200)).toBeUndefined();
    expect(responseSchemaFor(answering({ '200': content(marked('jsonl'), 'application/jsonl') }), 200)).toBeUndefined();
    const both = {
      description: 'x',
      content: { 'text/csv': { schema: marked('csv') }, 'application/json': { schema: marked('json') } },
    };
    expect(responseSchemaFor(answering({ '200': both }), 200)).toEqual(marked('json'));
  });

  it('is undefined for a response without content or without a schema', () => {
    expect(responseSchemaFor(answering({ '204': { description: 'gone' } }), 204)).toBeUndefined();
    expect(
      responseSchemaFor(answering({ '200': { description: 'x', content: { 'application/json': {} } } }), 200),
    ).toBeUndefined();
  });
});

describe('publishesDateTime', () => {
  const document = {
    components: {
      schemas: {
        Stamp: dateTime,
        Plain: { type: 'object', properties: { id: { type: 'string' } } },
        Node: { type: 'object', properties: { id: { type: 'string' }, child: { $ref: '#/components/schemas/Node' } } },
        StampedNode: {
          type: 'object',
          properties: { next: { $ref: '#/components/schemas/StampedNode' }, at: dateTime },
        },
        Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }, { properties: { name: { type: 'string' } } }] },
        SelfRef: { $ref: '#/components/schemas/SelfRef' },
      },
    },
  };
  const publishes = (schema: unknown) => publishesDateTime(document, schema);

  it('finds a date-time at the top, nested in properties, in items and in additionalProperties', () => {
    expect(publishes(dateTime)).toBe(true);
    expect(
      publishes({
        type: 'object',
        properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { at: dateTime } } } } },
      }),
    ).toBe(true);
    expect(publishes({ type: 'array', items: { type: 'object', properties: { at: dateTime } } })).toBe(true);
    expect(publishes({ type: 'object', additionalProperties: dateTime })).toBe(true);
  });

  it('finds one through a $ref', () => {
    expect(publishes({ type: 'object', properties: { at: { $ref: '#/components/schemas/Stamp' } } })).toBe(true);
    expect(publishes({ $ref: '#/components/schemas/StampedNode' })).toBe(true);
  });

  it('finds one in allOf, anyOf and oneOf', () => {
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      expect(
        publishes({ [key]: [{ $ref: '#/components/schemas/Plain' }, { properties: { at: dateTime } }] }),
        key,
      ).toBe(true);
      expect(
        publishes({ [key]: [{ $ref: '#/components/schemas/Plain' }, { properties: { n: { type: 'integer' } } }] }),
        key,
      ).toBe(false);
    }
  });

  it('is false where no date-time is published: other formats, a date-time in a keyword it does not read', () => {
    expect(publishes({ $ref: '#/components/schemas/Plain' })).toBe(false);
    expect(
      publishes({
        type: 'object',
        properties: { day: { type: 'string', format: 'date' }, t: { type: 'string', format: 'time' } },
      }),
    ).toBe(false);
    expect(publishes({ type: 'object', properties: { format: { type: 'string' } } })).toBe(false);
    expect(publishes({ not: dateTime })).toBe(false);
    expect(publishes({ $ref: '#/components/schemas/Missing' })).toBe(false);
    expect(publishes(undefined)).toBe(false);
    expect(publishes(true)).toBe(false);
  });

  it('ends on cyclic schemas, finding what they publish', () => {
    expect(publishes({ $ref: '#/components/schemas/Node' })).toBe(false);
    expect(publishes({ $ref: '#/components/schemas/Loop' })).toBe(false);
    expect(publishes({ $ref: '#/components/schemas/SelfRef' })).toBe(false);
    expect(publishes({ type: 'array', items: { $ref: '#/components/schemas/StampedNode' } })).toBe(true);
    // A cycle of plain objects (no $ref) too.
    const cyclic: Json = { type: 'object', properties: {} };
    (cyclic['properties'] as Json)['self'] = cyclic;
    expect(publishes(cyclic)).toBe(false);
    (cyclic['properties'] as Json)['at'] = dateTime;
    expect(publishes(cyclic)).toBe(true);
  });
});

describe('successPublishesDateTime', () => {
  const stamped = {
    type: 'object',
    properties: { thing: { type: 'object', properties: { create_time: { $ref: '#/components/schemas/Stamp' } } } },
  };
  const document = { components: { schemas: { Stamp: dateTime }, responses: { Stamped: content(stamped) } } };

  it('is true when a 2xx response publishes a date-time, through $refs', () => {
    expect(successPublishesDateTime(answering({ '200': content(stamped) }, document))).toBe(true);
    expect(successPublishesDateTime(answering({ '201': { $ref: '#/components/responses/Stamped' } }, document))).toBe(
      true,
    );
    expect(successPublishesDateTime(answering({ '2XX': content(stamped) }, document))).toBe(true);
    expect(successPublishesDateTime(answering({ '2xx': content(stamped) }, document))).toBe(true);
    expect(
      successPublishesDateTime(answering({ '200': content({ type: 'object' }), '202': content(stamped) }, document)),
    ).toBe(true);
  });

  it('is false when only other responses publish one, or none does', () => {
    expect(
      successPublishesDateTime(
        answering({ '200': content({ type: 'object' }), '404': content(stamped), '4XX': content(stamped) }, document),
      ),
    ).toBe(false);
    expect(successPublishesDateTime(answering({ '200': content({ type: 'object' }) }, document))).toBe(false);
    expect(successPublishesDateTime(answering({ '200': content(stamped, 'text/plain') }, document))).toBe(false);
    expect(successPublishesDateTime(answering({}, document))).toBe(false);
  });

  it('reads the statuses the operation lists: a 2xx response it does not list is not read', () => {
    const op = answering({ '200': content(stamped) }, document);
    expect(successPublishesDateTime({ ...op, statuses: ['404'] })).toBe(false);
  });
});

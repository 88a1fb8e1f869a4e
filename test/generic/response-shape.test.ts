import { describe, expect, it } from 'vitest';
import { itemPropertySchema, itemsOf, successSchema, wrapperOf } from '../../lib/generic/response-shape.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const DOCUMENT = {
  components: {
    schemas: {
      Widget: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          owner: { $ref: '#/components/schemas/Owner' },
          create_time: { type: 'string', format: 'date-time' },
        },
      },
      Owner: { type: 'object', properties: { team_id: { type: 'string' } } },
      WidgetList: {
        type: 'object',
        properties: {
          widgets: { type: 'array', items: { $ref: '#/components/schemas/Widget' } },
          next_page_token: { type: 'string' },
        },
      },
    },
    responses: { Listed: json({ $ref: '#/components/schemas/WidgetList' }) },
  },
};

describe('successSchema', () => {
  it('takes the exact 2xx codes in order, then 2XX in any case', () => {
    const responses = { '2XX': json({ title: 'range' }), '201': json({ title: '201' }), '200': json({ title: '200' }) };
    expect(successSchema(DOCUMENT, { responses })).toEqual({ title: '200' });
    expect(successSchema(DOCUMENT, { responses: { '2xx': json({ title: 'range' }), '204': {} } })).toEqual({
      title: 'range',
    });
  });

  it('skips responses without a JSON schema, and codes outside 2xx', () => {
    const responses = {
      '100': json({ title: '1xx' }),
      '200': { description: 'no content' },
      '201': { content: { 'text/plain': { schema: {} } } },
      '202': json({ title: '202' }),
      '300': json({ title: '3xx' }),
      default: json({ title: 'default' }),
    };
    expect(successSchema(DOCUMENT, { responses })).toEqual({ title: '202' });
    expect(
      successSchema(DOCUMENT, { responses: { '20': json({}), '2000': json({}), '400': json({}), default: json({}) } }),
    ).toBeUndefined();
  });

  it('follows references to the response and its schema', () => {
    expect(successSchema(DOCUMENT, { responses: { '200': { $ref: '#/components/responses/Listed' } } })).toBe(
      DOCUMENT.components.schemas.WidgetList,
    );
  });

  it('is undefined without responses', () => {
    expect(successSchema(DOCUMENT, {})).toBeUndefined();
    expect(successSchema(DOCUMENT, { responses: [json({})] })).toBeUndefined();
  });
});

describe('itemsOf', () => {
  it("finds the first array property with every field its items publish, nested objects' included", () => {
    expect(itemsOf(DOCUMENT, { $ref: '#/components/schemas/WidgetList' })).toEqual({
      key: 'widgets',
      fields: ['id', 'owner', 'team_id', 'create_time'],
    });
  });

  it('reads the type as a list (3.1), and properties from allOf parts', () => {
    const schema = {
      allOf: [
        { properties: { total: { type: 'integer' } } },
        { properties: { tags: { type: ['array', 'null'], items: { type: 'string' } } } },
      ],
    };
    expect(itemsOf(DOCUMENT, schema)).toEqual({ key: 'tags', fields: [] });
  });

  it('reads fields through arrays of objects below the items', () => {
    const schema = {
      properties: {
        runs: {
          type: 'array',
          items: { properties: { steps: { type: 'array', items: { properties: { step_id: {} } } } } },
        },
      },
    };
    expect(itemsOf(DOCUMENT, schema)).toEqual({ key: 'runs', fields: ['steps', 'step_id'] });
  });

  it('looks in oneOf and anyOf branches after the schema itself', () => {
    expect(
      itemsOf(DOCUMENT, { oneOf: [{ properties: { count: {} } }, { $ref: '#/components/schemas/WidgetList' }] })?.key,
    ).toBe('widgets');
    expect(
      itemsOf(DOCUMENT, {
        properties: { own: { type: 'array' } },
        anyOf: [{ $ref: '#/components/schemas/WidgetList' }],
      }),
    ).toEqual({ key: 'own', fields: [] });
  });

  it("takes the first schema of a property named twice, the schema's own before its allOf parts'", () => {
    expect(
      itemsOf(DOCUMENT, {
        properties: { tags: { type: 'string' } },
        allOf: [{ properties: { tags: { type: 'array' } } }],
      }),
    ).toBeUndefined();
    expect(
      itemsOf(DOCUMENT, {
        allOf: [{ properties: { tags: { type: 'array' } } }, { properties: { tags: { type: 'string' } } }],
      })?.key,
    ).toBe('tags');
  });

  it('is undefined without an array property', () => {
    expect(itemsOf(DOCUMENT, { $ref: '#/components/schemas/Widget' })).toBeUndefined();
    expect(itemsOf(DOCUMENT, { type: 'array', items: {} })).toBeUndefined();
  });

  it('reads allOf nesting and item fields six levels deep, not seven', () => {
    const nested = (depth: number, innermost: unknown): unknown =>
      depth === 0 ? innermost : { allOf: [nested(depth - 1, innermost)] };
    const list = { properties: { list: { type: 'array' } } };
    expect(itemsOf(DOCUMENT, nested(6, list))?.key).toBe('list');
    expect(itemsOf(DOCUMENT, nested(7, list))).toBeUndefined();
    const chain = (depth: number): unknown => ({ properties: { [`f${depth}`]: depth === 0 ? {} : chain(depth - 1) } });
    expect(itemsOf(DOCUMENT, { properties: { list: { type: 'array', items: chain(7) } } })?.fields).toEqual([
      'f7',
      'f6',
      'f5',
      'f4',
      'f3',
      'f2',
      'f1',
    ]);
  });
});

describe('itemPropertySchema', () => {
  it('gives the schema of one item property, references followed', () => {
    expect(itemPropertySchema(DOCUMENT, { $ref: '#/components/schemas/WidgetList' }, 'widgets', 'owner')).toBe(
      DOCUMENT.components.schemas.Owner,
    );
  });

  it('is undefined for a property, or an array, that is not published', () => {
    expect(
      itemPropertySchema(DOCUMENT, { $ref: '#/components/schemas/WidgetList' }, 'widgets', 'missing'),
    ).toBeUndefined();
    expect(itemPropertySchema(DOCUMENT, { $ref: '#/components/schemas/WidgetList' }, 'gadgets', 'id')).toBeUndefined();
    expect(
      itemPropertySchema(
        DOCUMENT,
        { properties: { widgets: { type: 'array', items: { properties: { id: true } } } } },
        'widgets',
        'id',
      ),
    ).toBeUndefined();
  });
});

describe('wrapperOf', () => {
  it('names the only property when it is an object: typed so, or with properties or allOf', () => {
    expect(wrapperOf(DOCUMENT, { properties: { widget: { $ref: '#/components/schemas/Widget' } } })).toBe('widget');
    expect(wrapperOf(DOCUMENT, { properties: { widget: { properties: {} } } })).toBe('widget');
    expect(wrapperOf(DOCUMENT, { allOf: [{ properties: { widget: { allOf: [] } } }] })).toBe('widget');
  });

  it('names none beside a second property, around an array or a scalar, or with no property', () => {
    expect(
      wrapperOf(DOCUMENT, { properties: { widget: { type: 'object' }, etag: { type: 'string' } } }),
    ).toBeUndefined();
    expect(
      wrapperOf(DOCUMENT, { properties: { widgets: { type: ['array', 'object'], properties: {} } } }),
    ).toBeUndefined();
    expect(wrapperOf(DOCUMENT, { properties: { widget: { type: 'string' } } })).toBeUndefined();
    expect(wrapperOf(DOCUMENT, { type: 'object' })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { orderedField, orderFields } from '../../lib/generic/order-fields.js';
import { publishedOperations } from '../../lib/generic/operations.js';
import { operation } from './fixtures.js';

const ITEM = {
  type: 'object',
  properties: {
    create_time: { type: 'string', format: 'date-time' },
    priority: { type: 'integer' },
    status: { type: 'string', enum: ['OPEN', 'DONE'] },
    name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
  },
};

/** A list whose order_by parameter shows `shown` (its schema's enum, default, or examples) on items published as ITEM. */
function listShowing(orderBy: Record<string, unknown>, schema: Record<string, unknown> = {}) {
  const document = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/v1/tickets': {
        get: {
          operationId: 'listTickets',
          parameters: [
            { name: 'page_size', in: 'query', schema: { type: 'integer' } },
            { name: 'page_token', in: 'query', schema: { type: 'string' } },
            { name: 'order_by', in: 'query', schema: { type: 'string', ...schema }, ...orderBy },
          ],
          responses: {
            200: {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/TicketList' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Ticket: ITEM,
        TicketList: {
          type: 'object',
          properties: {
            tickets: { type: 'array', items: { $ref: '#/components/schemas/Ticket' } },
            next_page_token: { type: 'string' },
          },
        },
      },
    },
  };
  return publishedOperations([{ specName: 'tickets', document }])[0]!;
}

const names = (op: ReturnType<typeof listShowing>) => orderFields(op).map((o) => `${o.name}:${o.field.kind}`);

describe('orderedField', () => {
  it('reads one field name, with a leading dash or a trailing asc/desc', () => {
    expect(
      ['create_time', '-create_time', ' create_time desc', 'create_time ASC', 'metrics.value'].map(orderedField),
    ).toEqual(['create_time', 'create_time', 'create_time', 'create_time', 'metrics.value']);
  });

  it('reads nothing else', () => {
    expect(['', '-', 'create_time,name', 'a b', '1abc', 42, null].map(orderedField)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('orderFields', () => {
  it("names the fields of the parameter's example, its schema's default and enum, each once, with the kind its items publish", () => {
    expect(names(listShowing({ example: '-create_time' }))).toEqual(['create_time:timestamp']);
    expect(names(listShowing({}, { default: 'priority' }))).toEqual(['priority:number']);
    expect(names(listShowing({}, { enum: ['status', '-status', 'name desc'] }))).toEqual([
      'status:enum',
      'name:string',
    ]);
    expect(
      names(listShowing({ examples: { newest: { value: '-create_time' }, urgent: { value: 'priority' } } })),
    ).toEqual(['create_time:timestamp', 'priority:number']);
  });

  it('leaves out fields the items do not publish, or publish without a comparable type', () => {
    expect(names(listShowing({}, { enum: ['missing', 'tags'] }))).toEqual([]);
  });

  it('names nothing without an order_by parameter, or without items', () => {
    expect(orderFields(operation('/v1/tickets', { list: { pageSize: { min: 1 } } }))).toEqual([]);
    expect(names(listShowing({ description: 'Field to order by' }))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { generatedChecks, isCollectionWrite, operationLabel, walkSizes } from '../../lib/generic/checks.js';
import type { PublishedOperation } from '../../lib/generic/model.js';
import { publishedOperations } from '../../lib/generic/operations.js';
import { operation, widgets30 } from './fixtures.js';

const widgets = () => publishedOperations([{ specName: 'widgets', document: widgets30() }]);
const find = (method: string, path: string): PublishedOperation => {
  const found = widgets().find((candidate) => candidate.method === method && candidate.path === path);
  if (!found) throw new Error(`widgets30 publishes no ${method} ${path}`);
  return found;
};
const kinds = (op: PublishedOperation) => generatedChecks(op).map((check) => check.kind);

/** The source of an operation whose 200 response publishes `schema`. */
const answering = (schema: unknown): PublishedOperation['source'] => ({
  document: {},
  operation: { responses: { '200': { content: { 'application/json': { schema } } } } },
});
const listOf = (item: unknown): PublishedOperation =>
  operation('/v1/tags', {
    id: 'listTags',
    list: { itemsKey: 'tags', pageSize: { min: 1, max: 20 } },
    source: answering({
      type: 'object',
      properties: { tags: { type: 'array', items: item }, next_page_token: { type: 'string' } },
    }),
  });

describe('generatedChecks', () => {
  it('gives a published list without path parameters: implemented, auth, read, timestamps and pagination', () => {
    const list = find('GET', '/v1/widgets');
    expect(kinds(list)).toEqual(['implemented', 'auth', 'read', 'timestamps', 'pagination']);
    expect(generatedChecks(list).map((check) => check.requirements)).toEqual([
      ['GENERIC-IMPLEMENTED'],
      ['GENERIC-AUTH', 'GENERIC-ERROR-ENVELOPE'],
      ['GENERIC-SCHEMA-PUBLISHED'],
      ['GENERIC-TIMESTAMPS'],
      ['GENERIC-PAGINATION', 'GENERIC-ERROR-ENVELOPE'],
    ]);
    expect(generatedChecks(list).every((check) => check.title.startsWith('listWidgets (GET /v1/widgets)'))).toBe(true);
    // page_size published with an exclusive minimum of 0 and a maximum of 50.
    expect(generatedChecks(list).at(-1)?.title).toBe(
      'listWidgets (GET /v1/widgets) pages as the list rules say: 3 pages at page_size 7 serve what a page of 21 lists, each once; page_size 50 served; a forged page_token refused',
    );
  });

  it('gives a timestamps check only where a success response publishes a date-time', () => {
    expect(
      kinds(
        listOf({
          type: 'object',
          properties: { id: { type: 'string' }, create_time: { type: 'string', format: 'date-time' } },
        }),
      ),
    ).toContain('timestamps');
    expect(
      kinds(
        listOf({ type: 'object', properties: { id: { type: 'string' }, day: { type: 'string', format: 'date' } } }),
      ),
    ).toEqual(['implemented', 'auth', 'read', 'pagination']);
    expect(kinds(operation('/v1/tags'))).toEqual(['implemented', 'auth', 'read']);
    // A date-time published only for an error is no timestamp of a read.
    const errorOnly = operation('/v1/tags', {
      statuses: ['200', '404'],
      source: {
        document: {},
        operation: {
          responses: {
            '200': {},
            '404': { content: { 'application/json': { schema: { type: 'string', format: 'date-time' } } } },
          },
        },
      },
    });
    expect(kinds(errorOnly)).not.toContain('timestamps');
  });

  it('gives a GET of one resource with a wrapper and path parameters: wrapped and absent, and no pagination', () => {
    const one = find('GET', '/v1/widgets/{widget_id}');
    expect(kinds(one)).toEqual(['implemented', 'auth', 'read', 'wrapped', 'timestamps', 'absent']);
    const checks = generatedChecks(one);
    expect(checks.find((check) => check.kind === 'wrapped')).toEqual({
      kind: 'wrapped',
      requirements: ['GENERIC-WRAPPED'],
      title: 'GET /v1/widgets/{widget_id} answers the resource wrapped under "widget"',
    });
    expect(checks.find((check) => check.kind === 'absent')?.requirements).toEqual(['GENERIC-ERROR-ENVELOPE']);
    // Without the wrapper, no wrapped check; without path parameters, no absent check.
    const { wrapper: _wrapper, ...unwrapped } = one;
    expect(kinds(unwrapped)).toEqual(['implemented', 'auth', 'read', 'timestamps', 'absent']);
    expect(kinds(operation('/v1/widget', { wrapper: 'widget' }))).toEqual(['implemented', 'auth', 'read', 'wrapped']);
  });

  it('gives a write (a PATCH with a path parameter) only the implemented and auth checks', () => {
    const patch = find('PATCH', '/v1/widgets/{widget_id}');
    expect(patch.wrapper).toBe('widget');
    expect(kinds(patch)).toEqual(['implemented', 'auth']);
    expect(generatedChecks(patch).map((check) => check.title)).toEqual([
      'updateWidget (PATCH /v1/widgets/{widget_id}) is served, as published',
      'updateWidget (PATCH /v1/widgets/{widget_id}): no key and a wrong key each give UNAUTHENTICATED naming X-API-Key',
    ]);
    // Even one that says it takes page_size and page_token.
    expect(kinds(operation('/v1/x', { method: 'POST', writes: true, list: { pageSize: { min: 1 } } }))).toEqual([
      'implemented',
      'auth',
    ]);
  });

  // The specification requires the key on every endpoint but its own two: an operation whose
  // document publishes no key requirement is checked all the same.
  it('gives an operation publishing no key requirement the auth check too', () => {
    const unsecured = publishedOperations([{ specName: 'widgets', document: widgets30() }]).find(
      (candidate) => candidate.id === 'deleteWidget',
    )!;
    expect(unsecured.secured).toBe(false);
    expect(generatedChecks(unsecured).flatMap((check) => check.requirements)).toContain('GENERIC-AUTH');
  });

  it("gives a collection's POST the implemented and auth checks", () => {
    expect(kinds(find('POST', '/v1/widgets'))).toEqual(['implemented', 'auth']);
  });
});

describe('isCollectionWrite', () => {
  it("is true for a write naming no resource (a collection's POST) and for no other operation", () => {
    expect(isCollectionWrite(find('POST', '/v1/widgets'))).toBe(true);
    expect(isCollectionWrite(find('PATCH', '/v1/widgets/{widget_id}'))).toBe(false);
    expect(isCollectionWrite(find('DELETE', '/v1/widgets/{widget_id}'))).toBe(false);
    expect(isCollectionWrite(find('GET', '/v1/widgets'))).toBe(false);
    expect(isCollectionWrite(find('GET', '/v1/widgets/{widget_id}'))).toBe(false);
  });
});

describe('walkSizes', () => {
  it('walks three pages at 7 against one of 21, and reads the published maximum', () => {
    expect(walkSizes({ pageSize: { min: 1, max: 50 } })).toEqual({ small: 7, reference: 21, large: 50 });
  });

  it('raises the small size to a published minimum above 7', () => {
    expect(walkSizes({ pageSize: { min: 10, max: 50 } })).toEqual({ small: 10, reference: 30, large: 50 });
  });

  it('lowers the small size to a published maximum below 7', () => {
    expect(walkSizes({ pageSize: { min: 1, max: 5 } })).toEqual({ small: 5, reference: 5, large: 5 });
    expect(walkSizes({ pageSize: { min: 2, max: 3 } })).toEqual({ small: 3, reference: 3, large: 3 });
  });

  it('reads 100 as the maximum when none is published', () => {
    expect(walkSizes({ pageSize: { min: 1 } })).toEqual({ small: 7, reference: 21, large: 100 });
    expect(walkSizes({ pageSize: { min: 1, default: 20 } })).toEqual({ small: 7, reference: 21, large: 100 });
  });
});

describe('operationLabel', () => {
  it('names an operation by its operationId, with method and path', () => {
    expect(operationLabel(find('GET', '/v1/widgets'))).toBe('listWidgets (GET /v1/widgets)');
  });

  it('names an operation without operationId by method and path alone', () => {
    const one = find('GET', '/v1/widgets/{widget_id}');
    expect(one.id).toBe('GET /v1/widgets/{widget_id}');
    expect(operationLabel(one)).toBe('GET /v1/widgets/{widget_id}');
  });
});

import { describe, expect, it } from 'vitest';
import { mergedParameters, templateParameters } from '../../lib/generic/parameters.js';

const DOCUMENT = {
  components: {
    parameters: { Limit: { name: 'limit', in: 'query', schema: { $ref: '#/components/schemas/Limit' } } },
    schemas: { Limit: { type: 'integer', example: 10 } },
    examples: { Five: { value: 5 } },
  },
};

describe('mergedParameters', () => {
  it("keeps the path item's parameters first, an operation's of the same name and location replacing them", () => {
    const pathItem = {
      parameters: [
        { name: 'id', in: 'path' },
        { name: 'q', in: 'query' },
      ],
    };
    const operation = {
      parameters: [
        { name: 'q', in: 'query', required: true },
        { name: 'q', in: 'header' },
      ],
    };
    expect(mergedParameters(DOCUMENT, pathItem, operation)).toEqual([
      { name: 'id', in: 'path', required: true },
      { name: 'q', in: 'query', required: true },
      { name: 'q', in: 'header', required: false },
    ]);
  });

  it('requires path parameters whatever the document says, and others only when it says `true`', () => {
    const operation = {
      parameters: [
        { name: 'id', in: 'path', required: false },
        { name: 'a', in: 'query', required: 'yes' },
        { name: 'c', in: 'cookie', required: true },
      ],
    };
    expect(mergedParameters(DOCUMENT, undefined, operation).map((p) => [p.name, p.required])).toEqual([
      ['id', true],
      ['a', false],
      ['c', true],
    ]);
  });

  it('follows references to the parameter and its schema', () => {
    expect(mergedParameters(DOCUMENT, undefined, { parameters: [{ $ref: '#/components/parameters/Limit' }] })).toEqual([
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', example: 10 }, examples: [10] },
    ]);
  });

  it('skips what is not a parameter: no name, an unknown location, a reference to nothing', () => {
    const operation = {
      parameters: [
        { in: 'query' },
        { name: 'b', in: 'body' },
        { name: 'x', in: 'Query' },
        { $ref: '#/components/parameters/None' },
        'q',
      ],
    };
    expect(mergedParameters(DOCUMENT, { parameters: 'none' }, operation)).toEqual([]);
  });

  it('gathers the examples of the parameter and of its schema, in that order', () => {
    const parameter = {
      name: 'n',
      in: 'query',
      example: 1,
      examples: { two: { value: 2 }, five: { $ref: '#/components/examples/Five' }, none: { summary: 'no value' } },
      schema: { type: 'integer', example: 3, examples: [4, 6] },
    };
    expect(mergedParameters(DOCUMENT, undefined, { parameters: [parameter] })[0]?.examples).toEqual([1, 2, 5, 3, 4, 6]);
  });

  it('keeps an example that is null or false, and has no examples key when none is shown', () => {
    expect(
      mergedParameters(DOCUMENT, undefined, {
        parameters: [{ name: 'n', in: 'query', example: null, schema: { example: false } }],
      })[0]?.examples,
    ).toEqual([null, false]);
    expect(
      mergedParameters(DOCUMENT, undefined, { parameters: [{ name: 'n', in: 'query', schema: { examples: 'x' } }] })[0],
    ).not.toHaveProperty('examples');
  });
});

describe('templateParameters', () => {
  it('gives one parameter per name of the template, in its order, a bare one for a name nothing describes', () => {
    const described = [
      { name: 'b', in: 'path' as const, required: true, schema: { type: 'integer' } },
      { name: 'a', in: 'query' as const, required: false },
    ];
    expect(templateParameters('/x/{a}/y/{b}', described)).toEqual([
      { name: 'a', in: 'path', required: true },
      described[0],
    ]);
  });

  it('is empty for a path without names', () => {
    expect(templateParameters('/x/y', [])).toEqual([]);
  });
});

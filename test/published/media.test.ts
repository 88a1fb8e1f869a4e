import { describe, expect, it } from 'vitest';
import { jsonMediaSchema } from '../../lib/published/media.js';

const schema = (name: string) => ({ schema: { title: name } });

describe('jsonMediaSchema', () => {
  it('takes application/json first, in any case and with parameters', () => {
    expect(
      jsonMediaSchema({ 'application/problem+json': schema('problem'), 'application/json': schema('json') }),
    ).toEqual({ title: 'json' });
    expect(jsonMediaSchema({ 'Application/JSON; charset=utf-8': schema('json') })).toEqual({ title: 'json' });
  });

  it('else the first `…/…+json` type', () => {
    expect(
      jsonMediaSchema({
        'text/plain': schema('text'),
        'application/vnd.api+json': schema('vnd'),
        'application/problem+json': schema('problem'),
      }),
    ).toEqual({ title: 'vnd' });
  });

  it('finds nothing in other types, a `+json` suffix without its type, or a content map that is not one', () => {
    expect(jsonMediaSchema({ 'text/plain': schema('text'), 'application/jsonx': schema('x') })).toBeUndefined();
    expect(
      jsonMediaSchema({
        '+json': schema('bare'),
        '/x+json': schema('no type'),
        'a/b/c+json': schema('two slashes'),
        'application/json-seq': schema('seq'),
      }),
    ).toBeUndefined();
    expect(jsonMediaSchema({ 'application/json': 'not an object' })).toBeUndefined();
    expect(jsonMediaSchema({ 'application/json': {} })).toBeUndefined();
    expect(jsonMediaSchema(undefined)).toBeUndefined();
    expect(jsonMediaSchema([schema('array')])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { deref, resolvePointer } from '../../lib/published/refs.js';

const DOCUMENT = {
  components: {
    schemas: {
      Agent: { type: 'object' },
      'a/b': { type: 'string' },
      'c~d': { type: 'integer' },
      '~1': { type: 'boolean' },
      'with space': { type: 'number' },
      list: [{ type: 'null' }],
      Alias: { $ref: '#/components/schemas/Agent' },
      Loop: { $ref: '#/components/schemas/Loop' },
      Lost: { $ref: '#/components/schemas/Missing' },
    },
  },
};

describe('resolvePointer', () => {
  it('walks a local pointer, unescaping ~1, ~0 and percent-encoding', () => {
    expect(resolvePointer(DOCUMENT, '#/components/schemas/Agent')).toEqual({ type: 'object' });
    expect(resolvePointer(DOCUMENT, '#/components/schemas/a~1b')).toEqual({ type: 'string' });
    expect(resolvePointer(DOCUMENT, '#/components/schemas/c~0d')).toEqual({ type: 'integer' });
    // ~1 is read before ~0, so ~01 is the key `~1`, not `/`.
    expect(resolvePointer(DOCUMENT, '#/components/schemas/~01')).toEqual({ type: 'boolean' });
    expect(resolvePointer(DOCUMENT, '#/components/schemas/with%20space')).toEqual({ type: 'number' });
    expect(resolvePointer(DOCUMENT, '#/components/schemas/list/0')).toEqual({ type: 'null' });
  });

  it('gives the whole document for `#`', () => {
    expect(resolvePointer(DOCUMENT, '#')).toBe(DOCUMENT);
  });

  it('is undefined for what it does not reach: other documents, bad fragments, missing keys, prototypes', () => {
    expect(resolvePointer(DOCUMENT, 'other.yaml#/components')).toBeUndefined();
    expect(resolvePointer(DOCUMENT, '#components')).toBeUndefined();
    expect(resolvePointer(DOCUMENT, '#/components/%E0%A4%A')).toBeUndefined();
    expect(resolvePointer(DOCUMENT, '#/components/schemas/Missing')).toBeUndefined();
    expect(resolvePointer(DOCUMENT, '#/components/schemas/Agent/type/length')).toBeUndefined();
    expect(resolvePointer(DOCUMENT, '#/constructor')).toBeUndefined();
    expect(resolvePointer(DOCUMENT, '#/components/__proto__')).toBeUndefined();
  });
});

describe('deref', () => {
  it('follows references until a value that is not one', () => {
    expect(deref(DOCUMENT, { $ref: '#/components/schemas/Alias' })).toEqual({ type: 'object' });
    expect(deref(DOCUMENT, { type: 'string' })).toEqual({ type: 'string' });
    expect(deref(DOCUMENT, 'text')).toBe('text');
  });

  it('takes a `$ref` that is not a string for an ordinary key', () => {
    expect(deref(DOCUMENT, { $ref: 7 })).toEqual({ $ref: 7 });
  });

  it('is undefined for a cycle and for a reference to nothing', () => {
    expect(deref(DOCUMENT, { $ref: '#/components/schemas/Loop' })).toBeUndefined();
    expect(deref(DOCUMENT, { $ref: '#/components/schemas/Lost' })).toBeUndefined();
  });

  it('follows a chain of 32 references and gives up at 33', () => {
    const chain = (length: number) => {
      const schemas: Record<string, unknown> = { s0: { type: 'string' } };
      for (let i = 1; i <= length; i++) schemas[`s${i}`] = { $ref: `#/s${i - 1}` };
      return { document: schemas, start: { $ref: `#/s${length}` } };
    };
    const ok = chain(31);
    expect(deref(ok.document, ok.start)).toEqual({ type: 'string' });
    const long = chain(32);
    expect(deref(long.document, long.start)).toBeUndefined();
  });
});

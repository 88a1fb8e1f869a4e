import { describe, expect, it } from 'vitest';
import { byteSize, charLength, FIELD_LIMITS, fieldLimit } from '../../lib/contract/limits.js';

describe('fieldLimit', () => {
  it('finds a row by its id', () => {
    expect(fieldLimit('agent.display_name')).toMatchObject({ field: 'display_name', unit: 'chars', min: 1, max: 200 });
  });

  it('throws for an id the table lacks', () => {
    expect(() => fieldLimit('agent.nothing' as never)).toThrow('unknown field limit agent.nothing');
  });
});

describe('FIELD_LIMITS', () => {
  it('has unique ids spelt `resource.field` (chat rows under `chat.`), and a bound in every row', () => {
    expect(new Set(FIELD_LIMITS.map((limit) => limit.id)).size).toBe(FIELD_LIMITS.length);
    for (const limit of FIELD_LIMITS) {
      expect(limit.id).toBe(`${limit.resource === 'chatConfig' ? 'chat' : limit.resource}.${limit.field}`);
      expect('min' in limit || 'max' in limit || 'maxAmbiguous' in limit, limit.id).toBe(true);
    }
  });

  it('reads KB and MB as either 1000 or 1024 multiples', () => {
    expect(fieldLimit('chat.initialization_payload').maxAmbiguous).toEqual({ low: 16_000, high: 16_384 });
    expect(fieldLimit('agent.metadata').maxAmbiguous).toEqual({ low: 10_000_000, high: 10_485_760 });
  });
});

describe('charLength', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(charLength('')).toBe(0);
    expect(charLength('abc')).toBe(3);
    expect(charLength('😀a')).toBe(2);
    expect(charLength('é')).toBe(1);
    // A combining mark is a code point of its own.
    expect(charLength('e\u0301')).toBe(2);
  });
});

describe('byteSize', () => {
  it('measures a string as its own UTF-8 text, without JSON quotes', () => {
    expect(byteSize('abc')).toBe(3);
    expect(byteSize('é')).toBe(2);
    expect(byteSize('😀')).toBe(4);
    expect(byteSize('"')).toBe(1);
  });

  it('measures any other value as compact JSON', () => {
    expect(byteSize({ a: 'é' })).toBe('{"a":"é"}'.length + 1);
    expect(byteSize([1, 2])).toBe(5);
    expect(byteSize(null)).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  ConfigError,
  flag,
  idList,
  integer,
  isRandomSeed,
  oneOf,
  optional,
  seed,
  v1Dropped,
} from '../../lib/config/values.js';

describe('the parsers of setting values', () => {
  it('integer: within its bounds, else a message naming the setting and quoting the value', () => {
    expect(integer(1, 10)('10', 'N')).toBe(10);
    expect(() => integer(1, 10)('11', 'N')).toThrow(new ConfigError('N must be an integer from 1 to 10, not "11".'));
    expect(() => integer(1, 10)('2.5', 'N')).toThrow(ConfigError);
    expect(() => integer(1, 10)('', 'N')).toThrow(ConfigError);
  });

  it('optional: unset stays unset; a value is parsed', () => {
    expect(optional(integer(1, 10))(undefined, 'N')).toBeUndefined();
    expect(optional(integer(1, 10))('3', 'N')).toBe(3);
  });

  it('flag: 1/true/yes and 0/false/no in any case', () => {
    expect(['1', 'TRUE', 'yes'].map((v) => flag(v, 'F'))).toEqual([true, true, true]);
    expect(['0', 'False', 'NO'].map((v) => flag(v, 'F'))).toEqual([false, false, false]);
    expect(() => flag('maybe', 'F')).toThrow(new ConfigError('F must be true or false, not "maybe".'));
  });

  it('oneOf: a name in any case, given back as declared', () => {
    expect(oneOf(['default', 'strict'])('STRICT', 'P')).toBe('strict');
    expect(() => oneOf(['default', 'strict'])('lax', 'P')).toThrow(
      new ConfigError('P must be one of default, strict, not "lax".'),
    );
  });

  it('seed: an integer of 32 bits, or random (any case), drawn', () => {
    expect(seed('-123', 'SEED')).toBe(-123);
    expect(Number.isInteger(seed('Random', 'SEED'))).toBe(true);
    expect(isRandomSeed('RANDOM')).toBe(true);
    expect(isRandomSeed(undefined)).toBe(false);
    expect(() => seed(String(2 ** 31), 'SEED')).toThrow(ConfigError);
  });

  it('baseUrl: trailing slashes and a /v1 ending dropped, and v1Dropped says so only for the /v1', () => {
    expect(baseUrl(undefined, 'B')).toBeUndefined();
    expect(baseUrl('http://h:1//', 'B')).toBe('http://h:1');
    expect(v1Dropped('http://h:1//', 'http://h:1', 'B')).toBeUndefined();
    expect(baseUrl('http://h:1/api/v1/', 'B')).toBe('http://h:1/api');
    expect(v1Dropped('http://h:1/api/v1/', 'http://h:1/api', 'B')).toBe(
      'B ends in /v1: the suite appends /v1 itself, so it uses http://h:1/api',
    );
    expect(() => baseUrl('h:1', 'B')).toThrow(/^B has no http:\/\/ or https:\/\/ in front/);
  });

  it('idList: one id or several, comma-separated, spaces around each dropped; unset stays unset', () => {
    expect(idList(undefined, 'I')).toBeUndefined();
    expect(idList('abc', 'I')).toEqual(['abc']);
    expect(idList('abc,def', 'I')).toEqual(['abc', 'def']);
    expect(idList(' abc , def ,ghi', 'I')).toEqual(['abc', 'def', 'ghi']);
  });

  it('idList: an empty entry or an id named twice is refused, naming the setting', () => {
    for (const value of ['abc,', ',abc', 'abc,,def', 'abc, ,def'])
      expect(() => idList(value, 'I'), value).toThrow(/^I has an empty id in .*: ids are comma-separated/);
    expect(() => idList('abc,def,abc', 'I')).toThrow(new ConfigError('I names "abc" twice: each id once.'));
  });
});

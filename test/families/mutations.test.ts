// lib/families/mutations.ts: the other spellings of a configuration key, each another key that one lenient
// lookup (case folding, trimming, a prefix match, Unicode case forms, NFKC) would take for it; and display names
// nearly alike, never alike under case folding or normalisation.

import { describe, expect, it } from 'vitest';
import { distinctNameGroups, OTHER_SPELLINGS } from '../../lib/families/mutations.js';

const spelt = (key: string) => OTHER_SPELLINGS.map(([, spell]) => spell(key));

describe('OTHER_SPELLINGS', () => {
  it('spells a key other ways, each another key', () => {
    expect(spelt('display_name')).toEqual([
      'DISPLAY_NAME',
      'Display_name',
      ' display_name',
      'display_name ',
      'display_name_',
      'dıſplay_name',
      'ｄｉｓｐｌａｙ＿ｎａｍｅ',
    ]);
    expect(spelt('phone_number_key')).toContain('phone_number_\u212aey');
  });

  it('folds each back to the key under one lenient lookup', () => {
    const lookups = [
      (key: string) => key.toLowerCase(),
      (key: string) => key.toUpperCase().toLowerCase(),
      (key: string) => key.trim(),
      (key: string) => key.normalize('NFKC'),
      (key: string) => key.slice(0, -1),
    ];
    for (const key of ['display_name', 'strip_message_timestamps', 'phone_number_key'])
      for (const other of spelt(key)) {
        expect(other).not.toBe(key);
        expect(lookups.some((lookup) => lookup(other) === key)).toBe(true);
      }
  });

  it('leaves a key without s, i or k as it is in Unicode case forms (the check then skips that spelling)', () => {
    expect(spelt('prompt')).toContain('prompt');
  });
});

describe('distinctNameGroups', () => {
  const t = { config: { runMarker: 'cft-test' }, name: (label: string) => `cft-test ${label}` } as Parameters<
    typeof distinctNameGroups
  >[0];
  const names = distinctNameGroups(t).flatMap(([, group]) => group);

  it('gives names of 1 to 200 characters, each with the run marker but those every object inherits', () => {
    const inherited = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
    for (const name of names) {
      expect(name.startsWith('cft-test ') || inherited.includes(name), name).toBe(true);
      expect([...name].length).toBeLessThanOrEqual(200);
    }
    expect(names.filter((name) => inherited.includes(name))).toEqual(inherited);
    expect(names.filter((name) => [...name].length === 200)).toHaveLength(4);
  });

  it('never gives two names alike under case folding or Unicode normalisation (collation is not shown)', () => {
    const folded = names.map((name) => name.normalize('NFKC').toLowerCase());
    expect(new Set(folded).size).toBe(names.length);
  });
});

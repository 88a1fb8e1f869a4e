import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { MERGE_KEYS_NOTE, parsePublishedYaml } from '../../lib/published/yaml.js';
import { apiDocument } from './fixtures.js';
import { ERROR, MERGED, twoOperations } from './two-operations.js';

describe('parsePublishedYaml', () => {
  it('applies merge keys, and says the text has them', () => {
    const read = parsePublishedYaml(MERGED);
    expect(read.mergeKeys).toBe(true);
    expect(read.document).toEqual(twoOperations());
  });

  it('reads `<<` as an ordinary key when asked for the reading without merge keys', () => {
    const literal = parsePublishedYaml(MERGED).withoutMergeKeys() as ReturnType<typeof twoOperations>;
    expect(literal).toMatchObject({
      paths: { '/v1/agents/{agent_id}': { delete: { responses: { default: { '<<': ERROR } } } } },
    });
  });

  it('follows the merge rules: explicit keys win wherever they stand, earlier sources win over later ones', () => {
    const text = 'a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nc: {x: 0, <<: [*a, *b]}\nd: {<<: *a, y: 3}\n';
    expect(parsePublishedYaml(text).document).toEqual({
      a: { x: 1, y: 1 },
      b: { x: 2, z: 2 },
      c: { x: 0, y: 1, z: 2 },
      d: { x: 1, y: 3 },
    });
  });

  it('takes a quoted "<<" as an ordinary key, not a merge key', () => {
    const read = parsePublishedYaml('a: &a {x: 1}\nb: {"<<": *a}\n');
    expect(read).toMatchObject({ mergeKeys: false, document: { b: { '<<': { x: 1 } } } });
  });

  it('reads a document without merge keys exactly as it reads it without them', () => {
    const document = apiDocument({ dialect: '3.1' });
    const read = parsePublishedYaml(stringify(document));
    expect(read.mergeKeys).toBe(false);
    expect(read.document).toEqual(document);
    expect(read.withoutMergeKeys()).toBe(read.document);
  });

  // YAML 1.1 scalars are not read the YAML 1.1 way (js-yaml's default schema does not either):
  // they would turn strings the JSON form carries into booleans, numbers and dates.
  it.each([
    [
      'yes / no / on / off / y / n stay strings',
      'enum: [yes, no, on, off, y, n]',
      { enum: ['yes', 'no', 'on', 'off', 'y', 'n'] },
    ],
    ['true and false are booleans', 'a: true\nb: False', { a: true, b: false }],
    ['a leading zero is no octal', 'a: 012\nb: 0o12\nc: 0x1F', { a: 12, b: 10, c: 31 }],
    ['sexagesimal and underscored numbers stay strings', 'a: 1:20\nb: 1_000', { a: '1:20', b: '1_000' }],
    [
      'timestamps stay strings',
      'version: 2024-01-01\nat: 2024-01-01T10:00:00Z',
      { version: '2024-01-01', at: '2024-01-01T10:00:00Z' },
    ],
    ['null spellings are null', 'a: ~\nb: null\nc:', { a: null, b: null, c: null }],
    [
      'a %YAML 1.1 directive changes none of it',
      '%YAML 1.1\n---\na: yes\nb: 012\nc: &c {x: 1}\nd: {<<: *c}',
      { a: 'yes', b: 12, c: { x: 1 }, d: { x: 1 } },
    ],
  ])('%s', (_, text, expected) => {
    expect(parsePublishedYaml(text).document).toEqual(expected);
  });

  it('accepts an anchor merged far more than 100 times (every operation of a large API)', () => {
    const text = `base: &error {description: Error.}\nops:\n${Array.from({ length: 400 }, () => '  - {<<: *error}\n').join('')}`;
    const read = parsePublishedYaml(text).document as { ops: unknown[] };
    expect(read.ops).toHaveLength(400);
    expect(read.ops[399]).toEqual({ description: 'Error.' });
  });

  it('refuses exponential alias expansion', () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) => `l${i + 1}: &l${i + 1} [${Array(10).fill(`*l${i}`).join(', ')}]`,
    );
    expect(() => parsePublishedYaml(['l0: &l0 [lol]', ...levels].join('\n'))).toThrow(
      /aliases expand the document by more than 2000000 nodes/,
    );
  });

  it('refuses a huge map merged thousands of times', () => {
    const huge = Array.from({ length: 1000 }, (_, i) => `k${i}: ${i}`).join(', ');
    const text = `base: &b {${huge}}\nops:\n${Array.from({ length: 3000 }, () => '  - {<<: *b}\n').join('')}`;
    expect(() => parsePublishedYaml(text)).toThrow(/aliases expand the document/);
  });

  it('refuses an alias inside the node it refers to, and too many aliases', () => {
    expect(() => parsePublishedYaml('a: &a {b: *a}\n')).toThrow(/the alias \*a is inside the node it refers to/);
    expect(() => parsePublishedYaml(`a: &a 1\nb: [${Array(10_001).fill('*a').join(', ')}]\n`)).toThrow(
      /more than 10000 aliases/,
    );
  });

  it.each([
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a syntax error', 'a: [1, 2\n'],
    ['two documents', 'a: 1\n---\nb: 2\n'],
    ['a merge of a scalar', 'a: &a 1\nb: {<<: *a}\n'],
  ])('throws on %s', (_, text) => {
    expect(() => parsePublishedYaml(text)).toThrow();
  });
});

describe('keysNotStrings', () => {
  it('names every key that is not a string scalar, by its pointer and what it reads as; merge keys aside', () => {
    const text = [
      'paths:',
      '  /a:',
      '    get:',
      '      responses:',
      '        200: {description: x}',
      '        "404": {description: y}',
      '        true: 1',
      '        ~: 2',
      '        a/b: {null: 1, !!str 5: 2}',
      'b: &x {k: 1}',
      'c: {<<: *x}',
      'd: [{1.5: a}]',
    ].join('\n');
    expect(parsePublishedYaml(text).keysNotStrings).toEqual([
      '/paths/~1a/get/responses/200 (an integer)',
      '/paths/~1a/get/responses/true (a boolean)',
      '/paths/~1a/get/responses/~0 (null)',
      '/paths/~1a/get/responses/a~1b/null (null)',
      '/d/0/1.5 (a number)',
    ]);
  });
});

describe('MERGE_KEYS_NOTE', () => {
  it('names the spec and calls it a portability concern of parsers without merge keys', () => {
    const note = MERGE_KEYS_NOTE('agents', 'the YAML form is the same document as the JSON form');
    expect(note).toMatch(/^agents: the YAML form is the same document as the JSON form only with YAML merge keys/);
    expect(note).toMatch(/portability concern/);
    expect(note).toMatch(/swagger-parser/);
  });
});

import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { compareForms, parseForm, validateForm } from '../../lib/published/forms.js';
import { parsePublishedYaml } from '../../lib/published/yaml.js';
import { MERGED, twoOperations } from './two-operations.js';

describe('compareForms', () => {
  it('finds the forms the same when the YAML, read with merge keys, is the JSON form, and says only then', () => {
    expect(compareForms(parsePublishedYaml(MERGED), twoOperations())).toEqual({ same: true, onlyWithMergeKeys: true });
  });

  it('needs no merge keys for a plain YAML form; response codes quoted are the strings the JSON form has', () => {
    expect(
      compareForms(parsePublishedYaml(stringify(twoOperations())), JSON.parse(JSON.stringify(twoOperations()))),
    ).toEqual({ same: true, onlyWithMergeKeys: false });
  });

  it('finds a YAML key that is not a string (a plain `200:`, an integer) another key than the JSON form has', () => {
    const yaml = stringify(twoOperations()).replace(/^(\s+)"200":/m, '$1200:');
    expect(compareForms(parsePublishedYaml(yaml), JSON.parse(JSON.stringify(twoOperations())))).toEqual({
      same: false,
      difference: expect.stringMatching(
        /^at \/paths\/.*\/responses\/200 \(an integer\): a YAML key that is not a string/,
      ),
    });
  });

  it('tells whether the reading without merge keys would have differed', () => {
    // The literal reading would have a `<<` key the JSON form lacks: merge keys are needed.
    expect(compareForms(parsePublishedYaml('a: &a {x: 1}\nb: {<<: *a}\n'), { a: { x: 1 }, b: { x: 1 } })).toEqual({
      same: true,
      onlyWithMergeKeys: true,
    });
    // A JSON form that has the `<<` key itself is matched by the literal reading only.
    expect(
      compareForms(parsePublishedYaml('a: &a {x: 1}\nb: {<<: *a}\n'), { a: { x: 1 }, b: { '<<': { x: 1 } } }),
    ).toMatchObject({ same: false });
  });

  it('names where a merge makes the forms differ: a merged response whose content was not overridden', () => {
    const json = twoOperations() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    json.paths['/v1/agents/{agent_id}']!.delete!.responses['200'] = {
      description: 'Deleted.',
      content: { 'application/json': { schema: { type: 'object' } } },
    };
    const comparison = compareForms(parsePublishedYaml(MERGED), json);
    expect(comparison).toEqual({
      same: false,
      difference:
        'at /paths/~1v1~1agents~1{agent_id}/delete/responses/200: only the JSON has "content" (the YAML read with its merge keys applied)',
    });
  });

  it('names a value that differs, without mentioning merge keys when there are none', () => {
    const yaml = parseForm('info: {title: t, version: "2"}\n', 'yaml');
    expect(compareForms(yaml, { info: { title: 't', version: '1' } })).toEqual({
      same: false,
      difference: 'at /info/version: YAML "2", JSON "1"',
    });
  });
});

describe('validateForm', () => {
  it('finds a YAML form with a key that is not a string invalid: OpenAPI limits YAML keys to strings', async () => {
    const yaml = stringify(twoOperations()).replace(/^(\s+)"200":/gm, '$1200:');
    expect(await validateForm(parsePublishedYaml(yaml))).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^a YAML key that is not a string at \/paths\/.*\/200 \(an integer\), and 1 other/,
      ),
    });
  });

  it('says when a YAML form is valid only with its merge keys applied', async () => {
    expect(await validateForm(parsePublishedYaml(MERGED))).toEqual({ ok: true, onlyWithMergeKeys: true });
  });

  it('says nothing of merge keys for a JSON form or a YAML form without them', async () => {
    expect(await validateForm(parseForm(JSON.stringify(twoOperations()), 'json'))).toEqual({
      ok: true,
      onlyWithMergeKeys: false,
    });
    expect(await validateForm(parseForm(stringify(twoOperations()), 'yaml'))).toEqual({
      ok: true,
      onlyWithMergeKeys: false,
    });
  });

  it('reports an invalid merged document as invalid', async () => {
    const result = await validateForm(
      parsePublishedYaml(MERGED.replace("info: {title: t, version: '1'}", 'info: &i {title: t}\nx-info: {<<: *i}')),
    );
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/version/) });
  });
});

describe('parseForm', () => {
  it('reads a JSON form as it is, with no merge keys', () => {
    const read = parseForm('{"a": {"<<": 1}}', 'json');
    expect(read).toMatchObject({ document: { a: { '<<': 1 } }, mergeKeys: false });
    expect(read.withoutMergeKeys()).toBe(read.document);
  });

  it('throws on a body that is not of its form', () => {
    expect(() => parseForm('a: 1\n', 'json')).toThrow(SyntaxError);
    expect(() => parseForm('a: [1\n', 'yaml')).toThrow();
  });

  it('reads a YAML text once, however often it is asked for', () => {
    const text = stringify(twoOperations());
    expect(parseForm(text, 'yaml')).toBe(parseForm(text, 'yaml'));
  });
});

describe('where compareForms finds the forms differ', () => {
  const differenceOf = (yaml: unknown, json: unknown) => compareForms(parseForm(JSON.stringify(yaml), 'json'), json);

  it('names keys only one form has, both ways, at an escaped pointer', () => {
    expect(differenceOf({ 'a/b~c': { x: 1, y: 2 } }, { 'a/b~c': { x: 1, z: 2 } })).toEqual({
      same: false,
      difference: 'at /a~1b~0c: only the YAML has "y"; only the JSON has "z"',
    });
    expect(differenceOf({ a: 1 }, { a: 1, b: 2 })).toEqual({ same: false, difference: 'at /: only the JSON has "b"' });
  });

  it('walks arrays of the same length item by item, and shows arrays of different lengths whole', () => {
    expect(differenceOf({ a: [1, 2, 3] }, { a: [1, 5, 3] })).toEqual({
      same: false,
      difference: 'at /a/1: YAML 2, JSON 5',
    });
    expect(differenceOf({ a: [1, 2] }, { a: [1] })).toEqual({ same: false, difference: 'at /a: YAML [1,2], JSON [1]' });
  });

  it('shows an array and an object whole, not key by key', () => {
    expect(differenceOf({ a: ['x'] }, { a: { 0: 'y' } })).toEqual({
      same: false,
      difference: 'at /a: YAML ["x"], JSON {"0":"y"}',
    });
    expect(differenceOf({ a: { 0: 'x', 1: 'y' } }, { a: ['x'] })).toEqual({
      same: false,
      difference: 'at /a: YAML {"0":"x","1":"y"}, JSON ["x"]',
    });
  });

  it('cuts a shown value at 60 characters, and calls a missing form absent', () => {
    const long = 'x'.repeat(70);
    expect(differenceOf({ a: long }, { a: 'y' })).toEqual({
      same: false,
      difference: `at /a: YAML "${'x'.repeat(59)}…, JSON "y"`,
    });
    expect(differenceOf({ a: 'x'.repeat(58) }, { a: 'y' })).toEqual({
      same: false,
      difference: `at /a: YAML "${'x'.repeat(58)}", JSON "y"`,
    });
    expect(differenceOf({ a: 1 }, undefined)).toEqual({ same: false, difference: 'at /: YAML {"a":1}, JSON absent' });
  });
});

describe('validateForm of a YAML form that cannot be read without its merge keys', () => {
  it('counts it valid only with merge keys', async () => {
    const read = {
      document: twoOperations(),
      mergeKeys: true,
      withoutMergeKeys: () => {
        throw new Error('a merge of a scalar');
      },
      keysNotStrings: [],
    };
    expect(await validateForm(read)).toEqual({ ok: true, onlyWithMergeKeys: true });
  });
});

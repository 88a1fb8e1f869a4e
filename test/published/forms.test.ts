import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { compareForms, parseForm, validateForm } from '../../lib/published/forms.js';
import { parsePublishedYaml } from '../../lib/published/yaml.js';
import { MERGED, twoOperations } from './two-operations.js';

describe('compareForms', () => {
  it('finds the forms the same when the YAML, read with merge keys, is the JSON form, and says only then', () => {
    expect(compareForms(parsePublishedYaml(MERGED), twoOperations())).toEqual({ same: true, onlyWithMergeKeys: true });
  });

  it('needs no merge keys for a plain YAML form; response codes compare as strings', () => {
    expect(compareForms(parsePublishedYaml(stringify(twoOperations())), JSON.parse(JSON.stringify(twoOperations())))).toEqual({ same: true, onlyWithMergeKeys: false });
  });

  it('tells whether the reading without merge keys would have differed', () => {
    // The literal reading would have a `<<` key the JSON form lacks: merge keys are needed.
    expect(compareForms(parsePublishedYaml('a: &a {x: 1}\nb: {<<: *a}\n'), { a: { x: 1 }, b: { x: 1 } })).toEqual({ same: true, onlyWithMergeKeys: true });
    // A JSON form that has the `<<` key itself is matched by the literal reading only.
    expect(compareForms(parsePublishedYaml('a: &a {x: 1}\nb: {<<: *a}\n'), { a: { x: 1 }, b: { '<<': { x: 1 } } })).toMatchObject({ same: false });
  });

  it('names where a merge makes the forms differ: a merged response whose content was not overridden', () => {
    const json = twoOperations() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    json.paths['/v1/agents/{agent_id}']!.delete!.responses['200'] = { description: 'Deleted.', content: { 'application/json': { schema: { type: 'object' } } } };
    const comparison = compareForms(parsePublishedYaml(MERGED), json);
    expect(comparison).toEqual({
      same: false,
      difference: 'at /paths/~1v1~1agents~1{agent_id}/delete/responses/200: only the JSON has "content" (the YAML read with its merge keys applied)',
    });
  });

  it('names a value that differs, without mentioning merge keys when there are none', () => {
    const yaml = parseForm('info: {title: t, version: "2"}\n', 'yaml');
    expect(compareForms(yaml, { info: { title: 't', version: '1' } })).toEqual({ same: false, difference: 'at /info/version: YAML "2", JSON "1"' });
  });
});

describe('validateForm', () => {
  it('says when a YAML form is valid only with its merge keys applied', async () => {
    expect(await validateForm(parsePublishedYaml(MERGED))).toEqual({ ok: true, onlyWithMergeKeys: true });
  });

  it('says nothing of merge keys for a JSON form or a YAML form without them', async () => {
    expect(await validateForm(parseForm(JSON.stringify(twoOperations()), 'json'))).toEqual({ ok: true, onlyWithMergeKeys: false });
    expect(await validateForm(parseForm(stringify(twoOperations()), 'yaml'))).toEqual({ ok: true, onlyWithMergeKeys: false });
  });

  it('reports an invalid merged document as invalid', async () => {
    const result = await validateForm(parsePublishedYaml(MERGED.replace("info: {title: t, version: '1'}", 'info: &i {title: t}\nx-info: {<<: *i}')));
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/version/) });
  });
});

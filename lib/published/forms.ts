// The two forms of a published document (YAML by default, JSON on request): reading
// either, comparing them, and validating the one that was read, each telling whether
// the outcome depends on YAML merge keys being applied (see yaml.ts).

import { isDeepStrictEqual } from 'node:util';
import { validateOpenApi, type OpenApiValidation } from './validate.js';
import { parsePublishedYaml, type PublishedYaml } from './yaml.js';
import { remembered } from '../util/remembered.js';

export type DocumentForm = 'yaml' | 'json';

// Several checks read the same documents, and parsing YAML is slow: each text is read once.
// Callers never change what they read (validation works on a clone).
const readYaml = remembered<PublishedYaml>(64);

/** Reads a body in the given form; throws when it is not JSON / YAML. */
export function parseForm(text: string, form: DocumentForm): PublishedYaml {
  if (form === 'yaml') return readYaml(text, () => parsePublishedYaml(text));
  const document: unknown = JSON.parse(text);
  return { document, mergeKeys: false, withoutMergeKeys: () => document, keysNotStrings: [] };
}

export type FormsComparison =
  | {
      readonly same: true;
      /** True when the forms differ unless merge keys are applied. */ readonly onlyWithMergeKeys: boolean;
    }
  | {
      readonly same: false;
      /** Where they first differ, e.g. `at /paths/~1v1~1runs/get/responses: ...`. */ readonly difference: string;
    };

/** Whether the YAML form, read with merge keys applied, is the JSON form's document. */
export function compareForms(yaml: PublishedYaml, json: unknown): FormsComparison {
  // A key the YAML reads as another type than a string (`200:`, an integer) is not the JSON form's string key.
  const [notString] = yaml.keysNotStrings;
  if (notString !== undefined)
    return {
      same: false,
      difference: `at ${notString}: a YAML key that is not a string, where the JSON form's keys are strings (quote it)${yaml.keysNotStrings.length > 1 ? `, and ${yaml.keysNotStrings.length - 1} other such keys` : ''}`,
    };
  const expected = asJson(json);
  const actual = asJson(yaml.document);
  const at = firstDifference(actual, expected, '');
  if (at !== undefined)
    return { same: false, difference: `${at}${yaml.mergeKeys ? ' (the YAML read with its merge keys applied)' : ''}` };
  // Read without merge keys, the YAML keeps a `<<` key where each merge was, which the JSON form
  // (equal to the merged reading) cannot have: the forms are the same only with merge keys applied.
  return { same: true, onlyWithMergeKeys: yaml.mergeKeys };
}

export type FormValidation =
  | (OpenApiValidation & { readonly ok: false })
  | { readonly ok: true; /** True when only the merged reading is valid. */ readonly onlyWithMergeKeys: boolean };

/** validateOpenApi on the read document, its schemas apart; a YAML form with merge keys is also validated as read without them. */
export async function validateForm(read: PublishedYaml): Promise<FormValidation> {
  // OpenAPI limits a YAML form's keys to strings, so it reads as its JSON form would.
  const [notString] = read.keysNotStrings;
  if (notString !== undefined)
    return {
      ok: false,
      message: `a YAML key that is not a string at ${notString}${read.keysNotStrings.length > 1 ? `, and ${read.keysNotStrings.length - 1} other such keys` : ''}: OpenAPI limits YAML keys to strings (quote it)`,
    };
  const result = await validateOpenApi(read.document, { schemasApart: true });
  if (!result.ok) return result;
  if (!read.mergeKeys) return { ok: true, onlyWithMergeKeys: false };
  let literal: unknown;
  try {
    literal = read.withoutMergeKeys();
  } catch {
    return { ok: true, onlyWithMergeKeys: true };
  }
  return { ok: true, onlyWithMergeKeys: !(await validateOpenApi(literal, { schemasApart: true })).ok };
}

/** Through JSON, as the JSON form reads (its keys are strings: keys that are not are judged above). */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const EXCERPT = 60;
const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const show = (value: unknown) => {
  const text = value === undefined ? 'absent' : JSON.stringify(value);
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
};

/** Where the forms first differ (`at <JSON pointer>: ...`); undefined when they are equal. */
function firstDifference(yaml: unknown, json: unknown, pointer: string): string | undefined {
  if (isDeepStrictEqual(yaml, json)) return undefined;
  const at = `at ${pointer || '/'}`;
  if (isContainer(yaml) && isContainer(json) && Array.isArray(yaml) === Array.isArray(json)) {
    const [yamlKeys, jsonKeys] = [Object.keys(yaml), Object.keys(json)];
    const onlyYaml = yamlKeys.filter((key) => !(key in json));
    const onlyJson = jsonKeys.filter((key) => !(key in yaml));
    if (!Array.isArray(yaml) && (onlyYaml.length || onlyJson.length)) {
      const list = (keys: string[]) => keys.map((key) => JSON.stringify(key)).join(', ');
      return `${at}: ${[onlyYaml.length ? `only the YAML has ${list(onlyYaml)}` : '', onlyJson.length ? `only the JSON has ${list(onlyJson)}` : ''].filter(Boolean).join('; ')}`;
    }
    if (yamlKeys.length === jsonKeys.length) {
      for (const key of yamlKeys) {
        const found = firstDifference(yaml[key], json[key], `${pointer}/${pointerToken(key)}`);
        if (found !== undefined) return found;
      }
    }
  }
  return `${at}: YAML ${show(yaml)}, JSON ${show(json)}`;
}

/** An object or an array: both are walked key by key. */
const isContainer = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

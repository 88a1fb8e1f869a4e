// Reading a published YAML document the way the tools OpenAPI authors use read it.
// Every place the suite parses a target's YAML goes through parsePublishedYaml.
//
// The reading is YAML 1.2's core schema plus merge keys, which is what js-yaml's
// default schema (the loader behind most JavaScript OpenAPI tooling) does, except
// for timestamps:
// - Merge keys (`<<: *base`, `<<: [*a, *b]`) are applied: js-yaml's default schema,
//   PyYAML and the `yaml` package's `merge: true` apply them, and real documents use
//   them. Some YAML 1.2 parsers do not (swagger-parser reads with js-yaml's
//   JSON_SCHEMA), so a document that needs them gets a note (MERGE_KEYS_NOTE).
// - No other YAML 1.1 scalar: `yes`/`no`/`on`/`off`/`y`/`n` stay strings, `012` is 12,
//   `1_000` and `1:20` stay strings, as in js-yaml's default schema. Reading them the
//   YAML 1.1 way (PyYAML) would silently turn enum values and descriptions into
//   booleans and numbers the JSON form carries as strings.
// - Timestamps stay strings: js-yaml's default schema and PyYAML would make
//   `2024-01-01` a date, which has no JSON form (JSON-compatible loaders such as
//   swagger-parser's keep the string, the same string the JSON form carries).
// - A `%YAML 1.1` directive changes none of this (js-yaml ignores it too).
// - Duplicate keys are an error, as in js-yaml and the `yaml` package.

import {
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
  type ToJSOptions,
} from 'yaml';

export interface PublishedYaml {
  /** The document with merge keys applied. */
  readonly document: unknown;
  /** Whether the text has merge keys (a plain `<<` key). */
  readonly mergeKeys: boolean;
  /**
   * The document as a parser that does not apply merge keys reads it (`<<` an ordinary
   * key); the same as `document` when there are no merge keys. Throws when that reading
   * fails (a mapping with two `<<` keys has duplicate keys without merge keys).
   */
  withoutMergeKeys(): unknown;
  /**
   * Every mapping key that is not a string scalar (a plain `200:` reads as an integer, `true:`, `null:` and `~:` as
   * no string either), as `<JSON pointer of the key> (<what it reads as>)`: OpenAPI limits YAML keys to strings, as
   * JSON's are. Merge keys aside.
   */
  readonly keysNotStrings: readonly string[];
}

type Options = ParseOptions & DocumentOptions & SchemaOptions;

const READING: Options = { schema: 'core', version: '1.2', merge: true };

// Bounds on what aliases may cost, instead of the `yaml` package's own (it refuses
// more than 100 uses of one anchor, which a large document merging one error response
// into every operation exceeds; js-yaml and PyYAML have no limit). Each alias and each
// merge copies what it refers to, so a hostile document could expand exponentially, or
// linearly by merging one huge map thousands of times; resolving an alias also scans
// the anchors before it. Real documents stay far below both bounds.
const MAX_ALIASES = 10_000;
const MAX_ALIASED_NODES = 2_000_000;
const TO_JS: ToJSOptions = { maxAliasCount: -1 };

/** Throws when the text is not one YAML document or its aliases exceed the bounds above. Warnings (unknown tags) are not printed. */
export function parsePublishedYaml(text: string): PublishedYaml {
  const doc = composed(text, READING);
  const document: unknown = doc.toJS(TO_JS);
  const mergeKeys = hasMergeKeys(doc);
  return {
    document,
    mergeKeys,
    keysNotStrings: keysNotStrings(doc),
    withoutMergeKeys: () => (mergeKeys ? composed(text, { ...READING, merge: false }).toJS(TO_JS) : document),
  };
}

function composed(text: string, options: Options): Document.Parsed {
  const doc = parseDocument(text, options);
  const [error] = doc.errors;
  if (error) throw error;
  boundAliases(doc);
  return doc;
}

/** Throws when the aliases are too many, refer to a node that contains them, or would add too many nodes. */
function boundAliases(doc: Document.Parsed): void {
  const sizes = new Map<string, number>(); // anchor → nodes its node expands to (Infinity while open)
  let aliases = 0;
  const size = (node: unknown): number => {
    if (isAlias(node)) {
      if (++aliases > MAX_ALIASES) throw new Error(`more than ${MAX_ALIASES} aliases`);
      const aliased = sizes.get(node.source) ?? 1; // an unresolved alias is the parser's error
      if (aliased === Infinity) throw new Error(`the alias *${node.source} is inside the node it refers to`);
      return aliased;
    }
    const anchor = isNode(node) ? node.anchor : undefined;
    if (anchor) sizes.set(anchor, Infinity);
    let total = 1;
    if (isMap(node)) for (const pair of node.items) total += size(pair.key) + size(pair.value);
    else if (isSeq(node)) for (const item of node.items) total += size(item);
    if (anchor) sizes.set(anchor, total);
    return total;
  };
  let written = 0;
  visit(doc, { Node: () => void written++ });
  if (size(doc.contents) - written > MAX_ALIASED_NODES)
    throw new Error(`the aliases expand the document by more than ${MAX_ALIASED_NODES} nodes`);
}

const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** What a key that is not a string reads as. */
function readAs(key: unknown): string {
  if (!isScalar(key)) return isSeq(key) ? 'a sequence' : isMap(key) ? 'a mapping' : 'an alias';
  const { value } = key;
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return `a ${typeof value}`;
}

/** The keys of every mapping, from the root, that are not string scalars (aliases are walked where their anchor is). */
function keysNotStrings(doc: Document.Parsed): string[] {
  const found: string[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (isSeq(node)) node.items.forEach((item, i) => walk(item, `${pointer}/${i}`));
    if (!isMap(node)) return;
    for (const { key, value } of node.items) {
      if (isScalar(key) && typeof key.value === 'symbol') continue; // a merge key
      const text = isScalar(key) ? (key.source ?? String(key.value)) : String(key);
      const at = `${pointer}/${pointerToken(text)}`;
      if (!isScalar(key) || typeof key.value !== 'string') found.push(`${at} (${readAs(key)})`);
      walk(value, at);
    }
  };
  walk(doc.contents, '');
  return found;
}

/** Merge keys are composed as scalars holding Symbol('<<'); a quoted "<<" is an ordinary key. */
function hasMergeKeys(doc: Document.Parsed): boolean {
  let found = false;
  visit(doc, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || typeof pair.key.value !== 'symbol') return undefined;
      found = true;
      return visit.BREAK;
    },
  });
  return found;
}

/** A note for a check that passed only because merge keys were applied. */
export const MERGE_KEYS_NOTE = (specName: string, what: string): string =>
  `${specName}: ${what} only with YAML merge keys (\`<<: *anchor\`) applied, as js-yaml's default schema, PyYAML and the yaml package (merge: true) read them. ` +
  "A portability concern, not a violation: some YAML 1.2 parsers (swagger-parser's among them) do not apply merge keys and read `<<` as an ordinary key.";

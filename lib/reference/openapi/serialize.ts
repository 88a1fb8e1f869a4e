// A published document as text: JSON, or YAML without aliases and without line
// folding (it reads back as exactly the JSON form), or, with `yamlMergeKeys`, YAML
// as people write it by hand: a parameter (by location and name) or a response (by
// status) the document repeats is written once with an anchor (`&path-agent_id`,
// `&response-default`) and merged elsewhere with `<<: *anchor`, overriding what differs. Read with merge keys applied (js-yaml's default schema, PyYAML, the
// `yaml` package's `merge: true`) it is exactly the JSON form.

import { isDeepStrictEqual } from 'node:util';
import { Document, isMap, isScalar, isSeq, Pair, Scalar, stringify, type Node, type YAMLMap } from 'yaml';
import type { PublishingPolicy } from '../behaviour.js';
import type { SpecForm } from './negotiate.js';
import type { JsonObject } from '../../util/json.js';

export function specText(doc: JsonObject, form: SpecForm, publishing: PublishingPolicy): string {
  if (form === 'json') return JSON.stringify(doc);
  if (publishing.yamlMergeKeys) return withMergeKeys(doc);
  return stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** A map written in full that later maps of its label may merge. */
interface Base {
  readonly node: YAMLMap;
  readonly entries: ReadonlyMap<string, unknown>;
  readonly label: string;
}

function withMergeKeys(doc: JsonObject): string {
  const yaml = new Document(doc, { aliasDuplicateObjects: false, merge: true });
  const bases = new Map<string, Base[]>();
  const anchors = new Set<string>();
  const share = (node: unknown, label: string) => {
    if (!isMap(node)) return;
    const ofLabel = bases.get(label) ?? [];
    bases.set(label, ofLabel);
    factor(yaml, node, ofLabel, label, anchors);
  };
  // Document order: a base is always written before the maps that merge it.
  for (const item of mapValues(yaml.get('paths'))) {
    for (const operation of mapValues(item)) {
      if (!isMap(operation)) continue;
      const parameters = operation.get('parameters');
      if (isSeq(parameters)) {
        for (const parameter of parameters.items)
          if (isMap(parameter)) share(parameter, `${String(parameter.get('in'))}-${String(parameter.get('name'))}`);
      }
      const responses = operation.get('responses');
      if (isMap(responses)) for (const pair of responses.items) share(pair.value, `response-${keyOf(pair.key)}`);
    }
  }
  return yaml.toString({ lineWidth: 0 });
}

/**
 * Rewrites `node` as `<<: *base` plus what differs when an earlier map of its label has
 * only keys `node` has too and shares at least one value with it (the one sharing most);
 * otherwise `node` becomes a base itself.
 */
function factor(yaml: Document, node: YAMLMap, bases: Base[], label: string, anchors: Set<string>): void {
  const entries = new Map(
    node.items.map((pair) => [keyOf(pair.key), (pair.value as Node | null)?.toJSON() as unknown]),
  );
  let best: { base: Base; shared: number } | undefined;
  for (const base of bases) {
    if (![...base.entries.keys()].every((key) => entries.has(key))) continue;
    const shared = [...base.entries].filter(([key, value]) => isDeepStrictEqual(entries.get(key), value)).length;
    if (shared > 0 && shared > (best?.shared ?? 0)) best = { base, shared };
  }
  if (!best) {
    bases.push({ node, entries, label });
    return;
  }
  const { base } = best;
  if (!base.node.anchor) base.node.anchor = uniqueAnchor(base.label, anchors);
  const overrides = node.items.filter((pair) => {
    const key = keyOf(pair.key);
    return !base.entries.has(key) || !isDeepStrictEqual(entries.get(key), base.entries.get(key));
  });
  node.items = [new Pair(new Scalar('<<'), yaml.createAlias(base.node, base.node.anchor)), ...overrides];
}

function uniqueAnchor(label: string, taken: Set<string>): string {
  const clean = label.replace(/[^\w-]/g, '_');
  let anchor = clean;
  for (let n = 2; taken.has(anchor); n++) anchor = `${clean}-${n}`;
  taken.add(anchor);
  return anchor;
}

const keyOf = (key: unknown): string => String(isScalar(key) ? key.value : key);

const mapValues = (node: unknown): unknown[] => (isMap(node) ? node.items.map((pair) => pair.value) : []);

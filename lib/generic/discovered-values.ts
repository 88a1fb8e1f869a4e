// Path parameter values learned from what the published lists answer, and the order in which
// to read those lists so that each one's own path parameters can be filled from the ones before.

import type { PublishedOperation } from './model.js';
import { fitsPublished } from './path-values.js';
import { isJsonObject } from '../util/json.js';

/** Parameter name → values, in the order first seen, each once. */
export type DiscoveredValues = Map<string, string[]>;

/** Item fields are read this deep (the item itself is depth 0). */
const FIELD_DEPTH = 4;
/** Fields that name the item itself: read only as the ID of the list's own resource (rule a), never as another parameter's value. */
const OWN_FIELDS: readonly string[] = ['id', 'name'];

/**
 * (a) Each item's `id` (string or number), else the last segment of a `name` written
 * `<collection>/<id>` (the collection being the list path's last segment), is a value of the
 * parameter of every operation whose path is the list's path plus one `/{param}`. (b) Every
 * string field, at any depth up to FIELD_DEPTH, whose name is a path parameter of any operation
 * (`agent_id`) is a value of that parameter; `id` and `name` are left to (a).
 */
export function valuesFromItems(
  list: PublishedOperation,
  items: readonly unknown[],
  operations: readonly PublishedOperation[],
): DiscoveredValues {
  const children = operations.flatMap((operation) => childParameter(list.path, operation.path) ?? []);
  const fieldNames = new Set(
    operations.flatMap((operation) => operation.pathParams.map((parameter) => parameter.name)).filter(isForeignField),
  );
  const collection = list.path.replace(/\/+$/, '').split('/').pop() ?? '';
  const values: DiscoveredValues = new Map();
  for (const item of items) {
    const own = ownId(item, collection);
    if (own !== undefined) for (const name of children) add(values, name, own);
    for (const [name, value] of fieldValues(item, fieldNames, 0)) add(values, name, value);
  }
  return values;
}

/** All values of all maps, in the order given. */
export function mergeValues(...maps: readonly ReadonlyMap<string, readonly string[]>[]): DiscoveredValues {
  const merged: DiscoveredValues = new Map();
  for (const map of maps) for (const [name, values] of map) for (const value of values) add(merged, name, value);
  return merged;
}

/** For each path parameter, the first value that fits its published schema; else the names that have none. */
export function assignment(
  operation: PublishedOperation,
  values: ReadonlyMap<string, readonly string[]>,
): { params: Record<string, string> } | { missing: string[] } {
  const params: Record<string, string> = {};
  const missing: string[] = [];
  for (const parameter of operation.pathParams) {
    const value = values.get(parameter.name)?.find((candidate) => fitsPublished(parameter, candidate));
    if (value === undefined) missing.push(parameter.name);
    else params[parameter.name] = value;
  }
  return missing.length ? { missing } : { params };
}

/**
 * The GETs discovery reads (those with `list`, and those without path parameters whose 2xx
 * schema has an array property), in rounds. Round one: those without path parameters. Each
 * next round: those all of whose path parameters an earlier round can fill, by rule (a) (an
 * operation at that round's list path plus `/{param}`) or rule (b) (a field its items publish).
 * Whatever no round can fill comes last, to be tried with what was found anyway.
 */
export function discoveryOrder(operations: readonly PublishedOperation[]): PublishedOperation[][] {
  let remaining = operations.filter(
    (operation) =>
      operation.method === 'GET' && (operation.list || (operation.pathParams.length === 0 && operation.items)),
  );
  const fillable = new Set<string>();
  const rounds: PublishedOperation[][] = [];
  for (;;) {
    const ready = remaining.filter((operation) =>
      operation.pathParams.every((parameter) => fillable.has(parameter.name)),
    );
    if (ready.length === 0) break;
    rounds.push(ready);
    remaining = remaining.filter((operation) => !ready.includes(operation));
    for (const list of ready) {
      for (const operation of operations) {
        const child = childParameter(list.path, operation.path);
        if (child !== undefined) fillable.add(child);
      }
      for (const field of list.items?.fields ?? []) if (isForeignField(field)) fillable.add(field);
    }
  }
  return remaining.length ? [...rounds, remaining] : rounds;
}

/** `param` when `path` is `listPath/{param}` (trailing slashes aside). */
/**
 * The lists worth reading to fill the path parameters of `wanted`: those whose items give a value of
 * a parameter needed (the IDs of a child operation, or a field named like the parameter), and the
 * lists that fill their own parameters in turn. Discovery reads nothing else.
 */
export function sourcesFor(
  wanted: readonly PublishedOperation[],
  operations: readonly PublishedOperation[],
): Set<PublishedOperation> {
  const needed = new Set(wanted.flatMap((operation) => operation.pathParams.map((parameter) => parameter.name)));
  const candidates = discoveryOrder(operations).flat();
  const sources = new Set<PublishedOperation>();
  const gives = (list: PublishedOperation): boolean =>
    operations.some((operation) => needed.has(childParameter(list.path, operation.path) ?? '')) ||
    (list.items?.fields ?? []).some((field) => isForeignField(field) && needed.has(field));
  for (let grown = true; grown;) {
    grown = false;
    for (const list of candidates.filter((candidate) => !sources.has(candidate) && gives(candidate))) {
      sources.add(list);
      list.pathParams.forEach((parameter) => needed.add(parameter.name));
      grown = true;
    }
  }
  return sources;
}

function childParameter(listPath: string, path: string): string | undefined {
  const prefix = `${listPath.replace(/\/+$/, '')}/`;
  if (!path.startsWith(prefix)) return undefined;
  return /^\{([^{}/]+)\}\/*$/.exec(path.slice(prefix.length))?.[1];
}

function ownId(item: unknown, collection: string): string | undefined {
  if (!isJsonObject(item)) return undefined;
  const { id, name } = item;
  if ((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id))) return String(id);
  if (typeof name !== 'string') return undefined;
  const segments = name.split('/');
  return segments.length >= 2 && segments.at(-2) === collection && segments.at(-1) ? segments.at(-1) : undefined;
}

/** [field name, value] of every non-empty string field named in `names`, nested objects and arrays included. */
function* fieldValues(node: unknown, names: ReadonlySet<string>, depth: number): Generator<[string, string]> {
  if (depth > FIELD_DEPTH || typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (names.has(key) && typeof value === 'string' && value !== '') yield [key, value];
    else yield* fieldValues(value, names, depth + 1);
  }
}

const isForeignField = (name: string): boolean => !OWN_FIELDS.includes(name);

function add(values: DiscoveredValues, name: string, value: string): void {
  const known = values.get(name);
  if (!known) values.set(name, [value]);
  else if (!known.includes(value)) known.push(value);
}

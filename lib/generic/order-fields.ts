// The fields a published list names for `order_by`: the values its document shows for the
// parameter (its enum, default and examples: `-create_time` names create_time), each with the kind
// of value its items publish for it, which tells the ordering oracle how to compare them.

import type { FieldKind, ListField } from '../contract/list-endpoints.js';
import { typesOf } from './keywords.js';
import type { PublishedOperation } from './model.js';
import { itemPropertySchema, successSchema } from './response-shape.js';

export interface OrderField {
  readonly name: string;
  readonly field: ListField;
}

/** `-create_time`, `create_time desc`, `create_time asc` → `create_time`; anything but one field name → undefined. */
export function orderedField(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value
    .trim()
    .replace(/^-/, '')
    .replace(/\s+(asc|desc)$/i, '');
  return /^[A-Za-z_][\w.]*$/.test(name) ? name : undefined;
}

/** The kind of a published item property, for comparing its values; undefined when nothing says. */
function kindOf(schema: ReturnType<typeof itemPropertySchema>): FieldKind | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema['enum'])) return 'enum';
  if (schema['format'] === 'date-time') return 'timestamp';
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) return 'number';
  return types.includes('string') ? 'string' : undefined;
}

/** Every field the document names for order_by whose value the items publish with a comparable type. */
export function orderFields(operation: PublishedOperation): OrderField[] {
  const parameter = operation.queryParams.find((candidate) => candidate.name === 'order_by');
  const key = operation.items?.key;
  if (!parameter || key === undefined) return [];
  const schema = parameter.schema ?? {};
  const shown = [
    ...(Array.isArray(schema['enum']) ? schema['enum'] : []),
    schema['default'],
    ...(parameter.examples ?? []),
  ];
  const names = [...new Set(shown.map(orderedField).filter((name): name is string => name !== undefined))];
  const success = successSchema(operation.source.document, operation.source.operation);
  return names.flatMap((name) => {
    const kind = kindOf(itemPropertySchema(operation.source.document, success, key, name));
    return kind ? [{ name, field: { kind, path: name } }] : [];
  });
}

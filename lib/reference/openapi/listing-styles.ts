import type { JsonObject } from '../../util/json.js';
// Shapes of the `GET /v1/openapi` answer. The spec only says "the available spec_name
// values with their URLs", so each shape carries the schema it is published with.

export interface SpecEntry {
  readonly spec_name: string;
  readonly url: string;
}

export interface ListingStyle {
  render(entries: readonly SpecEntry[]): unknown;
  readonly schema: JsonObject;
}

const entrySchema = (nameKey: string): JsonObject => ({
  type: 'object',
  required: [nameKey, 'url'],
  properties: { [nameKey]: { type: 'string' }, url: { type: 'string' } },
});

/** `{specs: [{spec_name, url}]}` */
export const SPECS_ARRAY: ListingStyle = {
  render: (entries) => ({ specs: entries.map(({ spec_name, url }) => ({ spec_name, url })) }),
  schema: {
    type: 'object',
    required: ['specs'],
    properties: { specs: { type: 'array', items: entrySchema('spec_name') } },
  },
};

/** `{"<spec_name>": "<url>", ...}` */
export const NAME_MAP: ListingStyle = {
  render: (entries) => Object.fromEntries(entries.map((e) => [e.spec_name, e.url])),
  schema: { type: 'object', additionalProperties: { type: 'string' } },
};

/** `[{name, url}]` at the top level. */
export const NAMED_ARRAY: ListingStyle = {
  render: (entries) => entries.map((e) => ({ name: e.spec_name, url: e.url })),
  schema: { type: 'array', items: entrySchema('name') },
};

// The generic layer's view of one operation a target publishes beyond the specification's 20
// endpoints: what the general rules (authentication, the error envelope, wrapping, timestamps,
// pagination) need to know about it, read from the target's own published documents.

import type { JsonObject } from '../util/json.js';

export interface PublishedParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  /** The parameter's schema with local `$ref`s followed, when it has one. */
  readonly schema?: JsonObject;
  /** The values its document shows: `example`, `examples` (their `value`s), of the parameter or of its schema. */
  readonly examples?: readonly unknown[];
}

/** What a published list operation says about its pages. */
export interface ListShape {
  /** The array property of the 2xx response's JSON schema holding the items (`test_cases`), when it names one. */
  readonly itemsKey?: string;
  /** page_size bounds and default as published (`minimum`, `maximum`, `default` of its schema); the minimum is 1 when not published. */
  readonly pageSize: { readonly min: number; readonly max?: number; readonly default?: number };
}

/** What a published 2xx response says about the array of items it holds. */
export interface ItemsShape {
  /** The array property (`test_cases`). */
  readonly key: string;
  /** Property names the items' schema publishes, nested objects' included (`id`, `agent_id`, …). */
  readonly fields: readonly string[];
}

export interface PublishedOperation {
  /** The `spec_name` of the document that publishes it (the report groups by it). */
  readonly document: string;
  /** The published `operationId`, else `<METHOD> <path>`. */
  readonly id: string;
  /** Upper case. */
  readonly method: string;
  /** The path as served below the base URL, with its template (`/v1/test-cases/{test_case_id}`). */
  readonly path: string;
  /** In template order. */
  readonly pathParams: readonly PublishedParameter[];
  readonly queryParams: readonly PublishedParameter[];
  /** Whether the published security requires a key (a requirement list without an empty alternative). */
  readonly secured: boolean;
  /** Not GET, HEAD or OPTIONS: the request could change data. */
  readonly writes: boolean;
  /** The array property of the 2xx JSON response schema (list or not), and the property names its items publish (nested ones included): where discovery reads IDs. */
  readonly items?: ItemsShape;
  /** Present when the operation takes both `page_size` and `page_token` query parameters. */
  readonly list?: ListShape;
  /** For a single resource: the one property of the 2xx JSON response schema that wraps it (`test_case`). */
  readonly wrapper?: string;
  /** The response status keys published (`200`, `4XX`, `default`, …). */
  readonly statuses: readonly string[];
  /** The document and the operation object as published, for reading its schemas with their `$ref`s. */
  readonly source: { readonly document: JsonObject; readonly operation: JsonObject };
}

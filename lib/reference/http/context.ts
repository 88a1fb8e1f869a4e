// What a route handler gets, and what it gives back.

import type { IncomingHttpHeaders } from 'node:http';
import type { Endpoint } from '../../contract/endpoints.js';
import type { Behaviour } from '../behaviour.js';
import type { Store } from '../store/store.js';
import type { JsonObject } from '../../util/json.js';

export interface RequestContext {
  readonly b: Behaviour;
  readonly store: Store;
  readonly endpoint: Endpoint;
  /** A path parameter of the endpoint's template (validated against its ID rule). */
  param(name: string): string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON object body of POST and PATCH requests; empty for the others. */
  readonly body: JsonObject;
  /** Scheme, host and port the client reached, without a trailing slash. */
  readonly baseUrl: string;
}

/** A JSON body is wrapped under the endpoint's wrapper key by the server; text is sent as is. */
export type Reply =
  | { readonly kind: 'json'; readonly body: unknown }
  | { readonly kind: 'text'; readonly contentType: string; readonly text: string };

export const json = (body: unknown): Reply => ({ kind: 'json', body });

/** A body sent as it is, not as JSON: what `Behaviour.respond` returns to answer with something else (faults). */
export class RawText {
  constructor(readonly contentType: string, readonly text: string) {}
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

/** Handlers by endpoint key (`GET /v1/agents/{agent_id}`). */
export type Routes = Readonly<Record<string, Handler>>;

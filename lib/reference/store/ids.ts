// Identifier generation: random strings over an alphabet (22-character IDs and the
// like) and ULIDs (26 characters: 48-bit time, then randomness, Crockford base32).

import type { Random } from './random.js';

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Stryker disable next-line StringLiteral: only the variation rest-statuses issues IDs over this alphabet.
export const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export interface IdFactory {
  /** A random identifier of the given length. */
  token(length: number): string;
  /** A ULID for the given instant. */
  ulid(epochMs: number): string;
}

function draw(random: Random, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

function ulidTime(epochMs: number): string {
  let out = '';
  let rest = Math.floor(epochMs);
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[rest % 32] + out;
    // Stryker disable next-line ArithmeticOperator: the specification asks a 26-character ULID; the instant its first
    // 10 characters encode is compared with nothing it shows (`* 32` keeps only the last 5 bits of the instant).
    rest = Math.floor(rest / 32);
  }
  return out;
}

export function idFactory(alphabet: string, random: Random): IdFactory {
  return {
    token: (length) => draw(random, alphabet, length),
    ulid: (epochMs) => ulidTime(epochMs) + draw(random, CROCKFORD, 16),
  };
}

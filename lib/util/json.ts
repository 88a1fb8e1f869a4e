// A parsed JSON object, and the one test for it.

export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

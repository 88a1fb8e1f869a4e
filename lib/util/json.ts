// A parsed JSON object, and the one test for it.

export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A JSON pointer with its array indices folded (/runs/3/id to /runs/*/id): one place however many items show it.
export const foldIndices = (pointer: string): string => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

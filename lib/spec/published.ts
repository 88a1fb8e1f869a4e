// The interface the harness needs from a target's published OpenAPI documents.
// Loading, validation and merging live beside this file (lib/spec/load.ts).

import type { SchemaIssue } from '../checks/schema-validator.js';

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

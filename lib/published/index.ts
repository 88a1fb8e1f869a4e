// The published-spec module: fetch, validate and use the OpenAPI documents a target publishes.

export { parseListing, type ListedSpec } from './listing.js';
export { fetchSpecDocument, specPath, type FetchedSpec, type SpecForm } from './fetch.js';
export { validateOpenApi, type OpenApiValidation } from './validate.js';
export { MERGE_KEYS_NOTE, parsePublishedYaml, type PublishedYaml } from './yaml.js';
export {
  compareForms,
  parseForm,
  validateForm,
  type DocumentForm,
  type FormsComparison,
  type FormValidation,
} from './forms.js';
export {
  coverage,
  indexOperations,
  type DocumentedOperation,
  type IndexOptions,
  type OperationIndex,
  type SecurityRequirement,
} from './operations.js';
export { securityProblems } from './security.js';
export { compileResponseValidators, type ResponseValidators } from './response-schemas.js';
export { requestBodyProperties } from './request-body.js';
export { loadPublishedSpec, type LoadedDocument, type LoadedSpecs } from './load.js';
export type { PublishedSpec } from '../schema/published-spec.js';

import { must, should } from './types.js';

export const AUTH = [
  must('auth', 'AUTH-MISSING-KEY', 'Authentication', 'A request without `X-API-Key` to a non-specification endpoint yields UNAUTHENTICATED and no data.',
    'A missing or invalid key yields an error with code `UNAUTHENTICATED`',
    'Audit: the words make no exception for a request that is wrong in other ways too (a body that is not JSON, required fields missing, a malformed path ID or page_size), so those are refused with UNAUTHENTICATED as well: the key comes first. A server whose JSON parser runs before its authentication (a framework\'s default order) answers INVALID_ARGUMENT there; that is an order the framework chose, not a reading of the words, and the refusal stays required. Kept.'),
  must('auth', 'AUTH-INVALID-KEY', 'Authentication', 'A request with a wrong `X-API-Key` yields UNAUTHENTICATED and no data.',
    'A missing or invalid key yields an error with code `UNAUTHENTICATED`',
    'Audit: an empty key and the valid key in another letter case are not the organization\'s key (a key is a secret, compared exactly); the header\'s name is case-insensitive (HTTP), its value is not. Kept.'),
  must('auth', 'AUTH-DETAILS-HEADER', 'Authentication', 'The UNAUTHENTICATED error\'s details name the field `X-API-Key`.',
    'whose details name the field `X-API-Key`', 'Read as for ERROR-DETAILS-FIELD: under any parent (`headers.x-api-key`), ignoring case (HTTP header names are case-insensitive), `_` and `-`.'),
  must('auth', 'AUTH-SPEC-PUBLIC', 'Authentication', 'The two `/v1/openapi` endpoints answer without a key.',
    'The two `/v1/openapi` endpoints need no key.'),
] as const;

const s = 'specification' as const;

export const SPECIFICATION = [
  must(s, 'SPEC-LISTING', 'Specification endpoints', '`GET /v1/openapi` lists the available spec_name values with their URLs.',
    'GET /v1/openapi: the available `spec_name` values with their URLs',
    'The listing\'s shape is not shown: an array of objects with `spec_name`/`name` and `url`, or a map from name to URL, at the top level or under one key, are all read. Audit: only success, JSON, at least one name and a URL for each are required; the shapes rest-statuses (map) and lenient-inputs (array of `{name, url}`) publish pass. Kept.'),
  must(s, 'SPEC-FETCHABLE', 'Specification endpoints', 'Every listed spec_name is served at `/v1/openapi/{spec_name}`.',
    'GET /v1/openapi/{spec_name}',
    'Audit: each listed spec_name with Accept: */* (either form will do); the listed URL too, only when it is on the target\'s own origin and under its base URL (the suite never calls other hosts), resolved against the base when relative. Kept.'),
  must(s, 'SPEC-YAML-DEFAULT', 'Specification endpoints', 'Without `Accept`, a spec is served as YAML with a YAML media type.',
    'YAML (`application/yaml`) by default', 'Accepted media types: application/yaml, application/x-yaml, text/yaml, text/x-yaml (strict: application/yaml). Audit: the default is the answer to a request without an Accept header (the header is optional); `Accept: */*` accepts either form, so a server may answer it with JSON, the first form its negotiation lists (variation rest-statuses does; the check had required YAML there and false-failed it). Every check of the YAML form reads the answer without an Accept header; `*/*` only has to be served (SPEC-FETCHABLE); YAML for it is SPEC-YAML-ANY-ACCEPT (strict).'),
  should(s, 'SPEC-YAML-ANY-ACCEPT', 'Specification endpoints', 'With `Accept: */*` (no preference stated), a spec is served as YAML, the default form.',
    'YAML (`application/yaml`) by default; JSON when `Accept: application/json`',
    'Strict only: `*/*` accepts either form, so a server may answer it with JSON, the first form its negotiation lists (variation rest-statuses); the convention is that a request stating no preference gets the default. YAML media types as for SPEC-YAML-DEFAULT.'),
  should(s, 'SPEC-YAML-MEDIA-TYPE', 'Specification endpoints', 'The YAML form is labelled exactly `application/yaml`.',
    'YAML (`application/yaml`)', 'Strict only: older YAML media types are widespread.'),
  must(s, 'SPEC-JSON-ON-REQUEST', 'Specification endpoints', 'With `Accept: application/json`, the spec is served as JSON with a JSON media type.',
    'JSON when `Accept: application/json`',
    'Audit: any JSON media type passes (`application/json`, with parameters, or `application/<x>+json`); the body must be an object, as an OpenAPI document is. Kept.'),
  must(s, 'SPEC-SAME-DOCUMENT', 'Specification endpoints', 'The YAML and JSON forms of a spec are the same document.',
    'YAML (`application/yaml`) by default; JSON when `Accept: application/json`'),
  must(s, 'SPEC-VALID-OPENAPI', 'Specification endpoints', 'Each published spec is a valid OpenAPI document.',
    'fetch the machine-readable interface specifications', 'Validated with swagger-parser (OpenAPI 3.0 and 3.1). Audit: a document in OpenAPI 2.0 (Swagger) fails, as the rest of the suite reads OpenAPI 3 only; no variation publishes 2.0 (left open, see the audit report).'),
  must(s, 'SPEC-COVERS-ENDPOINTS', 'Specification endpoints', 'The published specs together document every endpoint of the specification.',
    'This document covers the whole service', 'A path may carry `/v1` itself or take it from the server URL; documents may be one or one per resource. Audit: the specification endpoints themselves need not be documented; the documents are read in their JSON form. Kept.'),
  must(s, 'SPEC-SECURITY-API-KEY', 'Specification endpoints', 'Every non-specification operation is documented as secured by an `X-API-Key` header key; the spec endpoints, where documented, need none.',
    'All endpoints except the two specification endpoints require the `X-API-Key` header.',
    'Audit: the spec says the header is required, not how a document says so. An apiKey security scheme in the header `X-API-Key` (not allowing anonymous calls), or a required header parameter `X-API-Key` on the operation or its path (as FastAPI\'s Header() documents it; variation localized-pointers, false-failed before), both document it; a parameter that is not required does not (fault spec-key-parameter-optional). The scheme alone is SPEC-SECURITY-SCHEME (strict).'),
  should(s, 'SPEC-SECURITY-SCHEME', 'Specification endpoints', 'Every non-specification operation declares the key as an OpenAPI security scheme: apiKey in the header `X-API-Key`.',
    'All endpoints except the two specification endpoints require the `X-API-Key` header.',
    'Strict only: a required header parameter documents the requirement too (SPEC-SECURITY-API-KEY, variation localized-pointers); a security scheme is the convention OpenAPI gives for credentials, and what generated clients read.'),
] as const;

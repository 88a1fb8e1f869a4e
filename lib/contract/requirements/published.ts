// The general rules applied to every operation a target publishes beyond the specification's 20
// endpoints (the generic layer, suites/published.suite.ts). Each rests on words the specification
// states for the whole service; the operation's own description comes from the target's documents.

import { must } from './types.js';

const p = 'published' as const;

export const PUBLISHED = [
  must(
    p,
    'GENERIC-IMPLEMENTED',
    'Specification endpoints',
    'Every operation a target publishes is served: it does not answer as an unknown route (404 or 405 without a key, where a secured operation must refuse the key first; 404, 405 or 501 to a request its published description allows).',
    'fetch the machine-readable interface specifications',
    "A published operation is the target's contract. Judged on the requests the generic layer shares between its checks: without a key, a secured operation must answer UNAUTHENTICATED whatever its path parameters name, so 404/405/501 there means the route is missing; a server that authenticates before it routes answers that 401 either way, so with the key a GET without path parameters (nothing to look up) answered 404/405/501, or a GET with path parameters naming nothing answered 405/501 (a 404 is what a served operation answers them), mean the same; a write is never sent with the key, so a write behind such a server cannot be shown unserved. Whichever request shows it, the other generic checks of an operation that is not served are blocked by this one (one failure per operation), and every operation published and not served is one cause listing each.",
  ),
  must(
    p,
    'GENERIC-AUTH',
    'Authentication',
    'Every published operation refuses a request without `X-API-Key`, and one with a wrong key, with UNAUTHENTICATED naming `X-API-Key`, before anything else.',
    'All endpoints except the two specification endpoints require the `X-API-Key` header. A missing or invalid key yields an error with code `UNAUTHENTICATED` whose details name the field `X-API-Key`.',
    "Every operation but the specification's own two, whatever security its document publishes. Sent with path parameters that are well-formed by the published schema but name nothing, and no body: a correct server refuses them before looking anything up. By default only to GET operations and to operations whose path names a resource (nothing can change there); to a collection's POST only with PUBLISHED_WRITES=true; under READ_ONLY, GETs only.",
  ),
  must(
    p,
    'GENERIC-ERROR-ENVELOPE',
    'Errors',
    'Every error a published operation answers carries one object `error` with string `code`, string `message` and array `details` of `{field, description}`.',
    'Error responses carry a single object `error` with `code`, `message`, `details`',
    'Judged on every error the generic layer provokes: the refused keys, a path parameter naming nothing, a forged page_token.',
  ),
  must(
    p,
    'GENERIC-SCHEMA-PUBLISHED',
    'Specification endpoints',
    'A published GET answers a status its document publishes, with a body matching the schema published for it.',
    'fetch the machine-readable interface specifications',
    "Path parameters are filled from what the suite discovered (IDs in the published lists' items and in other resources' fields); an operation whose parameters name nothing discovered is skipped with the reason. A `default` or `4XX`-style response covers the statuses it stands for.",
  ),
  must(
    p,
    'GENERIC-WRAPPED',
    'Endpoints',
    'A published GET of one resource answers with the resource wrapped under the single key its document names.',
    'the resource is wrapped under a single key named after the resource type',
    'The key is the one the published 2xx schema gives (its only property); other top-level keys beside it are tolerated, as for ENVELOPE-WRAPPED.',
  ),
  must(
    p,
    'GENERIC-TIMESTAMPS',
    'Resources and their fields',
    'Every timestamp a published GET answers (a field published with format date-time) is an ISO 8601 UTC string.',
    'All timestamps are ISO 8601 UTC strings',
    'Read as for TIMESTAMP-ISO-UTC; null is allowed where the published schema allows it.',
  ),
  must(
    p,
    'GENERIC-PAGINATION',
    'Filter and pagination rules',
    'A published list operation (one taking page_size and page_token) pages as the list rules say: pages followed by next_page_token serve each item once, no page exceeds its page_size, the published maximum is served, and a forged page_token is refused with INVALID_ARGUMENT.',
    '`page_token` is opaque and comes from `next_page_token` of the previous response (Filter and pagination rules, list endpoints)',
    'Three pages at page_size 7 (or the published minimum) are compared, as item identities (id, else name, else the whole item), with the first page at the published maximum (or 100 when none is published) read before and after them: the items that kept their place between those two reads must each be served once (other checks may be creating data; items inserted ahead of others move them, and a correct server may then serve one twice). page_size one past the published maximum may be refused with INVALID_ARGUMENT or brought into range.',
  ),
  must(
    p,
    'GENERIC-ORDER-BY',
    'Filter and pagination rules',
    "A published list orders by each field its document names for order_by: ascending by the field's name, descending with a leading dash.",
    '`order_by` is a field name; a leading dash means descending (Filter and pagination rules, list endpoints)',
    "Judged where the document names order_by fields (the order_by parameter's enum, default and examples: `-create_time` names create_time) and publishes the field on the items with a comparable type: one page of each order, sorted as the suite's ordering oracle reads it (timestamps as instants, numbers as numbers, text by code point or ignoring case, enums grouped, the descending blocks the ascending ones reversed); items without the field are not judged.",
  ),
] as const;

/**
 * The specification's rule each generic rule applies to the operations beyond its 20 endpoints:
 * a bug that breaks both (timestamps written with an offset everywhere) is one cause.
 */
export const SPECIFICATION_RULE_OF: Readonly<Record<string, string>> = {
  'GENERIC-TIMESTAMPS': 'TIMESTAMP-ISO-UTC',
  'GENERIC-ERROR-ENVELOPE': 'ERROR-ENVELOPE',
  'GENERIC-WRAPPED': 'ENVELOPE-WRAPPED',
  'GENERIC-SCHEMA-PUBLISHED': 'SCHEMA-PUBLISHED',
};

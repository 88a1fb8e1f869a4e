// Which checks the generic layer generates for a published operation, with the requirements each
// verifies and its title: one table for the suite (lib/families/published/ gives each kind its
// body) and for `--list`, which shows what a target's documents generate without running them.

import type { RequirementId } from '../contract/requirements/index.js';
import type { PublishedOperation } from './model.js';
import { checkIdOf } from '../result/check-id.js';
import { orderFields } from './order-fields.js';
import { successPublishesDateTime } from './response-schema.js';

export type GeneratedKind =
  'implemented' | 'auth' | 'read' | 'wrapped' | 'timestamps' | 'absent' | 'pagination' | 'order';

export interface GeneratedCheck {
  readonly kind: GeneratedKind;
  readonly requirements: readonly RequirementId[];
  readonly title: string;
}

/** Page size of the walk that crosses page boundaries (bounded by what is published). */
const SMALL_PAGE = 7;
/** The largest page read when no maximum is published. */
const UNPUBLISHED_MAX = 100;

/** Pages of the small walk: two page boundaries prove the tokens, however long the list. */
export const WALK_PAGES = 3;

/**
 * The page sizes a published list is read at: a small one (walked for three pages), one page as
 * large as those three (what they must serve), and the largest published (served once: its pages may be heavy).
 */
export function walkSizes(list: NonNullable<PublishedOperation['list']>): {
  readonly small: number;
  readonly reference: number;
  readonly large: number;
} {
  const large = list.pageSize.max ?? UNPUBLISHED_MAX;
  const small = Math.max(list.pageSize.min, Math.min(SMALL_PAGE, large));
  return { small, reference: Math.min(large, small * WALK_PAGES), large };
}

/**
 * The id of a generated check: its document, its operation (the operation id, or method and path) and
 * its kind (`published.test-cases.list-test-cases.pagination`).
 */
export const generatedCheckId = (operation: PublishedOperation, kind: GeneratedKind): string =>
  checkIdOf('published', operation.document, operation.id, kind);

/** `listTestCases (GET /v1/test-cases)`: how the reports name an operation. */
export const operationLabel = (operation: PublishedOperation): string =>
  operation.id === `${operation.method} ${operation.path}`
    ? operation.id
    : `${operation.id} (${operation.method} ${operation.path})`;

/**
 * A write naming no resource (a collection's POST): a server that does not authenticate might act
 * on a request to it, so its checks run only when the user opts in (PUBLISHED_WRITES).
 */
export const isCollectionWrite = (operation: PublishedOperation): boolean =>
  operation.writes && operation.pathParams.length === 0;

/** Every operation is served and authenticates; a GET is read; a published list pages and orders as the rules say. */
export function generatedChecks(operation: PublishedOperation): GeneratedCheck[] {
  const label = operationLabel(operation);
  const checks: GeneratedCheck[] = [
    { kind: 'implemented', requirements: ['GENERIC-IMPLEMENTED'], title: `${label} is served, as published` },
    {
      kind: 'auth',
      requirements: ['GENERIC-AUTH', 'GENERIC-ERROR-ENVELOPE'],
      title: `${label}: no key and a wrong key each give UNAUTHENTICATED naming X-API-Key`,
    },
  ];
  if (operation.method !== 'GET') return checks;
  checks.push({
    kind: 'read',
    requirements: ['GENERIC-SCHEMA-PUBLISHED'],
    title: `${label} answers a published status with a body matching its published schema`,
  });
  if (operation.wrapper !== undefined)
    checks.push({
      kind: 'wrapped',
      requirements: ['GENERIC-WRAPPED'],
      title: `${label} answers the resource wrapped under "${operation.wrapper}"`,
    });
  // Only where a success response publishes a timestamp: elsewhere the check could not fail.
  if (successPublishesDateTime(operation))
    checks.push({
      kind: 'timestamps',
      requirements: ['GENERIC-TIMESTAMPS'],
      title: `${label}: every timestamp it publishes is an ISO 8601 UTC string`,
    });
  if (operation.pathParams.length > 0) {
    checks.push({
      kind: 'absent',
      requirements: ['GENERIC-ERROR-ENVELOPE'],
      title: `${label}: path parameters naming nothing are answered, if with an error, with the error envelope`,
    });
  }
  if (operation.list) {
    const { small, reference, large } = walkSizes(operation.list);
    checks.push({
      kind: 'pagination',
      requirements: ['GENERIC-PAGINATION', 'GENERIC-ERROR-ENVELOPE'],
      title: `${label} pages as the list rules say: ${WALK_PAGES} pages at page_size ${small} serve what a page of ${reference} lists, each once; page_size ${large} served; a forged page_token refused`,
    });
  }
  const ordered = operation.list ? orderFields(operation) : [];
  if (ordered.length) {
    checks.push({
      kind: 'order',
      requirements: ['GENERIC-ORDER-BY'],
      title: `${label}: order_by ${ordered.map((o) => o.name).join(', ')} sorts ascending, and with a leading dash descending`,
    });
  }
  return checks;
}

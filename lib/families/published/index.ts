// The generic layer's checks of one operation a target publishes beyond the specification's 20
// endpoints: which ones, with their titles, come from lib/generic/checks.ts (shared with
// `--list`); each kind's body is here. A collection's write runs only with PUBLISHED_WRITES.

import { generatedCheckId, generatedChecks, isCollectionWrite, type GeneratedKind } from '../../generic/checks.js';
import type { PublishedOperation } from '../../generic/model.js';
import { check, type CheckContext } from '../../harness/index.js';
import { expectAuthenticated } from './auth.js';
import { expectServed } from './implemented.js';
import { expectOrderedAsPublished } from './order.js';
import { expectPagesAsPublished } from './pagination.js';
import { expectAbsentInEnvelope, expectReadAsPublished, expectReadTimestamps, expectReadWrapped } from './reads.js';

const BODIES: Readonly<Record<GeneratedKind, (t: CheckContext, operation: PublishedOperation) => Promise<void>>> = {
  implemented: expectServed,
  auth: expectAuthenticated,
  read: expectReadAsPublished,
  wrapped: expectReadWrapped,
  timestamps: expectReadTimestamps,
  absent: expectAbsentInEnvelope,
  pagination: expectPagesAsPublished,
  order: expectOrderedAsPublished,
};

export function declarePublishedChecks(operation: PublishedOperation): void {
  const options = { publishedWrite: isCollectionWrite(operation) };
  for (const { kind, requirements, title } of generatedChecks(operation)) {
    check(generatedCheckId(operation, kind), requirements, title, (t) => BODIES[kind](t, operation), options);
  }
}

// Requirement ids, endpoint keys and fault ids are unions of the catalogs' own entries:
// a misspelt one fails `npm run typecheck` (each `@ts-expect-error` below must meet an error,
// or the type check fails), and the catalogs at run time agree.

import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointKey } from '../../lib/contract/endpoints.js';
import { isRequirementId, type RequirementId } from '../../lib/contract/requirements/index.js';
import { isFaultId, type FaultId } from '../../proof/faults/index.js';

describe('typed ids', () => {
  it('a misspelt requirement id fails the type check', () => {
    const right: RequirementId = 'MUTATION-DELETE-IDEMPOTENT';
    // @ts-expect-error: misspelt
    const wrong: RequirementId = 'MUTATION-DELETE-IDEMPOTNET';
    expect([isRequirementId(right), isRequirementId(wrong)]).toEqual([true, false]);
  });

  it('a misspelt endpoint key fails the type check', () => {
    const right: EndpointKey = 'DELETE /v1/agents/{agent_id}/mutations/{mutation_id}';
    // @ts-expect-error: no such operation in the contract
    const wrong: EndpointKey = 'DELETE /v1/agents/{agent_id}';
    const keys = ENDPOINTS.map((e): string => e.key);
    expect([keys.includes(right), keys.includes(wrong)]).toEqual([true, false]);
  });

  it('a misspelt fault id fails the type check', () => {
    const right: FaultId = 'list-page-gap';
    // @ts-expect-error: misspelt
    const wrong: FaultId = 'list-page-gapp';
    expect([isFaultId(right), isFaultId(wrong)]).toEqual([true, false]);
  });
});

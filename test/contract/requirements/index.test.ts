// The requirement catalog: every rule once under a well-formed id, found by it; an id it does not
// hold is told apart (waivers, --only) or refused (a lookup).

import { describe, expect, it } from 'vitest';
import {
  isRequirementId,
  requirement,
  REQUIREMENTS,
  type RequirementId,
} from '../../../lib/contract/requirements/index.js';

describe('the requirement catalog', () => {
  it('holds each id once, each upper-case words joined by hyphens', () => {
    const ids = REQUIREMENTS.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/);
  });

  it('gives every SHOULD the decision that makes it a convention, and every rule its words', () => {
    for (const r of REQUIREMENTS) {
      if (r.level === 'SHOULD') expect(r.decision, r.id).toBeTruthy();
      expect(r.summary.length, r.id).toBeGreaterThan(0);
      expect(r.quote.length, r.id).toBeGreaterThan(0);
    }
  });

  it('finds a requirement by its id, and refuses one it does not hold', () => {
    for (const r of REQUIREMENTS) expect(requirement(r.id as RequirementId)).toBe(r);
    expect(() => requirement('NO-SUCH-RULE' as RequirementId)).toThrow('unknown requirement NO-SUCH-RULE');
  });

  it('tells its ids from anything else, case included', () => {
    expect(isRequirementId('AGENT-GET')).toBe(true);
    expect(isRequirementId('agent-get')).toBe(false);
    expect(isRequirementId('agents')).toBe(false);
    expect(isRequirementId('')).toBe(false);
  });
});

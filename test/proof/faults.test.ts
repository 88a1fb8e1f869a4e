// The proof's own check of the catalog: every fault, switched on alone, changes what the reference
// serves, as its probe observes.

import { describe, expect, it } from 'vitest';
import { isRequirementId } from '../../lib/contract/requirements/index.js';
import { EVERY_FAULT, FAULTS } from '../../proof/faults/index.js';
import { startReference } from '../../proof/service.js';
import { useService } from '../reference/client.js';
import { client } from '../../proof/probes/call.js';

describe('faults', () => {
  const correct = useService();

  it('each name known requirements', () => {
    for (const f of FAULTS) {
      expect(f.requirements.length).toBeGreaterThan(0);
      expect(f.requirements.every(isRequirementId)).toBe(true);
    }
  });

  it.each(EVERY_FAULT.map((f) => [f.id, f] as const))('%s changes what the service does', async (id, f) => {
    const faulty = await startReference({ faults: [id] });
    try {
      const seen = await f.probe(client(faulty));
      // The probe names what the fault shows, so it fails on any other change, a crash included.
      expect(seen).toEqual(f.shows);
      expect(seen).not.toEqual(await f.probe(correct.call));
    } finally {
      await faulty.close();
    }
  });

  it('refuses an unknown fault, naming the known ones', async () => {
    // @ts-expect-error: an unknown fault id fails the type check; from an untyped caller it throws.
    await expect(startReference({ faults: ['no-such-fault'] })).rejects.toThrow(
      /unknown fault "no-such-fault".*auth-wrong-key-accepted/,
    );
  });
});

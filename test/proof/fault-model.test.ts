import { describe, expect, it } from 'vitest';
import { REQUIREMENTS, type RequirementId } from '../../lib/contract/requirements/index.js';
import { FAULTS } from '../../proof/faults/index.js';
import { APPLICABILITY, faultModel, SLIPS, unplacedFaults, type Slip } from '../../proof/fault-model.js';

const slips = Object.keys(SLIPS) as Slip[];

describe('the fault model', () => {
  const rows = faultModel();

  it('has a row for every requirement and a cell for every slip', () => {
    expect(rows.map((row) => row.requirement)).toEqual(REQUIREMENTS.map((r) => r.id));
    for (const row of rows) expect(Object.keys(row.cells).sort()).toEqual([...slips].sort());
  });

  it('places a fault only where it breaks the requirement, under a slip it is given there', () => {
    // A catalog of two faults: one slipping on the first requirement only, one given a slip on a requirement it does not break.
    const [first, second] = [REQUIREMENTS[0]!.id as RequirementId, REQUIREMENTS[1]!.id as RequirementId];
    const catalog = [
      { id: 'narrow', requirements: [first, second], slips: { [first]: ['bound'] as Slip[] } },
      { id: 'stray', requirements: [second], slips: { [first]: ['bound'] as Slip[] } },
    ];
    const placed = faultModel(catalog).flatMap((row) =>
      slips.flatMap((slip) => {
        const cell = row.cells[slip];
        return cell.kind === 'faults' ? cell.faults.map((id) => `${row.requirement} × ${slip}: ${id}`) : [];
      }),
    );
    expect(placed).toEqual([`${first} × bound: narrow`]);
    expect(unplacedFaults(catalog)).toEqual(['stray']);
    const implied = faultModel(catalog).find((row) => row.requirement === second)!.cells.broken;
    expect(implied).toEqual({ kind: 'implied', faults: ['narrow', 'stray'] });
  });

  it('says why wherever a slip cannot happen, and never calls a cell with faults not applicable', () => {
    for (const slip of slips) {
      const { to, otherwise } = APPLICABILITY[slip];
      if (to !== 'all') expect(otherwise, slip).toMatch(/\w/);
      if (to !== 'all') expect(new Set(to).size, `${slip} lists a requirement twice`).toBe(to.length);
    }
    expect(rows.every((row) => row.cells.broken.kind !== 'not-applicable')).toBe(true);
    expect(
      rows
        .filter((row) => row.cells.broken.kind === 'implied')
        .every((row) => slips.some((slip) => row.cells[slip].kind === 'faults')),
    ).toBe(true);
    // A fault slipping so on the rule shows the slip can happen to it: the applicability must say so.
    const contradicted = rows.flatMap((row) =>
      slips
        .filter((slip) => {
          const { to } = APPLICABILITY[slip];
          return row.cells[slip].kind === 'faults' && to !== 'all' && !to.includes(row.requirement);
        })
        .map((slip) => `${row.requirement} × ${slip}`),
    );
    expect(contradicted).toEqual([]);
  });

  it('places every fault of the catalog and leaves no cell open', () => {
    expect(unplacedFaults()).toEqual([]);
    expect(
      rows.flatMap((row) =>
        slips.filter((slip) => row.cells[slip].kind === 'open').map((slip) => `${row.requirement} × ${slip}`),
      ),
    ).toEqual([]);
    // Slips given per requirement name only requirements the fault breaks.
    const strays = FAULTS.flatMap((f) => {
      const slips = f.slips;
      return !Array.isArray(slips)
        ? Object.keys(slips)
            .filter((r) => !(f.requirements as readonly string[]).includes(r))
            .map((r) => `${f.id}: ${r}`)
        : [];
    });
    expect(strays).toEqual([]);
  });
});

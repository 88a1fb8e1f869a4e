// SPEC-SAME-DOCUMENT against YAML written with merge keys, end to end: the CLI run
// against the reference service passes the check with a portability note when the
// merged YAML is the JSON form, and fails it when the merge hides a real difference.

import { describe, it } from 'vitest';
import { startReference, type ProofReferenceOptions } from '../../proof/service.js';
import { referenceEnvironment } from '../../lib/runner/embedded.js';
import { runCli, type SummaryCheck } from '../support/run-cli.js';

async function sameDocumentCheck(options: ProofReferenceOptions): Promise<SummaryCheck & { notes?: string[] }> {
  const reference = await startReference(options);
  try {
    const run = await runCli({ env: referenceEnvironment(reference), args: ['--only', 'SPEC-SAME-DOCUMENT'] });
    const check = run.summary?.checks.find((c) => c.requirements.includes('SPEC-SAME-DOCUMENT'));
    if (!check) throw new Error(`no SPEC-SAME-DOCUMENT check in the run: ${run.stdout}\n${run.stderr}`);
    return check;
  } finally {
    await reference.close();
  }
}

// Each test is a CLI run of its own: they run side by side.
describe.concurrent('SPEC-SAME-DOCUMENT with YAML merge keys', { timeout: 120_000 }, () => {
  it('passes YAML whose merge keys make it the JSON form, with a portability note', async ({ expect }) => {
    const check = await sameDocumentCheck({ variation: 'lenient-inputs' });
    expect(check.outcome).toBe('pass');
    expect(check.notes).toEqual([
      expect.stringMatching(
        /^agent-evaluation: the YAML form is the same document as the JSON form only with YAML merge keys .*portability concern.*swagger-parser/,
      ),
    ]);
  });

  it('passes YAML without merge keys with no note', async ({ expect }) => {
    const check = await sameDocumentCheck({});
    expect(check.outcome).toBe('pass');
    expect(check.notes).toBeUndefined();
  });

  it('fails YAML that differs from the JSON form once its merge keys are applied, saying where', async ({ expect }) => {
    const check = await sameDocumentCheck({ faults: ['spec-yaml-merge-drops-override'] });
    expect(check.outcome).toBe('fail');
    expect(check.message).toMatch(
      /the YAML and JSON forms differ at \/paths\/~1v1~1openapi~1\{spec_name\}\/get\/responses\/200\/content: only the JSON has "application\/yaml" \(the YAML read with its merge keys applied\)/,
    );
  });
});

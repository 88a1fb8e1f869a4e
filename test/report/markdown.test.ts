// The Markdown summary: verdict, counts, each cause with its evidence and curl line; under 64 KB with a
// note when causes had to be left out; nothing in it breaks out of its code blocks.

import { describe, expect, it } from 'vitest';
import { MARKDOWN_LIMIT_BYTES, toMarkdown } from '../../lib/report/markdown.js';
import { FAILED, sampleRun } from './sample.js';

describe('toMarkdown', () => {
  it('says the verdict, the counts, and each cause with its evidence and curl line', () => {
    const md = toMarkdown(sampleRun());
    expect(md).toMatch(/^## ❌ NOT CONFORMANT\n/);
    expect(md).toContain('| pass | fail | skip | error | total |');
    expect(md).toContain('#### FAIL \\[MUTATION-DELETE-IDEMPOTENT\\] deleting a deleted mutation succeeds');
    expect(md).toContain('response: 404');
    expect(md).toContain(`\`\`\`sh\n${FAILED.evidence!.curl}\n\`\`\``);
  });

  it('stays under 64 KB however many causes: the rest are counted in a note, none cut in half', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      ...FAILED,
      id: `mutations.delete.case-${i}`,
      title: `case ${i} fails`,
      message: `cause number ${i}: ${'x'.repeat(300)}`,
      violated: [i % 2 ? 'MUTATION-DELETE-IDEMPOTENT' : 'LIST-PAGINATION-COMPLETE'],
    }));
    const md = toMarkdown(sampleRun(many));
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MARKDOWN_LIMIT_BYTES);
    expect(md).toMatch(
      /_\d+ more causes? not shown, to keep this summary under 64 KB: every cause is in report\.html\._\n$/,
    );
    // Every code block opened is closed.
    expect((md.match(/^```/gm) ?? []).length % 2).toBe(0);
  });

  it('a body with backticks cannot close its block; markup in titles is escaped', () => {
    const tricky = { ...FAILED, title: 'a <b>title</b> | with *stars*', message: 'body ```\n# not a heading' };
    const md = toMarkdown(sampleRun([tricky]));
    expect(md).toContain('a \\<b\\>title\\</b\\> \\| with \\*stars\\*');
    expect(md).toContain('````text\nbody ```\n# not a heading');
  });
});

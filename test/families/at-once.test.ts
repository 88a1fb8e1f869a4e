// Writes sent at the same moment: every request in flight before any is answered; each answer a success, or a
// refusal the client is told to retry, and anything else fails the check.

import { describe, expect, it } from 'vitest';
import { atOnce, atOnceRetried, expectAnsweredAtOnce } from '../../lib/families/at-once.js';
import type { Call, CheckContext } from '../../lib/harness/index.js';
import { exchangeOf } from '../support/exchanges.js';

const error = (code: string) => JSON.stringify({ error: { code, message: 'm', details: [] } });
const call = (status: number, text: string) => exchangeOf(status, text, { method: 'DELETE' }) as unknown as Call;

/** A context whose assert records its failures. */
function recording(): { t: CheckContext; failures: string[] } {
  const failures: string[] = [];
  const t = {
    assert: (condition: unknown, _reqs: unknown, message: string) => void (condition || failures.push(message)),
  } as unknown as CheckContext;
  return { t, failures };
}

describe('atOnce', () => {
  it('sends every request before any is answered, and returns the answers in the order sent', async () => {
    const started: number[] = [];
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = (n: number) => async () => {
      started.push(n);
      await gate;
      return call(200 + n, '{}');
    };
    const answers = atOnce([send(1), send(2)]);
    expect(started).toEqual([1, 2]);
    release();
    expect((await answers).map((answer) => answer.response.status)).toEqual([201, 202]);
  });
});

describe('atOnceRetried', () => {
  it('sends again, alone, each request refused to be retried; the others are answered once', async () => {
    const sent: string[] = [];
    const answers = [
      [call(409, error('ABORTED')), call(200, '{}')],
      [call(200, '{}')],
      [call(404, error('NOT_FOUND')), call(200, '{}')],
    ];
    const send = (n: number) => async () => (sent.push(`r${n}`), answers[n]!.shift()!);
    const got = await atOnceRetried([send(0), send(1), send(2)]);
    expect(got.map((answer) => answer.response.status)).toEqual([200, 200, 404]);
    expect(sent).toEqual(['r0', 'r1', 'r2', 'r0']);
  });
});

describe('expectAnsweredAtOnce', () => {
  it('takes a success (true) and a retryable refusal (false) without failing', () => {
    const { t, failures } = recording();
    expect(expectAnsweredAtOnce(t, call(200, '{}'), ['MUTATION-DELETE-IDEMPOTENT'], 'a DELETE')).toBe(true);
    expect(expectAnsweredAtOnce(t, call(409, error('ABORTED')), ['MUTATION-DELETE-IDEMPOTENT'], 'a DELETE')).toBe(
      false,
    );
    expect(failures).toEqual([]);
  });

  it('fails NOT_FOUND and a 5xx, naming the status and the code', () => {
    const { t, failures } = recording();
    expectAnsweredAtOnce(t, call(404, error('NOT_FOUND')), ['MUTATION-DELETE-IDEMPOTENT'], 'a DELETE');
    expectAnsweredAtOnce(t, call(500, 'oops'), ['MUTATION-DELETE-IDEMPOTENT'], 'a DELETE');
    expect(failures).toEqual([
      expect.stringContaining('a DELETE answered 404 NOT_FOUND'),
      expect.stringContaining('a DELETE answered 500:'),
    ]);
  });
});

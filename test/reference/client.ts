// Starts a reference service for the reference's tests and calls it (proof/probes/call.ts).

import { afterAll, beforeAll } from 'vitest';
import { client, type Answer, type Call } from '../../proof/probes/call.js';
import { startReference, type ProofReferenceOptions, type RunningReference } from '../../proof/service.js';

/** Starts a service for the enclosing describe block (or file) and stops it afterwards. */
export function useService(options: ProofReferenceOptions = {}): { call: Call; service: () => RunningReference } {
  let running: RunningReference | undefined;
  let call: Call | undefined;
  beforeAll(async () => {
    running = await startReference(options);
    call = client(running);
  });
  afterAll(async () => {
    await running?.close();
  });
  const service = () => {
    if (!running) throw new Error('the service is not running');
    return running;
  };
  return { call: (method, path, opts) => (call ?? client(service()))(method, path, opts), service };
}

/** The `field` values of an error answer's details. */
export const detailFields = (answer: Answer): string[] =>
  ((answer.body?.error?.details ?? []) as { field: string }[]).map((d) => d.field);

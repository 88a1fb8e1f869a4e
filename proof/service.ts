// The reference service changed from outside, as the proof needs it: faults and a variation
// change its Behaviour; a variation's front (a firewall), chaos modes, a latency and a watcher wrap its request listener.

import { setTimeout as delay } from 'node:timers/promises';
import {
  startReferenceService,
  type ReferenceOptions,
  type RequestListener,
  type RunningReference,
} from '../lib/reference/server.js';
import { parseChaos, withChaos } from './chaos.js';
import { applyFaults, type FaultId } from './faults/index.js';
import { applyVariation, variationFront } from './variations.js';

export type { RunningReference } from '../lib/reference/server.js';

export interface ProofReferenceOptions extends Omit<ReferenceOptions, 'configure' | 'wrap'> {
  /** Fault ids (proof/faults/). */
  faults?: Iterable<FaultId>;
  /** Variation profile name (proof/variations.ts); `default` when omitted. */
  variation?: string;
  /** Chaos switches (proof/chaos.ts): `mode` or `mode@/v1/path-prefix`. */
  chaos?: Iterable<string>;
  /** Delay added to every response, for benchmarks. */
  latencyMs?: number;
  /**
   * Told of every request once its response is done (or its connection dropped), with when it
   * arrived and when it ended (epoch ms, sub-millisecond; the latency included), for benchmarks.
   */
  onRequest?: (startedAt: number, endedAt: number) => void;
}

const epochNow = (): number => performance.timeOrigin + performance.now();

/** The listener told of every request (benchmarks) and slowed down, the latency included in what it is told. */
function watchedAndSlowed(
  listener: RequestListener,
  latencyMs: number,
  onRequest: ProofReferenceOptions['onRequest'],
): RequestListener {
  return async (req, res) => {
    if (onRequest) {
      const startedAt = epochNow();
      res.once('close', () => onRequest(startedAt, epochNow()));
    }
    if (latencyMs > 0) await delay(latencyMs);
    await listener(req, res);
  };
}

export function startReference(options: ProofReferenceOptions = {}): Promise<RunningReference> {
  const { faults = [], variation = 'default', chaos = [], latencyMs = 0, onRequest, ...service } = options;
  const chaotic = withChaos(parseChaos(chaos));
  return startReferenceService({
    ...service,
    configure: (b) => {
      applyVariation(variation, b);
      applyFaults(faults, b);
    },
    wrap: (listener) => watchedAndSlowed(chaotic(variationFront(variation)(listener)), latencyMs, onRequest),
  });
}

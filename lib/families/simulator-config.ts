// The request field that carries an agent's simulator configuration is not shown
// (responses carry it as `metadata`). It is found once per worker: SIMULATOR_CONFIG_FIELD,
// else the first known name the target's published request schema lists, else
// `metadata`; then proven by creating a CHAT agent and reading its configuration back.

import { PUBLIC_CHAT_URL } from '../gen/bodies.js';
import { typedAgentBody } from '../gen/agent-bodies.js';
import type { Call, CheckContext } from '../harness/context.js';
import { isSuccess } from '../assert/responses.js';
import type { JsonObject } from '../util/json.js';

const CANDIDATES = [
  'metadata',
  'simulator_configuration',
  'simulator_config',
  'simulation_config',
  'configuration',
  'config',
];

export interface ConfigProbe {
  readonly field: string;
  /** Where the name came from, for messages. */
  readonly source: string;
  /** Whether the target's own published schema names the field: then a failed proof is the target's failure, not a wrong name. */
  readonly published: boolean;
  /** The proof: a CHAT agent with a public chat_endpoint, created with the configuration under `field`. */
  readonly call: Call;
  readonly echoed: boolean;
}

function candidate(t: CheckContext): Pick<ConfigProbe, 'field' | 'source' | 'published'> {
  if (t.config.simulatorConfigField)
    return { field: t.config.simulatorConfigField, source: 'SIMULATOR_CONFIG_FIELD', published: false };
  const listed = t.target.published?.requestBodyProperties('POST', '/v1/agents') ?? [];
  const found = CANDIDATES.find((name) => listed.includes(name));
  return found
    ? { field: found, source: 'the published request schema of POST /v1/agents', published: true }
    : { field: 'metadata', source: 'a guess', published: false };
}

const metadataOf = (call: Call): JsonObject | undefined =>
  (call.response.json as { agent?: { metadata?: JsonObject } } | undefined)?.agent?.metadata;

async function runProbe(t: CheckContext): Promise<ConfigProbe> {
  const named = candidate(t);
  const call = await t.agents.send(
    typedAgentBody('MODEL_TYPE_CHAT', t.name('configuration probe'), { configField: named.field }),
  );
  return { ...named, call, echoed: isSuccess(call) && metadataOf(call)?.['chat_endpoint'] === PUBLIC_CHAT_URL };
}

export function probeConfigField(t: CheckContext): Promise<ConfigProbe> {
  return t.memo('simulator configuration field', runProbe);
}

export function unprovenReason(found: ConfigProbe): string {
  return (
    `a CHAT configuration sent as "${found.field}" (${found.source}) did not come back as metadata.chat_endpoint ` +
    `(POST /v1/agents answered ${found.call.response.status}); set SIMULATOR_CONFIG_FIELD to the request field that carries the simulator configuration`
  );
}

/** The proven configuration field; skips the check (naming SIMULATOR_CONFIG_FIELD) when it could not be proven. */
export async function configField(t: CheckContext): Promise<string> {
  const found = await probeConfigField(t);
  if (!found.echoed) t.skip(unprovenReason(found));
  return found.field;
}

export type PayloadForm = 'text' | 'object';

/**
 * initialization_payload is a "JSON payload": sent as JSON text unless the target
 * rejects a small one, then as an object. Undefined (with the last call) when both are rejected.
 */
export function initializationPayloadForm(t: CheckContext, field: string): Promise<{ form?: PayloadForm; call: Call }> {
  return t.memo('initialization_payload form', async () => {
    const small = { hello: 'world' };
    let call: Call | undefined;
    for (const [form, value] of [
      ['text', JSON.stringify(small)],
      ['object', small],
    ] as const) {
      call = await t.agents.send(
        typedAgentBody('MODEL_TYPE_CHAT', t.name('initialization_payload form'), {
          configField: field,
          config: { initialization_payload: value },
        }),
      );
      if (isSuccess(call)) return { form, call };
    }
    return { call: call as Call };
  });
}

// A server whose published documents are stricter than its answers, as real ones are:
// enums that leave out values it returns, a required field it never sends, a minimum its
// data breaks, a field typed otherwise on one operation. Each is one cause, however many
// responses show it.

import { fault, finalizeWith, type Fault } from './define.js';
import type { JsonObject } from '../../lib/util/json.js';
import { jsonSpec } from '../probes/basics.js';
import { allRuns } from '../probes/resources.js';

type Schemas = Record<string, { required?: string[]; properties?: Record<string, JsonObject> }>;

/** Tightens one property of a component schema, in whichever published document holds it. */
function tighten(schemas: Schemas, name: string, property: string, touch: (schema: JsonObject) => JsonObject): void {
  const schema = schemas[name]?.properties?.[property];
  if (schema) schemas[name]!.properties![property] = touch(schema);
}

export const PUBLISHED_FAULTS = [
  fault({
    id: 'published-stricter-than-answers',
    requirements: ['SCHEMA-PUBLISHED'],
    slips: ['broken'],
    description:
      'The published documents are stricter than the answers: run status and persona conversation_initiation enums leave out values the service returns, agents require a customer_agent_id never sent, phone number index has minimum 1 (the service counts from 0).',
    behaviour: (b) => {
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        const schemas = ((copy['components'] as JsonObject | undefined)?.['schemas'] ?? {}) as Schemas;
        tighten(schemas, 'Run', 'status', (s) => ({ ...s, enum: ['COMPLETED'] }));
        tighten(schemas, 'Persona', 'conversation_initiation', (s) => ({ ...s, enum: ['wait_for_agent'] }));
        tighten(schemas, 'PhoneNumber', 'index', (s) => ({ ...s, minimum: 1 }));
        if (schemas['Agent']) schemas['Agent'].required = [...(schemas['Agent'].required ?? []), 'customer_agent_id'];
        return copy;
      });
    },
    probe: async (call) => {
      // The run statuses the service returns that the published Run.status enum leaves out.
      const listed = (await jsonSpec(call)).components.schemas.Run.properties.status.enum as string[] | undefined;
      const returned = new Set((await allRuns(call)).map((run) => run.status as string));
      return [...returned].filter((status) => listed !== undefined && !listed.includes(status)).sort();
    },
    shows: ['CANCELLED', 'FAILED', 'PENDING', 'RUNNING'],
  }),
  fault({
    id: 'scheduled-run-published-enabled-string',
    requirements: ['SCHEMA-PUBLISHED'],
    slips: ['scope'],
    description:
      'The published schema of GET /v1/scheduled-runs/{scheduled_run_id} types `enabled` as a string (the service answers a boolean); every other operation matches its answers.',
    seenThrough: ['SCHEDULED-RUN-GET'],
    behaviour: (b) => {
      finalizeWith(b, (doc) => {
        const copy = structuredClone(doc);
        const schema = (
          (copy['components'] as JsonObject | undefined)?.['schemas'] as
            Record<string, { properties?: Record<string, JsonObject> }> | undefined
        )?.['ScheduledRun'];
        if (schema?.properties?.['enabled']) schema.properties['enabled'] = { type: 'string' };
        return copy;
      });
    },
    probe: async (call) => (await jsonSpec(call)).components.schemas.ScheduledRun.properties.enabled,
    shows: { type: 'string' },
  }),
] as const satisfies readonly Fault[];

// GET /v1/personas, GET and DELETE /v1/personas/{persona_id}, GET /v1/personas/phone-numbers

import { listTable } from '../listing/tables.js';
import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import { listPage } from '../listing/listing.js';
import type { PersonaRecord } from '../store/records.js';
import { existing } from './lookup.js';
import { allShown, findShown, markDeleted } from './soft-delete.js';
import type { JsonObject } from '../../util/json.js';

function personaView(b: Behaviour, persona: PersonaRecord): JsonObject {
  const view = {
    resource_name: `personas/${persona.id}`,
    ...persona,
    create_time: b.formatTime(persona.create_time),
    update_time: b.formatTime(persona.update_time),
  };
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (b.present is the identity).
  return b.present('persona', view, persona);
}

const PERSONAS = listTable('personas');

const persona = (ctx: RequestContext) => {
  const shown = findShown(ctx, ctx.store.personas, ctx.param('persona_id'));
  // Stryker disable next-line StringLiteral: the text and details of a NOT_FOUND are free (the specification asks none of them).
  return existing(shown, 'persona', 'persona_id');
};

function listPersonas(ctx: RequestContext) {
  const { b, store, query } = ctx;
  // Stryker disable next-line StringLiteral: the personas list has no parent: any constant names it.
  return json(listPage(b, query, { list: PERSONAS, parent: '', records: allShown(ctx, store.personas), view: (p) => personaView(b, p) }));
}

function deletePersona(ctx: RequestContext) {
  const deleted = persona(ctx);
  markDeleted(ctx.store.personas, deleted.id);
  // Stryker disable next-line StringLiteral: the kind is read only by faults and variations (the answer is `{}`).
  return json(ctx.b.deletion.answer('persona', personaView(ctx.b, deleted)));
}

function phoneNumbers({ store }: RequestContext) {
  const copy = (numbers: typeof store.phoneNumbers.inbound) => numbers.map(({ index, phone_number }) => ({ index, phone_number }));
  return json({ inbound: copy(store.phoneNumbers.inbound), outbound: copy(store.phoneNumbers.outbound) });
}

export const personaRoutes: Routes = {
  'GET /v1/personas': listPersonas,
  'GET /v1/personas/{persona_id}': (ctx) => json(personaView(ctx.b, persona(ctx))),
  'DELETE /v1/personas/{persona_id}': deletePersona,
  'GET /v1/personas/phone-numbers': phoneNumbers,
};

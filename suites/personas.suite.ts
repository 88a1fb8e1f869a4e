// Personas: the list keeps the persona field rules, GET returns the listed persona,
// phone numbers have their shape, path IDs are validated, and DELETE (of
// DELETABLE_PERSONA_ID only) answers an empty object and removes the persona, and no other changes.

import { ID_RULES, matchesIdRule } from '../lib/contract/ids.js';
import {
  declareEmptyBodyCheck,
  deleteOnce,
  deletesFixture,
  expectEmptyObjectAnswer,
  expectSiblingsKept,
  expectGoneWhenRevalidated,
  expectStaysGone,
  settled,
  listedSiblingChanges,
  stillShown,
  type Deletion,
  type GoneReads,
} from '../lib/families/deletion.js';
import { declareListChecks } from '../lib/families/lists/index.js';
import { declareAfterChangeChecks } from '../lib/families/lists/after-change.js';
import { PERSONA_NAMING_WRITES } from '../lib/families/naming-writes.js';
import {
  declareItemRules,
  declarePagesAsRead,
  everyListed,
  listedNow,
  type ItemRule,
} from '../lib/families/listed-items.js';
import { declareExtremeIdChecks, expectMissingNotFound, expectNearMissesRejected } from '../lib/families/path-ids.js';
import { expectNameMatchesId, expectTimestampOrder } from '../lib/families/resource-fields.js';
import { isSuccess } from '../lib/assert/responses.js';
import { covering, expectSameAsListed } from '../lib/families/same-resource.js';
import { wellFormedId } from '../lib/gen/ids.js';
import { personas } from '../lib/harness/discovery.js';
import { type Call, check, describeGroup, type CheckContext } from '../lib/harness/index.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import { checkIdOf } from '../lib/result/check-id.js';
import { isJsonObject, type JsonObject } from '../lib/util/json.js';
import { declareDynamicIdChecks } from '../lib/families/dynamic-ids.js';
import { declareKeyOnDeletedCheck } from '../lib/families/key-states.js';

const GET = 'GET /v1/personas/{persona_id}' satisfies EndpointKey;
const DELETE = 'DELETE /v1/personas/{persona_id}' satisfies EndpointKey;

/** `<language>-<REGION>`: a 2–3 letter language and a 2-letter (or UN M.49 3-digit) region, as in `en-US`, `es-419`. */
const LOCALE_TAG = /^[a-z]{2,3}-(?:[A-Z]{2}|\d{3})$/;

/** resource_name is the persona's `name` in the sense of NAME-MATCHES-ID: `personas/<id>`. */
const expectPersonaName: ItemRule['expect'] = (t, persona, call) =>
  expectNameMatchesId(t, { name: persona['resource_name'] }, 'personas', call, persona['id']);

const PERSONA_RULES: readonly ItemRule[] = [
  {
    id: 'resource-name',
    requirements: ['PERSONA-FIELDS', 'NAME-MATCHES-ID'],
    title: 'has resource_name `personas/<id>`',
    expect: expectPersonaName,
  },
  {
    id: 'id-format',
    requirements: ['PERSONA-FIELDS'],
    title: 'has a 22-character alphanumeric id',
    expect: (t, persona, call) =>
      t.assert(
        matchesIdRule(ID_RULES.persona, persona['id']),
        ['PERSONA-FIELDS'],
        `persona id ${JSON.stringify(persona['id'])} is not 22 alphanumeric characters`,
        call,
      ),
  },
  {
    id: 'language-code',
    requirements: ['PERSONA-FIELDS'],
    title: 'has a `<language>-<REGION>` language_code',
    expect: (t, persona, call) => {
      const code = persona['language_code'];
      // The field is not stated to be always present: judged where present.
      if (code === undefined) return;
      t.assert(
        typeof code === 'string' && LOCALE_TAG.test(code),
        ['PERSONA-FIELDS'],
        `persona ${String(persona['id'])}: language_code ${JSON.stringify(code)} is not <language>-<REGION>`,
        call,
      );
    },
  },
  {
    id: 'timestamp-order',
    requirements: ['TIMESTAMP-ORDER'],
    title: 'has update_time no earlier than create_time',
    expect: (t, persona, call) => expectTimestampOrder(t, persona, call),
  },
];

const idOf = (persona: Record<string, unknown>): string => String(persona['id']);

/** Deletes DELETABLE_PERSONA_ID once, after making sure it names a persona this server serves (remembered as served). */
function deletePersona(t: CheckContext) {
  type Personas = readonly JsonObject[];
  return deleteOnce(
    t,
    'persona',
    async (ctx): Promise<Deletion<{ read: Call; before: JsonObject; others: Personas; after: Personas }>> => {
      const persona_id = ctx.config.deletablePersonaId as string;
      const before = await ctx.call(GET, { params: { persona_id } });
      if (!isSuccess(before))
        return {
          skip: `DELETABLE_PERSONA_ID ${persona_id} is not served by ${GET} (answered ${before.response.status})`,
          unserved: { call: before, requirements: ['PERSONA-GET'], what: 'fetching DELETABLE_PERSONA_ID' },
        };
      const served = (before.response.json as JsonObject)['persona'];
      // The list read just before and just after: the other personas, which the DELETE does not name.
      const others = (await listedNow(ctx, 'personas')).filter((persona) => persona['id'] !== persona_id);
      const call = await ctx.call(DELETE, { params: { persona_id } });
      return {
        call,
        read: before,
        before: isJsonObject(served) ? served : { id: persona_id },
        others,
        after: await listedNow(ctx, 'personas'),
      };
    },
  );
}

describeGroup('personas', () => {
  declareExtremeIdChecks('personas');

  declareListChecks('personas');

  declareItemRules('persona', (t) => everyListed(t, 'personas'), PERSONA_RULES);
  declarePagesAsRead('personas');

  check(
    'personas.get-as-listed',
    ['PERSONA-GET'],
    'GET /v1/personas/{persona_id} returns {persona}: the listed persona, field for field',
    async (t) => {
      const listed = await personas(t);
      if (!listed.length) t.skip('no persona is listed');
      for (const persona of covering(listed)) {
        const call = await t.call(GET, { params: { persona_id: idOf(persona) } });
        const got = t.expectResource(call, ['PERSONA-GET'], `getting listed persona ${idOf(persona)}`);
        t.assert(
          got['id'] === persona['id'],
          ['PERSONA-GET'],
          `asked for persona ${idOf(persona)}, got ${JSON.stringify(got['id'])}`,
          call,
        );
        // The item rules are declared over the list; the GET answer keeps the name rule too.
        expectPersonaName(t, got, call);
        expectSameAsListed(t, ['PERSONA-GET'], 'Persona', persona, got, call);
      }
    },
  );

  check(
    'personas.phone-numbers',
    ['PERSONA-PHONE-NUMBERS'],
    'GET /v1/personas/phone-numbers returns {phone_numbers: {inbound, outbound}} of {index, phone_number}',
    async (t) => {
      const call = await t.call('GET /v1/personas/phone-numbers');
      // The canonical schema holds the shape: both arrays, integer index, string phone_number.
      t.expectResource(call, ['PERSONA-PHONE-NUMBERS'], 'getting the phone numbers');
    },
  );

  for (const endpoint of [GET, DELETE] as const) {
    // A malformed id cannot name a real persona, so the DELETE probe changes nothing.
    check(
      checkIdOf('personas.persona-id.near-miss', endpoint.split(' ')[0]!),
      ['PATH-ID-FORMAT'],
      `${endpoint} rejects a persona_id that is not 22 alphanumeric characters with INVALID_ARGUMENT`,
      async (t) => {
        await expectNearMissesRejected(t, endpoint, 'persona_id');
      },
    );
  }

  check(
    'personas.get-well-formed-persona-id',
    ['MISSING-RESOURCE-NOT-FOUND', 'HTTP-STATUS-CONVENTIONS'],
    'GET of a well-formed persona_id that names nothing answers NOT_FOUND (404)',
    async (t) => {
      await expectMissingNotFound(t, GET, { persona_id: wellFormedId(ID_RULES.persona, 31) });
    },
  );

  // It names nothing, so the DELETE changes no data.
  check(
    'personas.delete-well-formed-persona-id',
    ['MISSING-RESOURCE-NOT-FOUND', 'HTTP-STATUS-CONVENTIONS'],
    'DELETE of a well-formed persona_id that names nothing answers NOT_FOUND (404)',
    async (t) => {
      await expectMissingNotFound(t, DELETE, { persona_id: wellFormedId(ID_RULES.persona, 32) });
    },
    { writes: true },
  );

  // Last, and alone: the deletion changes the list the checks above read.
  check(
    'personas.delete-empty-object-then-gone',
    ['PERSONA-DELETE'],
    'DELETE /v1/personas/{persona_id} answers an empty object; the persona can no longer be fetched or listed (filtered to select it too), after a second and a third DELETE as well; every other persona is listed as before, field for field (update_time included)',
    async (t) => {
      const { call, read, before, others, after } = await deletePersona(t);
      const persona_id = t.config.deletablePersonaId as string;
      expectEmptyObjectAnswer(t, call, ['PERSONA-DELETE'], 'deleting the persona');
      const changed = await listedSiblingChanges(others, after, 'id', () => listedNow(t, 'personas'));
      expectSiblingsKept(t, changed, ['PERSONA-DELETE'], 'the DELETE of the persona', call);
      const reads: GoneReads = {
        get: () => t.call(GET, { params: { persona_id } }),
        listed: { list: 'personas', item: before },
      };
      const what = `the deleted persona ${persona_id}`;
      const problem = await settled(() => stillShown(t, reads, ['PERSONA-DELETE'], what));
      t.assert(problem === undefined, ['PERSONA-DELETE'], problem ?? '');
      await expectGoneWhenRevalidated(
        t,
        read,
        (headers) => t.call(GET, { params: { persona_id }, headers }),
        ['PERSONA-DELETE'],
        what,
      );
      await expectStaysGone(t, () => t.call(DELETE, { params: { persona_id } }), reads, ['PERSONA-DELETE'], what);
    },
    deletesFixture('deletablePersonaId'),
  );

  // Every list rule after the deletion: the personas list, and the runs, which name personas (filtered by its id too).
  declareAfterChangeChecks({
    key: 'persona-deleted',
    title: 'a persona (DELETABLE_PERSONA_ID) is deleted',
    setting: 'deletablePersonaId',
    requirements: ['PERSONA-DELETE'],
    lists: ['personas', 'runs'],
    namedBy: [{ list: 'runs', field: 'persona_id' }],
    removes: { list: 'personas', unchanged: () => true, how: 'leaves it out' },
    namedByWrites: PERSONA_NAMING_WRITES,
    perform: async (t) => {
      const { call, before } = await deletePersona(t);
      return { call, id: t.config.deletablePersonaId as string, before };
    },
  });

  declareEmptyBodyCheck(
    'DELETE /v1/personas/{persona_id}',
    'deleting the persona',
    'deletablePersonaId',
    deletePersona,
  );

  declareKeyOnDeletedCheck(
    'personas.deleted-key-required',
    'the persona',
    { get: GET, delete: DELETE },
    async (t) => {
      const { call } = await deletePersona(t);
      return isSuccess(call)
        ? { params: { persona_id: t.config.deletablePersonaId as string } }
        : { skip: `the DELETE of DELETABLE_PERSONA_ID answered ${call.response.status}: nothing was deleted` };
    },
    deletesFixture('deletablePersonaId'),
  );

  declareDynamicIdChecks('personas');
});

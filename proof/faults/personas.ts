// Persona faults.

import { fault, missingAnsweredWith, presentWith, respondWith, type Fault } from './define.js';

const GET = 'GET /v1/personas/{persona_id}';

export const PERSONAS_FAULTS = [
  fault(
    'persona-get-name-from-voice',
    ['PERSONA-GET'],
    'GET of one persona maps voice_name into name, so it differs from the list.',
    (b) => {
      respondWith(b, GET, (body) => {
        const persona = body.persona as Record<string, unknown>;
        return { ...body, persona: { ...persona, name: persona.voice_name } };
      });
    },
  ),
  fault(
    'persona-get-touches-update-time',
    ['PERSONA-GET'],
    'GET of one persona saves the row it read (an ORM touching it), so its update_time is the time of the read; the list shows the stored one.',
    (b) => {
      respondWith(b, GET, (body) => ({
        ...body,
        persona: { ...(body.persona as Record<string, unknown>), update_time: b.formatTime(Date.now()) },
      }));
    },
  ),
  fault(
    'persona-id-21-chars',
    ['PERSONA-FIELDS'],
    'Persona ids lose their last character (21 characters), in id and resource_name alike.',
    (b) => {
      presentWith(b, 'persona', (view) => {
        const id = String(view.id).slice(0, 21);
        return { ...view, id, resource_name: `personas/${id}` };
      });
    },
  ),
  fault(
    'persona-language-code-underscore',
    ['PERSONA-FIELDS'],
    'language_code is written POSIX style (`en_US`).',
    (b) => {
      presentWith(b, 'persona', (view) => ({ ...view, language_code: String(view.language_code).replace('-', '_') }));
    },
  ),
  fault('persona-phone-index-string', ['PERSONA-PHONE-NUMBERS'], 'Phone number indexes are strings (`"0"`).', (b) => {
    respondWith(b, 'GET /v1/personas/phone-numbers', (body) => {
      const numbers = body.phone_numbers as Record<string, Array<{ index: number; phone_number: string }>>;
      const stringly = (list: Array<{ index: number; phone_number: string }>) =>
        list.map((n) => ({ ...n, index: String(n.index) }));
      return {
        phone_numbers: Object.fromEntries(Object.entries(numbers).map(([side, list]) => [side, stringly(list)])),
      };
    });
  }),
  fault(
    'persona-delete-answers-persona',
    ['PERSONA-DELETE', 'DELETE-EMPTY-OBJECT-BODY'],
    'DELETE of a persona answers the deleted persona instead of an empty object.',
    (b) => {
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => (kind === 'persona' ? deleted : answer(kind, deleted));
    },
  ),
  fault(
    'persona-delete-still-served',
    ['PERSONA-DELETE'],
    'GET of one persona still serves a deleted persona (the soft-delete flag is not read).',
    (b) => {
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => endpoint.key !== GET && hides(endpoint);
    },
  ),
  fault(
    'persona-delete-still-listed',
    ['PERSONA-DELETE'],
    'The persona list still shows deleted personas (the soft-delete flag is not read).',
    (b) => {
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => endpoint.key !== 'GET /v1/personas' && hides(endpoint);
    },
  ),
  fault(
    'persona-path-id-unchecked',
    ['PATH-ID-FORMAT'],
    'persona_id is not validated: a malformed id is looked up and answers NOT_FOUND instead of INVALID_ARGUMENT.',
    (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'persona_id' && checked(endpoint, param);
    },
  ),
  fault(
    'persona-missing-internal',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'GET of an unknown persona crashes: 500 INTERNAL instead of NOT_FOUND.',
    (b) => {
      missingAnsweredWith(b, 'persona_id', 'INTERNAL');
    },
  ),
  fault(
    'persona-delete-204-no-body',
    ['DELETE-EMPTY-OBJECT-BODY'],
    'DELETE of a persona answers 204 with no body instead of the JSON `{}`.',
    (b) => {
      const status = b.successStatus;
      b.successStatus = (endpoint) => (endpoint.key === 'DELETE /v1/personas/{persona_id}' ? 204 : status(endpoint));
    },
  ),
] as const satisfies readonly Fault[];

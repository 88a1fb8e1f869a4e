// Persona faults, and those of the rule of the persona and run deletions' `{}` body.

import { RawText } from '../../lib/reference/http/context.js';
import { ApiError } from '../../lib/reference/http/errors.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import { bodilessNext, fault, type Fault, missingAnsweredWith, presentWith, respondWith } from './define.js';
import { firstPersona, persona, errorCode, UNKNOWN_22 } from '../probes/resources.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';
import { itemsAfterToken, secondListed } from './list-seams.js';

const GET = 'GET /v1/personas/{persona_id}';
const DELETE = 'DELETE /v1/personas/{persona_id}';
const seededPersonas = seedStore(ALPHANUMERIC).store.personas;

export const PERSONAS_FAULTS = [
  fault({
    id: 'persona-get-name-from-voice',
    requirements: ['PERSONA-GET'],
    slips: ['broken'],
    description: 'GET of one persona maps voice_name into name, so it differs from the list.',
    behaviour: (b) => {
      respondWith(b, GET, (body) => {
        const persona = body.persona as Record<string, unknown>;
        return { ...body, persona: { ...persona, name: persona.voice_name } };
      });
    },
    probe: async (call) => (await call('GET', `/v1/personas/${(await firstPersona(call)).id}`)).body.persona.name,
    shows: 'verse',
  }),
  fault({
    id: 'persona-get-touches-update-time',
    requirements: ['PERSONA-GET'],
    slips: ['broken'],
    description:
      'GET of one persona saves the row it read (an ORM touching it), so its update_time is the time of the read; the list shows the stored one.',
    behaviour: (b) => {
      respondWith(b, GET, (body) => ({
        ...body,
        persona: { ...(body.persona as Record<string, unknown>), update_time: b.formatTime(Date.now()) },
      }));
    },
    probe: async (call) =>
      (await call('GET', `/v1/personas/${(await firstPersona(call)).id}`)).body.persona.update_time ===
      (await firstPersona(call)).update_time,
    shows: false,
  }),
  fault({
    id: 'persona-id-21-chars',
    requirements: ['PERSONA-FIELDS'],
    slips: ['broken'],
    description: 'Persona ids lose their last character (21 characters), in id and resource_name alike.',
    behaviour: (b) => {
      presentWith(b, 'persona', (view) => {
        const id = String(view.id).slice(0, 21);
        return { ...view, id, resource_name: `personas/${id}` };
      });
    },
    probe: async (call) => (await firstPersona(call)).id.length,
    shows: 21,
  }),
  fault({
    id: 'persona-language-code-underscore',
    requirements: ['PERSONA-FIELDS'],
    slips: ['broken'],
    description: 'language_code is written POSIX style (`en_US`).',
    behaviour: (b) => {
      presentWith(b, 'persona', (view) => ({ ...view, language_code: String(view.language_code).replace('-', '_') }));
    },
    probe: async (call) => (await firstPersona(call)).language_code,
    shows: 'es_ES',
  }),
  fault({
    id: 'persona-phone-index-string',
    requirements: ['PERSONA-PHONE-NUMBERS'],
    slips: ['type'],
    description: 'Phone number indexes are strings (`"0"`).',
    behaviour: (b) => {
      respondWith(b, 'GET /v1/personas/phone-numbers', (body) => {
        const numbers = body.phone_numbers as Record<string, Array<{ index: number; phone_number: string }>>;
        const stringly = (list: Array<{ index: number; phone_number: string }>) =>
          list.map((n) => ({ ...n, index: String(n.index) }));
        return {
          phone_numbers: Object.fromEntries(Object.entries(numbers).map(([side, list]) => [side, stringly(list)])),
        };
      });
    },
    probe: async (call) => (await call('GET', '/v1/personas/phone-numbers')).body.phone_numbers.inbound[0].index,
    shows: '0',
  }),
  fault({
    id: 'persona-delete-answers-persona',
    requirements: ['PERSONA-DELETE', 'DELETE-EMPTY-OBJECT-BODY'],
    slips: ['broken'],
    description: 'DELETE of a persona answers the deleted persona instead of an empty object.',
    behaviour: (b) => {
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, deleted) => (kind === 'persona' ? deleted : answer(kind, deleted));
    },
    probe: async (call) => 'id' in (await call('DELETE', persona)).body,
    shows: true,
  }),
  fault({
    id: 'persona-delete-still-served',
    requirements: ['PERSONA-DELETE'],
    slips: ['state'],
    description: 'GET of one persona still serves a deleted persona (the soft-delete flag is not read).',
    behaviour: (b) => {
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => endpoint.key !== GET && hides(endpoint);
    },
    probe: async (call) => {
      await call('DELETE', persona);
      return (await call('GET', persona)).status;
    },
    shows: 200,
  }),
  fault({
    id: 'persona-delete-still-listed',
    requirements: ['PERSONA-DELETE'],
    slips: ['state'],
    description: 'The persona list still shows deleted personas (the soft-delete flag is not read).',
    behaviour: (b) => {
      const hides = b.deletion.hides;
      b.deletion.hides = (endpoint) => endpoint.key !== 'GET /v1/personas' && hides(endpoint);
    },
    probe: async (call) => {
      await call('DELETE', persona);
      return (await call('GET', '/v1/personas?page_size=100&filter=name%3D%22Deletable%20Persona%22')).body.personas
        .length;
    },
    shows: 1,
  }),
  fault({
    id: 'persona-path-id-unchecked',
    requirements: ['PATH-ID-FORMAT'],
    slips: ['scope'],
    description:
      'persona_id is not validated: a malformed id is looked up and answers NOT_FOUND instead of INVALID_ARGUMENT.',
    behaviour: (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'persona_id' && checked(endpoint, param);
    },
    probe: async (call) => errorCode(call, '/v1/personas/bad'),
    shows: 'NOT_FOUND',
  }),
  fault({
    id: 'persona-missing-internal',
    requirements: ['MISSING-RESOURCE-NOT-FOUND'],
    slips: ['broken'],
    description: 'GET of an unknown persona crashes: 500 INTERNAL instead of NOT_FOUND.',
    behaviour: (b) => {
      missingAnsweredWith(b, 'persona_id', 'INTERNAL');
    },
    probe: async (call) => errorCode(call, `/v1/personas/${UNKNOWN_22}`),
    shows: 'INTERNAL',
  }),
  fault({
    id: 'persona-delete-204-no-body',
    requirements: ['DELETE-EMPTY-OBJECT-BODY'],
    slips: ['broken'],
    description: 'DELETE of a persona answers 204 with no body instead of the JSON `{}`.',
    behaviour: (b) => {
      const status = b.successStatus;
      b.successStatus = (endpoint) => (endpoint.key === 'DELETE /v1/personas/{persona_id}' ? 204 : status(endpoint));
    },
    probe: async (call) => (await call('DELETE', persona)).status,
    shows: 204,
  }),
  fault({
    id: 'run-delete-no-body',
    requirements: ['DELETE-EMPTY-OBJECT-BODY'],
    slips: ['scope'],
    description: 'DELETE /v1/runs/{run_id} answers 200 with no body at all; the persona DELETE sends `{}`.',
    behaviour: (b) => {
      const respond = b.respond;
      b.respond = (endpoint, body) =>
        endpoint.key === 'DELETE /v1/runs/{run_id}' ? new RawText('', '') : respond(endpoint, body);
    },
    probe: async (call) => (await call('DELETE', `/v1/runs/${FIXTURE_IDS.deletableRunId}`)).text,
    shows: '',
  }),
  fault({
    id: 'persona-deleted-get-internal',
    requirements: ['PERSONA-DELETE'],
    slips: ['state'],
    description:
      'GET of one persona does not skip deleted rows and fails rendering what the deletion removed: a deleted persona answers 500 INTERNAL instead of a client error (the list leaves it out).',
    behaviour: (b) => {
      const deleted = new Set<string>();
      const { answer, hides } = b.deletion;
      b.deletion = {
        answer: (kind, view) => {
          if (kind === 'persona') deleted.add(String(view['id']));
          return answer(kind, view);
        },
        hides: (endpoint) => endpoint.key !== GET && hides(endpoint),
      };
      presentWith(b, 'persona', (view) => {
        if (deleted.has(String(view['id']))) throw new TypeError("Cannot read properties of null (reading 'name')");
        return view;
      });
    },
    probe: async (call) => {
      await call('DELETE', persona);
      return (await call('GET', persona)).status;
    },
    shows: 500,
  }),
  fault({
    id: 'persona-listed-without-language-code',
    requirements: ['PERSONA-GET'],
    slips: ['scope'],
    description:
      'The persona list leaves language_code out of its items (a summary view), while GET of one persona carries it.',
    behaviour: (b) => {
      respondWith(b, 'GET /v1/personas', (body) => ({
        ...body,
        personas: (body.personas as JsonObject[]).map(({ language_code: _left, ...listed }) => listed),
      }));
    },
    probe: async (call) => 'language_code' in (await firstPersona(call)),
    shows: false,
  }),
  fault({
    id: 'persona-listed-after-token-without-voice',
    requirements: ['PERSONA-GET'],
    slips: ['scope'],
    description:
      "The persona list's pages after a token come from a summary query without voice_name: their personas lack it, while the first page's and GET of one persona carry it.",
    behaviour: (b) => {
      itemsAfterToken(b, 'personas', ({ voice_name: _left, ...listed }) => listed);
    },
    probe: async (call) => 'voice_name' in ((await secondListed(call, 'personas')) ?? {}),
    shows: false,
  }),
  fault({
    id: 'persona-delete-touches-same-language',
    requirements: ['PERSONA-DELETE'],
    slips: ['broken'],
    description:
      "DELETE of a persona re-saves the other personas of its language_code (the locale's index rebuilt through the ORM): their update_time becomes the time of the deletion.",
    behaviour: (b) => {
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const deleted = endpoint.key === DELETE ? store.personas.get(params.persona_id ?? '') : undefined;
        for (const other of deleted ? store.personas.values() : [])
          if (other.id !== deleted!.id && other.language_code === deleted!.language_code)
            store.personas.set(other.id, { ...other, update_time: store.clock.now() });
        return named(endpoint, params, store);
      };
    },
    probe: async (call) => {
      const deletable = seededPersonas.get(FIXTURE_IDS.deletablePersonaId)!;
      const sibling = [...seededPersonas.values()].find(
        (p) => p.id !== deletable.id && p.language_code === deletable.language_code,
      )!;
      const read = async () => (await call('GET', `/v1/personas/${sibling.id}`)).body.persona.update_time;
      const before = await read();
      await call('DELETE', `/v1/personas/${deletable.id}`);
      return (await read()) === before ? 'as before' : 'moved';
    },
    shows: 'moved',
  }),
  fault({
    id: 'persona-revalidated-after-delete',
    requirements: ['PERSONA-DELETE'],
    slips: ['state'],
    description:
      'GET of a persona answers with Last-Modified (its update_time, else its create_time), and a revalidation layer in front of the handlers answers 304 Not Modified to an If-Modified-Since not before the date it last gave for the URL, before the persona is looked up; the DELETE does not forget the date: a client revalidating its copy of a persona after deleting it is told the copy is current (304) instead of NOT_FOUND (RFC 9110 13.2.1: a precondition applies only where the answer would otherwise be a success).',
    behaviour: (b) => {
      let request: { url: string; since: string | undefined; method: string | undefined } | undefined;
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const since = req.headers['if-modified-since'];
        request = { url: String(req.url), since: typeof since === 'string' ? since : undefined, method: req.method };
        return presented(req);
      };
      const given = new Map<string, number>();
      const bodiless = bodilessNext(b);
      const named = b.pathNamed;
      b.pathNamed = (endpoint, params, store) => {
        const at = request && given.get(request.url);
        if (endpoint.key === GET && request?.since && at !== undefined && at <= Date.parse(request.since)) {
          bodiless();
          throw new ApiError('NOT_MODIFIED', '');
        }
        return named(endpoint, params, store);
      };
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'NOT_MODIFIED' ? 304 : status(code, endpoint));
      const codeAnswer = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = codeAnswer(req, bytes);
        if (req.method !== 'GET' || !bytes.toString('utf8').startsWith('{"persona":')) return coded;
        const { persona: served } = JSON.parse(bytes.toString('utf8')) as { persona: JsonObject };
        const changed = new Date(String(served.update_time ?? served.create_time));
        given.set(String(req.url), Math.floor(changed.getTime() / 1000) * 1000);
        return { ...coded, headers: { ...coded.headers, 'Last-Modified': changed.toUTCString() } };
      };
    },
    probe: async (call) => {
      const path = `/v1/personas/${FIXTURE_IDS.deletablePersonaId}`;
      const first = await call('GET', path);
      await call('DELETE', path);
      const since = typeof first.headers['last-modified'] === 'string' ? first.headers['last-modified'] : 'none';
      return (await call('GET', path, { headers: { 'If-Modified-Since': since } })).status;
    },
    shows: 304,
  }),
] as const satisfies readonly Fault[];

// Faults that cut across endpoints: error envelope, bodies, timestamps, names.

import { internal } from '../../lib/reference/http/errors.js';
import { DAY } from '../../lib/reference/fixtures/time.js';
import { fault, localTime, presentWith, respondWith, type Fault } from './define.js';
import { newAgent, firstPersona } from '../probes/basics.js';

export const GENERAL_FAULTS = [
  fault({
    id: 'error-no-details',
    requirements: ['ERROR-DETAILS-FIELD'],
    slips: ['broken'],
    description: 'INVALID_ARGUMENT errors have empty details.',
    behaviour: (b) => {
      const details = b.errors.details;
      b.errors.details = (error) => (error.code === 'INVALID_ARGUMENT' ? [] : details(error));
    },
    probe: async (call) => (await newAgent(call, {})).body.error.details.length,
    shows: 0,
  }),
  fault({
    id: 'malformed-json-500',
    requirements: ['REQUEST-MALFORMED-JSON'],
    slips: ['broken'],
    description: 'A malformed JSON body gives a 500 INTERNAL error.',
    behaviour: (b) => {
      b.errors.malformedJson = (reason) => internal(`could not handle the body: ${reason}`);
    },
    probe: async (call) => (await call('POST', '/v1/agents', { raw: '{"display_name": ' })).status,
    shows: 500,
  }),
  fault({
    id: 'timestamps-not-utc',
    requirements: ['TIMESTAMP-ISO-UTC'],
    slips: ['broken'],
    description: 'Timestamps are written with a +02:00 offset.',
    behaviour: (b) => {
      b.formatTime = localTime;
    },
    probe: async (call) => (await firstPersona(call)).create_time.endsWith('Z'),
    shows: false,
  }),
  fault({
    id: 'json-content-type-text',
    requirements: ['RESPONSE-CONTENT-TYPE-JSON'],
    slips: ['broken'],
    description: 'JSON bodies are labelled text/plain.',
    behaviour: (b) => {
      b.contentTypes.json = 'text/plain; charset=utf-8';
    },
    probe: async (call) => (await call('GET', '/v1/personas')).contentType,
    shows: 'text/plain; charset=utf-8',
  }),
  fault({
    id: 'error-message-missing',
    requirements: ['ERROR-ENVELOPE'],
    slips: ['broken'],
    description: 'Error bodies carry code and details but no message.',
    behaviour: (b) => {
      // Serialized without the key: JSON leaves out an undefined member.
      b.errors.message = () => undefined as unknown as string;
    },
    probe: async (call) => 'message' in (await newAgent(call, {})).body.error,
    shows: false,
  }),
  fault({
    id: 'invalid-argument-named-bad-request',
    requirements: ['ERROR-INVALID-ARGUMENT'],
    slips: ['broken'],
    description: 'An invalid body field is answered with code BAD_REQUEST instead of INVALID_ARGUMENT.',
    behaviour: (b) => {
      const code = b.errors.code;
      b.errors.code = (error, endpoint) => (error.code === 'INVALID_ARGUMENT' ? 'BAD_REQUEST' : code(error, endpoint));
    },
    probe: async (call) => (await newAgent(call, {})).body.error.code,
    shows: 'BAD_REQUEST',
  }),
  fault({
    id: 'invalid-argument-http-422',
    requirements: ['HTTP-STATUS-CONVENTIONS'],
    slips: ['broken'],
    description: 'INVALID_ARGUMENT is answered with HTTP 422 (allowed by the spec; against the 400 convention).',
    behaviour: (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'INVALID_ARGUMENT' ? 422 : status(code, endpoint));
    },
    probe: async (call) => (await newAgent(call, {})).status,
    shows: 422,
  }),
  fault({
    id: 'not-found-http-410',
    requirements: ['HTTP-STATUS-CONVENTIONS'],
    slips: ['broken'],
    description: 'NOT_FOUND is answered with HTTP 410 (allowed by the spec; against the 404 convention).',
    behaviour: (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'NOT_FOUND' ? 410 : status(code, endpoint));
    },
    probe: async (call) => (await call('GET', `/v1/personas/${'A'.repeat(22)}`)).status,
    shows: 410,
  }),
  fault({
    id: 'envelope-extra-top-level-key',
    requirements: ['ENVELOPE-SINGLE-KEY'],
    slips: ['scope'],
    description:
      'A created agent comes with a request_id beside the agent wrapper (the default reading allows it; the strict one does not).',
    behaviour: (b) => {
      respondWith(b, 'POST /v1/agents', (body) => ({ ...body, request_id: 'req-1' }));
    },
    probe: async (call) => Object.keys((await newAgent(call)).body),
    shows: ['agent', 'request_id'],
  }),
  fault({
    id: 'persona-update-before-create',
    requirements: ['TIMESTAMP-ORDER'],
    slips: ['broken'],
    description: 'Personas report an update_time a day before their create_time.',
    behaviour: (b) => {
      presentWith(b, 'persona', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - DAY),
      }));
    },
    probe: async (call) => {
      const persona = await firstPersona(call);
      return Date.parse(persona.update_time) >= Date.parse(persona.create_time);
    },
    shows: false,
  }),
  fault({
    id: 'persona-resource-name-wrong',
    requirements: ['NAME-MATCHES-ID'],
    slips: ['broken'],
    description: 'Persona resource_name does not carry the persona id.',
    behaviour: (b) => {
      presentWith(b, 'persona', (view) => ({ ...view, resource_name: 'personas/unknown' }));
    },
    probe: async (call) => {
      const persona = await firstPersona(call);
      return persona.resource_name === `personas/${persona.id}`;
    },
    shows: false,
  }),
] as const satisfies readonly Fault[];

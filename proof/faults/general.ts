// Faults that cut across endpoints: error envelope, bodies, timestamps, names.

import { internal } from '../../lib/reference/http/errors.js';
import { DAY } from '../../lib/reference/fixtures/time.js';
import { fault, localTime, presentWith, respondWith, type Fault } from './define.js';

export const GENERAL_FAULTS = [
  fault('error-no-details', ['ERROR-DETAILS-FIELD'], 'INVALID_ARGUMENT errors have empty details.', (b) => {
    const details = b.errors.details;
    b.errors.details = (error) => (error.code === 'INVALID_ARGUMENT' ? [] : details(error));
  }),
  fault('malformed-json-500', ['REQUEST-MALFORMED-JSON'], 'A malformed JSON body gives a 500 INTERNAL error.', (b) => {
    b.errors.malformedJson = (reason) => internal(`could not handle the body: ${reason}`);
  }),
  fault('timestamps-not-utc', ['TIMESTAMP-ISO-UTC'], 'Timestamps are written with a +02:00 offset.', (b) => {
    b.formatTime = localTime;
  }),
  fault('json-content-type-text', ['RESPONSE-CONTENT-TYPE-JSON'], 'JSON bodies are labelled text/plain.', (b) => {
    b.contentTypes.json = 'text/plain; charset=utf-8';
  }),
  fault('error-message-missing', ['ERROR-ENVELOPE'], 'Error bodies carry code and details but no message.', (b) => {
    // Serialized without the key: JSON leaves out an undefined member.
    b.errors.message = () => undefined as unknown as string;
  }),
  fault(
    'invalid-argument-named-bad-request',
    ['ERROR-INVALID-ARGUMENT'],
    'An invalid body field is answered with code BAD_REQUEST instead of INVALID_ARGUMENT.',
    (b) => {
      const code = b.errors.code;
      b.errors.code = (error, endpoint) => (error.code === 'INVALID_ARGUMENT' ? 'BAD_REQUEST' : code(error, endpoint));
    },
  ),
  fault(
    'invalid-argument-http-422',
    ['HTTP-STATUS-CONVENTIONS'],
    'INVALID_ARGUMENT is answered with HTTP 422 (allowed by the spec; against the 400 convention).',
    (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'INVALID_ARGUMENT' ? 422 : status(code, endpoint));
    },
  ),
  fault(
    'not-found-http-410',
    ['HTTP-STATUS-CONVENTIONS'],
    'NOT_FOUND is answered with HTTP 410 (allowed by the spec; against the 404 convention).',
    (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'NOT_FOUND' ? 410 : status(code, endpoint));
    },
  ),
  fault(
    'envelope-extra-top-level-key',
    ['ENVELOPE-SINGLE-KEY'],
    'A created agent comes with a request_id beside the agent wrapper (the default reading allows it; the strict one does not).',
    (b) => {
      respondWith(b, 'POST /v1/agents', (body) => ({ ...body, request_id: 'req-1' }));
    },
  ),
  fault(
    'persona-update-before-create',
    ['TIMESTAMP-ORDER'],
    'Personas report an update_time a day before their create_time.',
    (b) => {
      presentWith(b, 'persona', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - DAY),
      }));
    },
  ),
  fault(
    'persona-resource-name-wrong',
    ['NAME-MATCHES-ID'],
    'Persona resource_name does not carry the persona id.',
    (b) => {
      presentWith(b, 'persona', (view) => ({ ...view, resource_name: 'personas/unknown' }));
    },
  ),
] as const satisfies readonly Fault[];

// Faults that cut across endpoints: error envelope, bodies, timestamps, names.

import { internal } from '../http/errors.js';
import { fault, presentWith, type Fault } from './define.js';

export const GENERAL_FAULTS: readonly Fault[] = [
  fault('error-no-details', ['ERROR-DETAILS-FIELD'], 'INVALID_ARGUMENT errors have empty details.', (b) => {
    const details = b.errors.details;
    b.errors.details = (error) => (error.code === 'INVALID_ARGUMENT' ? [] : details(error));
  }),
  fault('malformed-json-500', ['REQUEST-MALFORMED-JSON'], 'A malformed JSON body gives a 500 INTERNAL error.', (b) => {
    b.errors.malformedJson = (reason) => internal(`could not handle the body: ${reason}`);
  }),
  fault('timestamps-not-utc', ['TIMESTAMP-ISO-UTC'], 'Timestamps are written with a +02:00 offset.', (b) => {
    b.formatTime = (ms) => `${new Date(ms + 2 * 3600_000).toISOString().slice(0, -1)}+02:00`;
  }),
  fault('json-content-type-text', ['RESPONSE-CONTENT-TYPE-JSON'], 'JSON bodies are labelled text/plain.', (b) => {
    b.contentTypes.json = 'text/plain; charset=utf-8';
  }),
  fault('persona-update-before-create', ['TIMESTAMP-ORDER'], 'Personas report an update_time a day before their create_time.', (b) => {
    presentWith(b, 'persona', (view, record) => ({ ...view, update_time: b.formatTime((record as { create_time: number }).create_time - 86_400_000) }));
  }),
  fault('persona-resource-name-wrong', ['NAME-MATCHES-ID'], 'Persona resource_name does not carry the persona id.', (b) => {
    presentWith(b, 'persona', (view) => ({ ...view, resource_name: 'personas/unknown' }));
  }),
];

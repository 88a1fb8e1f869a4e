// The formats of the suite's own: registered on every ajv (lib/schema/ajv.ts) and required by
// precompiled validators (dist/precompiled/, which load the compiled form of this module).

import type { FormatDefinition } from 'ajv';
import { parseIsoUtc } from '../contract/timestamps.js';
import { isResourceName } from '../contract/ids.js';

export const OWN_FORMATS: Readonly<Record<string, FormatDefinition<string>>> = {
  // Read by the one parser: the pattern and a date and time that exist.
  'iso-utc': { type: 'string', validate: (text: string) => parseIsoUtc(text) !== undefined },
  // An ID field holds the ID, never the resource name `<collection>/<id>` (ID-FIELDS-HOLD-IDS).
  'bare-id': { type: 'string', validate: (text: string) => !isResourceName(text) },
};

// Every fixed schema the build precompiles (lib/schema/precompiled.ts), listed in one place for the build.

import { CANONICAL_SCHEMAS } from '../assert/canonical-schema.js';
import { JSON_SCHEMA_META, OPENAPI_SCHEMAS } from '../published/openapi-schema.js';
import type { Precompilable } from '../schema/precompiled.js';

export const precompilable = (): Precompilable[] => [
  ...Object.values(OPENAPI_SCHEMAS),
  JSON_SCHEMA_META,
  CANONICAL_SCHEMAS,
];

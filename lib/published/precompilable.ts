// Every fixed schema the build precompiles (lib/schema/precompiled.ts): here, so the build asks one module.

import type { Precompilable } from '../schema/precompiled.js';
import { OPENAPI_SCHEMAS } from './openapi-schema.js';

export const precompilable = (): Precompilable[] => Object.values(OPENAPI_SCHEMAS);

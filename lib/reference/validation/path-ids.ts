// Path parameters that break their endpoint's ID rule are INVALID_ARGUMENT, naming the parameter.

import type { Endpoint } from '../../contract/endpoints.js';
import { ID_RULES, matchesIdRule } from '../../contract/ids.js';
import { invalidArgument } from '../http/errors.js';
import { idCheck } from './checks.js';

export function enforcePathIds(endpoint: Endpoint, params: Readonly<Record<string, string>>): void {
  for (const [name, kind] of Object.entries(endpoint.pathParams)) {
    if (kind !== null && !matchesIdRule(ID_RULES[kind], params[name])) {
      throw invalidArgument(name, `must be ${idCheck(kind).description}`, 'path');
    }
  }
}

// Path parameters that break their endpoint's ID rule are INVALID_ARGUMENT, naming the parameter.

import type { Endpoint } from '../../contract/endpoints.js';
import { ID_RULES, matchesIdRule, type IdKind, type IdRule } from '../../contract/ids.js';
import { invalidArgument } from '../http/errors.js';
import { idCheck } from './checks.js';

export function enforcePathIds(endpoint: Endpoint, params: Readonly<Record<string, string>>, checked: (endpoint: Endpoint, param: string) => boolean,
  rules: Readonly<Record<IdKind, IdRule>> = ID_RULES): void {
  for (const [name, kind] of Object.entries(endpoint.pathParams)) {
    if (kind !== null && checked(endpoint, name) && !matchesIdRule(rules[kind], params[name])) {
      throw invalidArgument(name, `must be ${idCheck(kind).description}`, 'path');
    }
  }
}

// Path parameters that break their endpoint's ID rule are INVALID_ARGUMENT, naming the parameter.

import type { Endpoint } from '../../contract/endpoints.js';
import { ID_RULES, type IdKind, type IdRule } from '../../contract/ids.js';
import { invalidArgument } from '../http/errors.js';
import { idCheck } from './checks.js';
import { fitsIdRule } from './id-format.js';

export function enforcePathIds(endpoint: Endpoint, params: Readonly<Record<string, string>>, checked: (endpoint: Endpoint, param: string) => boolean,
  rules: Readonly<Record<IdKind, IdRule>> = ID_RULES): void {
  for (const [name, kind] of Object.entries(endpoint.pathParams)) {
    if (kind !== null && checked(endpoint, name) && !fitsIdRule(rules[kind], params[name])) {
      // Stryker disable next-line StringLiteral: the message is free text, and the detail's location is read only by variations and faults.
      throw invalidArgument(name, `must be ${idCheck(kind).description}`, 'path');
    }
  }
}

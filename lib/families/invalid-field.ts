// A rejection that must name the field at fault: INVALID_ARGUMENT whose details name one of the
// fields a check accepts (the field itself, or the object holding a nested key).

import { ERROR_CODES } from '../contract/enums.js';
import type { RequirementId } from '../contract/requirements/index.js';
import type { Call, CheckContext } from '../harness/context.js';
import { isSuccess } from '../assert/responses.js';
import { detailNamesField, type NamingOptions } from '../assert/detail-field.js';

/**
 * INVALID_ARGUMENT whose details name one of `fields` (an element of a list counts for the list: `metric_ids[0]`,
 * `/metric_ids/0`; with `within`, so does anything inside a field).
 */
export function expectInvalidField(t: CheckContext, call: Call, requirements: readonly RequirementId[], fields: readonly string[], what?: string, options: NamingOptions = {}): void {
  const error = t.expectRejection(call, [...requirements, 'ERROR-INVALID-ARGUMENT'], { code: ERROR_CODES.invalidArgument, conventionalStatus: 400 }, what);
  const named = (error['details'] as Array<{ field: string }>).map((d) => d.field);
  const inside = options.within ? ' (or anything inside it)' : '';
  t.assert(
    named.some((field) => fields.some((wanted) => detailNamesField(field, wanted, options))),
    ['ERROR-DETAILS-FIELD'],
    `error details name none of ${fields.map((f) => `"${f}"`).join(', ')}${inside} (they name: ${named.map((f) => JSON.stringify(f)).join(', ') || 'nothing'})`,
    call,
  );
}

/**
 * A listed value in another letter case (`voice`, `scenario`): the specification says nothing of case, so it may
 * be refused (INVALID_ARGUMENT naming `field`) or recognised, and then the created resource (under the endpoint's
 * wrapper) holds the listed value `listed`, never the spelling sent.
 */
export function expectRefusedOrRecognised(t: CheckContext, call: Call, requirements: readonly RequirementId[], field: string, listed: string, what: string): void {
  if (!isSuccess(call)) return expectInvalidField(t, call, requirements, [field], what);
  const stored = t.expectResource(call, requirements, what)[field];
  t.assert(stored === listed, requirements, `${what} was accepted, so ${field} must be the listed ${listed}; it came back as ${JSON.stringify(stored)}`, call);
}

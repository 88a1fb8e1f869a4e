// Minimal valid request bodies. Each sends only what the spec requires (plus a phone
// number, since which agent types require one is not shown), so a valid-side test
// changes exactly one field of an otherwise valid request.

import type { JsonObject } from '../util/json.js';

export const VALID_PHONE = '+14155550123';
// Host names a server can resolve (example.com is in public DNS; its sub-domains are not): a server may resolve a
// URL's host to refuse private addresses behind a name, and refuse a name that does not resolve.
export const PUBLIC_CHAT_URL = 'https://example.com/v1/messages';
export const PUBLIC_WEBHOOK_URL = 'https://example.com/outbound';
/** Relative references, no URL (RFC 3986 4.2): a path, one without its slash, scheme-relative, a host without its scheme. */
export const RELATIVE_URLS = ['/v1/messages', 'v1/messages', '//example.com/v1/messages', 'example.com/v1/messages'];

export function agentBody(displayName: string, overrides: JsonObject = {}): JsonObject {
  return { display_name: displayName, model_type: 'MODEL_TYPE_VOICE', phone_number: VALID_PHONE, ...overrides };
}

export function mutationBody(displayName: string, overrides: JsonObject = {}): JsonObject {
  return { display_name: displayName, ...overrides };
}

export function testCaseBody(inputStr: string, overrides: JsonObject = {}): JsonObject {
  return { input_str: inputStr, test_set_id: 'cftTs001', ...overrides };
}

export function reviewProjectBody(
  displayName: string,
  simulationId: string,
  metricId: string,
  overrides: JsonObject = {},
): JsonObject {
  return {
    display_name: displayName,
    assignees: ['reviewer@example.com'],
    linked_simulation_ids: [simulationId],
    linked_metric_ids: [metricId],
    ...overrides,
  };
}

export function dashboardBody(displayName: string): JsonObject {
  return { display_name: displayName };
}

// Points of the specification that cannot be checked from outside, and why
// (in the manner of Kubernetes' ineligible-endpoints list).

export interface Untestable {
  readonly topic: string;
  readonly section: string;
  readonly reason: string;
}

export const UNTESTABLE: readonly Untestable[] = [
  {
    topic: 'Outbound voice agents are triggered by an HTTP POST to the agent endpoint',
    section: 'Events',
    reason:
      "The service calls the client's system at run time; the suite makes only loopback-safe requests and never receives calls.",
  },
  {
    topic: 'Template variables in CHAT configuration are substituted',
    section: 'Agent',
    reason: 'Substitution happens when a chat runs, which no listed endpoint starts or exposes.',
  },
  {
    topic: 'WEBSOCKET authorization_header is sent as `Authorization: Bearer` or `X-API-Key` in the handshake',
    section: 'Agent',
    reason: "The handshake happens at run time against the agent's endpoint.",
  },
  {
    topic:
      'CHAT response_format default `chat_completions`, strip_message_timestamps default false, phone_number_key default `phone_number`',
    section: 'Agent',
    reason:
      'Runtime defaults: the spec does not say they are materialised in `metadata`, so their absence proves nothing (a key shown unsent must hold its default: agents.simulator-config.stated-defaults).',
  },
  {
    topic: 'config_overrides is merged with the agent configuration at runtime',
    section: 'Agent mutation',
    reason: 'The merge happens when a run executes; no endpoint shows the merged configuration.',
  },
  {
    topic: 'Deleting a scheduled run removes its schedule',
    section: 'Scheduled runs',
    reason: 'Future triggering is not observable; the suite checks only that the scheduled run is gone.',
  },
  {
    topic: 'A schedule_expression not in `rate(...)` / `cron(...)` form is rejected with INVALID_ARGUMENT',
    section: 'Errors',
    reason:
      'No listed endpoint accepts a schedule_expression (creating and updating scheduled runs are not shown); returned expressions are checked for the form.',
  },
  {
    topic: 'Deleting a run cancels it or deletes it depending on its status',
    section: 'States and transitions',
    reason:
      'Run statuses and transitions are not shown; the suite checks only that the run is gone or its status changed.',
  },
  { topic: 'Agents of some types require phone_number', section: 'Agent', reason: 'Which types is not shown.' },
  {
    topic: 'Inner structure of tool_call_extraction_config; allowed conversation_initiation values; run status values',
    section: 'Resources and their fields',
    reason: 'Not shown.',
  },
  { topic: 'Key scopes, expiry and rotation; rate limits', section: 'Authentication; Limits', reason: 'Not shown.' },
  {
    topic: "The API key is obtained from the service's web dashboard",
    section: 'Authentication',
    reason: 'Outside the API.',
  },
  {
    topic: 'The soft-delete flag of an agent',
    section: 'Agent',
    reason:
      'Agents cannot be deleted through the listed endpoints; the suite checks only that no such flag is returned.',
  },
];

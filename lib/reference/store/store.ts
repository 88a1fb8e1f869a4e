// The in-memory state of one running service.

import type { Clock } from './clock.js';
import type { IdFactory } from './ids.js';
import type {
  AgentRecord,
  DashboardRecord,
  MetricOutputRecord,
  MutationRecord,
  PersonaRecord,
  PhoneNumberRecord,
  ReviewProjectRecord,
  RunRecord,
  ScheduledRunRecord,
  TestCaseRecord,
} from './records.js';

export interface Store {
  readonly clock: Clock;
  /** Ids of resources created through the API. */
  readonly ids: IdFactory;
  readonly agents: Map<string, AgentRecord>;
  readonly mutations: Map<string, MutationRecord>;
  readonly testCases: Map<string, TestCaseRecord>;
  readonly personas: Map<string, PersonaRecord>;
  readonly phoneNumbers: {
    readonly inbound: readonly PhoneNumberRecord[];
    readonly outbound: readonly PhoneNumberRecord[];
  };
  readonly runs: Map<string, RunRecord>;
  /** Metric outputs by simulation id, then by metric_output_id. */
  readonly simulations: Map<string, Map<string, MetricOutputRecord>>;
  readonly scheduledRuns: Map<string, ScheduledRunRecord>;
  readonly dashboards: Map<string, DashboardRecord>;
  readonly reviewProjects: Map<string, ReviewProjectRecord>;
}

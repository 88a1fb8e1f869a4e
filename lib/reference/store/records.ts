// Stored forms of the resources. Timestamps are epoch milliseconds; views format them.
// A listed record (run, persona, metric output) is never changed in place: a change
// stores a new record, so lists may keep what they worked out from the old one.

import type { ModelType } from '../../contract/enums.js';
import type { JsonObject } from '../../util/json.js';

export interface AgentRecord {
  readonly id: string;
  readonly display_name: string;
  readonly model_type: ModelType;
  readonly phone_number: string | null;
  readonly endpoint: string | null;
  readonly prompt: string | null;
  readonly metadata: JsonObject | null;
  readonly workflows: JsonObject | null;
  readonly metric_ids: readonly string[];
  readonly test_set_ids: readonly string[];
  readonly knowledge_base_ids: readonly string[];
  readonly create_time: number;
  readonly update_time: number;
  /** Soft-delete flag: internal, never serialized. */
  readonly deleted: boolean;
}

export interface MutationRecord {
  readonly id: string;
  readonly agent_id: string;
  readonly display_name: string;
  readonly description: string;
  readonly config_overrides: JsonObject;
  readonly parameter_values: Readonly<Record<string, string>>;
  readonly create_time: number;
  readonly update_time: number | null;
  deleted: boolean;
}

export interface TestCaseRecord {
  readonly id: string;
  readonly test_set_id: string;
  readonly input_str: string;
  readonly expected_behaviors: readonly string[] | null;
  readonly expected_output_str: string | null;
  readonly expected_output_json: JsonObject | null;
  readonly description: string | null;
  readonly input_type: string;
  readonly simulation_metadata_input: JsonObject | null;
  readonly metric_input: JsonObject | null;
  readonly user_notes: string | null;
  readonly create_time: number;
  readonly update_time: number;
}

export interface PersonaRecord {
  readonly id: string;
  readonly name: string;
  readonly persona_prompt: string;
  readonly voice_name: string;
  readonly language_code: string;
  readonly background_sound: string;
  readonly wait_seconds: number;
  readonly conversation_initiation: string;
  readonly hold_music_timeout_seconds: number;
  readonly create_time: number;
  readonly update_time: number;
}

export interface PhoneNumberRecord {
  readonly index: number;
  readonly phone_number: string;
}

export interface RunProgress {
  readonly total_test_cases: number;
  readonly completed_test_cases: number;
  readonly failed_test_cases: number;
  readonly in_progress_test_cases: number;
}

export interface MetricSummary {
  readonly mean: number;
  readonly min: number;
  readonly max: number;
}

export interface RunRecord {
  readonly run_id: string;
  readonly status: string;
  readonly create_time: number;
  readonly update_time: number;
  readonly agent_id: string;
  readonly persona_id: string;
  readonly test_set_id: string;
  readonly tags: readonly string[];
  readonly progress: RunProgress;
  readonly results: {
    readonly output_ids: readonly string[];
    readonly metrics: Readonly<Record<string, MetricSummary>>;
  };
  readonly metadata: Readonly<Record<string, string>>;
  readonly error: string | null;
  /** Filterable (`created_by`) but not a field of Run as the spec lists it. */
  readonly created_by: string;
}

export interface SubValueRecord {
  readonly start_offset: number;
  readonly end_offset: number;
  readonly output_type: string;
  readonly float_value: number;
  readonly string_value: string;
  readonly role: string;
  readonly message_index: number;
}

export interface MetricOutputRecord {
  readonly metric_output_id: string;
  readonly metric_id: string;
  readonly metric_name: string;
  readonly status: string;
  readonly value: number;
  readonly create_time: number;
  readonly start_time: number;
  readonly end_time: number;
  readonly subvalues_by_timestamp: readonly SubValueRecord[] | null;
}

export interface ScheduledRunRecord {
  readonly id: string;
  readonly display_name: string;
  readonly run_template_id: string;
  readonly schedule_expression: string;
  readonly schedule_timezone: string;
  readonly enabled: boolean;
  readonly last_run_at: number | null;
  readonly last_run_id: string | null;
  readonly create_time: number;
  readonly update_time: number | null;
}

export interface DashboardRecord {
  readonly id: string;
  readonly display_name: string;
  readonly create_time: number;
  readonly update_time: number;
}

export interface ReviewProjectRecord {
  readonly id: string;
  readonly display_name: string;
  readonly assignees: readonly string[];
  readonly linked_simulation_ids: readonly string[];
  readonly linked_metric_ids: readonly string[];
  readonly description: string | null;
  readonly project_type: string;
  readonly notifications: boolean;
  readonly project_rules: readonly string[] | null;
  readonly create_time: number;
  readonly update_time: number;
}

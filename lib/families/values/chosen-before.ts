// A stated default holds whatever the request before chose: a create that leaves a defaulted field out, sent right
// after one that chose another value, takes the default (a default kept in a variable each create writes, as a form
// keeps its last choice, gives it the other value). The two creates are a quiet section: nothing of the run comes
// between them, so the second follows the first on every target. One row per resource with stated defaults.

import { DEFAULTS } from '../../contract/enums.js';
import type { RequirementId } from '../../contract/requirements/index.js';
import { check, type Call, type CheckContext } from '../../harness/index.js';
import { reviewLinks } from '../../harness/discovery.js';
import { typedAgentBody } from '../../gen/agent-bodies.js';
import type { JsonObject } from '../../util/json.js';
import { expectAgentCreated } from '../agents.js';
import { configField } from '../simulator-config.js';
import { defaultsMissed } from './values.js';

type Group = 'test-cases' | 'review-projects' | 'mutations' | 'agents';

interface Chosen {
  readonly group: Group;
  /** The defaulted fields, as the title names them. */
  readonly fields: string;
  readonly requirements: readonly RequirementId[];
  /** The first create's fields: a listed value other than each default. */
  readonly chosen: JsonObject;
  /** The stated defaults the second create, which leaves them out, takes. */
  readonly defaults: JsonObject;
  /**
   * Asks for everything the creates need (parents, links, the configuration field), then gives the create and what
   * a create answered (the resource, or what the row reads of it).
   */
  prepare(t: CheckContext): Promise<{
    send(fields: JsonObject): Promise<Call>;
    read(call: Call, what: string): JsonObject;
  }>;
}

const { simulatorConfig } = DEFAULTS;

/** The resource under a create's wrapper, its create rule holding. */
const created = (t: CheckContext, requirement: RequirementId) => (call: Call, what: string) =>
  t.expectResource(call, [requirement], what);

const CHOSEN: readonly Chosen[] = [
  {
    group: 'test-cases',
    fields: 'input_type',
    requirements: ['TESTCASE-INPUT-TYPE-DEFAULT'],
    chosen: { input_type: 'SCRIPT', simulation_metadata_input: { script_turns: ['Hello'] } },
    defaults: { input_type: DEFAULTS.testCaseInputType },
    async prepare(t) {
      await t.testCases.testSetId();
      return { send: (fields) => t.testCases.send(fields), read: created(t, 'TESTCASE-CREATE') };
    },
  },
  {
    group: 'review-projects',
    fields: 'project_type and notifications',
    requirements: ['REVIEW-PROJECT-TYPE', 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    chosen: { project_type: 'PROJECT_COLLABORATIVE', notifications: false },
    defaults: { project_type: DEFAULTS.reviewProjectType, notifications: DEFAULTS.reviewProjectNotifications },
    async prepare(t) {
      const links = await reviewLinks(t);
      return { send: (fields) => t.reviewProjects.send(links, fields), read: created(t, 'REVIEW-PROJECT-CREATE') };
    },
  },
  {
    group: 'mutations',
    fields: 'description',
    requirements: ['MUTATION-DESCRIPTION'],
    chosen: { description: 'chosen by the create before' },
    defaults: { description: DEFAULTS.mutationDescription },
    async prepare(t) {
      const parent = await t.mutations.parent();
      return { send: (fields) => t.mutations.send(parent, fields), read: created(t, 'MUTATION-CREATE') };
    },
  },
  {
    group: 'agents',
    fields: 'response_format and strip_message_timestamps of a CHAT configuration',
    requirements: ['AGENT-CONFIG-ECHO'],
    chosen: { response_format: 'responses', strip_message_timestamps: true },
    defaults: simulatorConfig.MODEL_TYPE_CHAT,
    async prepare(t) {
      const field = await configField(t);
      return {
        send: (config) =>
          t.agents.send(
            typedAgentBody('MODEL_TYPE_CHAT', t.name('agent chosen before'), { configField: field, config }),
          ),
        // A defaulted key of the configuration may be left out of what is read (absent is the default).
        read(call, what) {
          const metadata = expectAgentCreated(t, call, ['AGENT-CONFIG-ECHO'], what, field)['metadata'];
          const shown = (metadata ?? {}) as JsonObject;
          return { ...simulatorConfig.MODEL_TYPE_CHAT, ...shown };
        },
      };
    },
  },
];

/** The check of the group's row: a create choosing other values, then one leaving them out, nothing between. */
export function declareChosenBeforeChecks(group: Group): void {
  for (const row of CHOSEN.filter((r) => r.group === group))
    check(
      `${group}.values.default-after-another-choice`,
      row.requirements,
      `a create without ${row.fields}, sent right after one that chose ${JSON.stringify(row.chosen)}, takes the stated default ${JSON.stringify(row.defaults)}`,
      async (t) => {
        const { send, read } = await row.prepare(t);
        const [first, second] = await t.alone(async () => [await send(row.chosen), await send({})] as const);
        read(first, `a create with ${JSON.stringify(row.chosen)}`);
        const what = `a create without ${row.fields}, right after one with ${JSON.stringify(row.chosen)}`;
        const missed = defaultsMissed(row.defaults, read(second, what));
        t.assert(!missed.length, row.requirements, `${what}: ${missed.join('; ')}`, second);
      },
      { writes: true },
    );
}

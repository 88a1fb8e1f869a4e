// Values of a write whatever else its body holds: a stated default applied when its field is left out beside fields
// that suggest another value, an explicit empty map or list kept empty where the specification sets no minimum, and
// each stated form of a field accepted under every model type. One request per form or body, few in all.

import { DEFAULTS, MODEL_TYPES, type ModelType } from '../lib/contract/enums.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import { isSuccess } from '../lib/assert/responses.js';
import { expectAgent, expectAgentCreated, fetchAgent } from '../lib/families/agents.js';
import { configField, probeConfigField, unprovenReason } from '../lib/families/simulator-config.js';
import { defaultsMissed, filledEmpties } from '../lib/families/values/values.js';
import { declareChosenBeforeChecks } from '../lib/families/values/chosen-before.js';
import {
  changedFields,
  changedJsonText,
  freeJson,
  JSON_HEADER_KEYS,
  JSON_TEXT_KEYS,
  JSON_DOCUMENT_TEXTS,
  JSON_TEMPLATE_KEYS,
  ANY_DOCUMENT_KEYS,
} from '../lib/families/values/free-json.js';
import { detailFields } from '../lib/assert/error-details.js';
import { detailsName } from '../lib/assert/detail-field.js';
import { typedAgentBody } from '../lib/gen/agent-bodies.js';
import { agentBody } from '../lib/gen/bodies.js';
import { PROJECT_RULES } from '../lib/contract/enums.js';
import { metricOutputs, reviewLinks, simulationIds } from '../lib/harness/discovery.js';
import { check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import { expectMutationReadBack } from '../lib/families/mutations.js';
import { echoMismatches } from '../lib/assert/echo.js';
import { sentBody } from '../lib/harness/resources.js';
import { EVERY_CHARACTER_IDS, SHORTUUID_ID, WIDE_VALUES } from '../lib/gen/values.js';
import type { JsonObject } from '../lib/util/json.js';

const WRITES = { writes: true } as const;

/** Asserts no field of `sent` (empty maps and lists) came back filled, in the create answer and in each read. */
function expectEmptiesKept(
  t: CheckContext,
  requirements: readonly RequirementId[],
  sent: JsonObject,
  reads: ReadonlyArray<readonly [JsonObject, Call]>,
): void {
  for (const [read, call] of reads) {
    const filled = filledEmpties(sent, read);
    t.assert(
      !filled.length,
      requirements,
      `${call.endpoint.key}: an explicit empty value should read back empty or absent: ${filled.join('; ')}`,
      call,
    );
  }
}

/** A mutation overriding `overrides` (JSON text) returns the same documents, on creation and on GET. */
async function expectOverridesKept(t: CheckContext, agentId: string, overrides: JsonObject): Promise<void> {
  const what = `a mutation overriding ${Object.keys(overrides).join(', ')} with JSON of every shape`;
  const { mutation, call } = await t.mutations.create(
    agentId,
    { config_overrides: overrides },
    ['MUTATION-CREATE'],
    what,
  );
  const read = await t.call('GET /v1/agents/{agent_id}/mutations/{mutation_id}', {
    params: { agent_id: agentId, mutation_id: String(mutation['id']) },
  });
  const fetched = t.expectResource(read, ['MUTATION-GET'], `reading back ${what}`);
  for (const [resource, exchange, rule] of [
    [mutation, call, 'MUTATION-CREATE'],
    [fetched, read, 'READ-BACK-UNCHANGED'],
  ] as const) {
    const changed = changedJsonText(overrides, (resource['config_overrides'] ?? {}) as JsonObject);
    t.assert(
      !changed.length,
      [rule],
      `${exchange.endpoint.key}, ${what}: not the documents sent: ${changed.join('; ')}`,
      exchange,
    );
  }
}

/** How many discovered simulations are searched for two scored on different metrics. */
const SIMULATION_SAMPLE = 8;

/** Two discovered simulations, a metric the first was scored on, and one only the second was; undefined when none are. */
async function twoSimulationLinks(
  t: CheckContext,
): Promise<{ first: string; second: string; firstMetric: string; secondOnly: string } | undefined> {
  const scored: [string, Set<string>][] = [];
  for (const simulationId of (await simulationIds(t)).slice(0, SIMULATION_SAMPLE)) {
    const metrics = (await metricOutputs(t, simulationId))
      .map((m) => m['metric_id'])
      .filter((id): id is string => typeof id === 'string' && id !== '');
    scored.push([simulationId, new Set(metrics)]);
  }
  for (const [first, firstMetrics] of scored)
    for (const [second, secondMetrics] of scored) {
      const secondOnly = [...secondMetrics].find((id) => !firstMetrics.has(id));
      const [firstMetric] = firstMetrics;
      if (first !== second && secondOnly !== undefined && firstMetric !== undefined)
        return { first, second, firstMetric, secondOnly };
    }
  return undefined;
}

// ---- stated defaults beside fields that suggest another value ------------------------------------

/** The configuration's JSON-text documents `sent`, the same in the create's answer and in a read of the agent. */
async function expectJsonTextKept(
  t: CheckContext,
  sent: JsonObject,
  created: JsonObject,
  call: Call,
  what: string,
): Promise<void> {
  const fetched = await fetchAgent(t, created['id'], ['AGENT-GET']);
  for (const [agent, exchange, rule] of [
    [created, call, 'AGENT-CONFIG-ECHO'],
    [fetched.agent, fetched.call, 'READ-BACK-UNCHANGED'],
  ] as const) {
    const changed = changedJsonText(sent, (agent['metadata'] ?? {}) as JsonObject);
    t.assert(
      !changed.length,
      [rule],
      `${exchange.endpoint.key}, ${what}: not the documents sent: ${changed.join('; ')}`,
      exchange,
    );
  }
}

describeGroup('test-cases', () => {
  declareChosenBeforeChecks('test-cases');

  // script_turns are what a SCRIPT test case holds, but input_type is left out: the stated default SCENARIO applies.
  // "contents depend on input_type" lets a server refuse script_turns outside SCRIPT instead (naming either field).
  check(
    'test-cases.values.input-type-default-beside-script-turns',
    ['TESTCASE-INPUT-TYPE-DEFAULT'],
    'a test case without input_type but with script_turns and every other field is SCENARIO, or refused naming simulation_metadata_input or input_type; never SCRIPT',
    async (t) => {
      const call = await t.testCases.send({
        expected_behaviors: ['Reads the script back'],
        expected_output_json: { resolved: true },
        description: 'scripted without a type',
        simulation_metadata_input: { script_turns: ['Hello', 'I need help'] },
        metric_input: { expected_entities: ['order number'] },
        user_notes: 'input_type left out',
      });
      const what = 'a test case without input_type, its simulation_metadata_input holding script_turns';
      if (!isSuccess(call)) {
        t.expectInvalidArgument(
          call,
          ['TESTCASE-INPUT-TYPE-DEFAULT'],
          ['simulation_metadata_input', 'input_type'],
          what,
        );
        return;
      }
      const testCase = t.expectResource(call, ['TESTCASE-CREATE'], what);
      const missed = defaultsMissed({ input_type: 'SCENARIO' }, testCase);
      t.assert(!missed.length, ['TESTCASE-INPUT-TYPE-DEFAULT'], `${what}: ${missed.join('; ')}`, call);
    },
    WRITES,
  );

  check(
    'test-cases.values.explicit-empty-collections-kept',
    ['TESTCASE-CREATE', 'EXPLICIT-VALUE-KEPT'],
    'a test case with expected_behaviors [], expected_output_json {}, simulation_metadata_input {} and metric_input {} is accepted and reads each back empty or absent',
    async (t) => {
      const empties = {
        expected_behaviors: [],
        expected_output_json: {},
        simulation_metadata_input: {},
        metric_input: {},
      };
      const { testCase, call } = await t.testCases.create(
        empties,
        ['TESTCASE-CREATE'],
        'creating a test case with empty lists and maps',
      );
      expectEmptiesKept(t, ['EXPLICIT-VALUE-KEPT'], empties, [[testCase, call]]);
    },
    WRITES,
  );

  // simulation_metadata_input's "contents depend on input_type": a server may refuse keys a SCENARIO does not read.
  check(
    'test-cases.values.free-json-kept-exactly',
    ['TESTCASE-CREATE', 'ERROR-INVALID-ARGUMENT'],
    'a test case whose expected_output_json, simulation_metadata_input and metric_input hold nulls, one-element lists, nested empties, text shaped like timestamps, numbers and booleans, and keys shaped like numbers returns each exactly as sent (simulation_metadata_input may be refused naming it)',
    async (t) => {
      const fields: JsonObject = {
        expected_output_json: freeJson(),
        simulation_metadata_input: freeJson(),
        metric_input: { ...freeJson(), expected_entities: ['order number'] },
      };
      const what = 'a test case with free-form JSON of every shape';
      let call = await t.testCases.send(fields);
      if (!isSuccess(call) && detailsName(detailFields(call), ['simulation_metadata_input'])) {
        t.expectInvalidArgument(call, ['ERROR-INVALID-ARGUMENT'], 'simulation_metadata_input', what);
        delete fields['simulation_metadata_input'];
        call = await t.testCases.send(fields);
      }
      const testCase = t.expectResource(call, ['TESTCASE-CREATE'], what);
      const changed = changedFields(fields, testCase);
      t.assert(!changed.length, ['TESTCASE-CREATE'], `${what}, not returned as sent: ${changed.join('; ')}`, call);
    },
    WRITES,
  );
});

describeGroup('review-projects', () => {
  declareChosenBeforeChecks('review-projects');

  // No name of a review project is unique, least of all against other kinds of resource: an agent's and a mutation's are free.
  check(
    'review-projects.values.names-of-other-resources',
    ['REVIEW-PROJECT-CREATE'],
    "review projects named as an agent's display_name and as a mutation's are created as sent",
    async (t) => {
      const links = await reviewLinks(t);
      const { agent, sent } = await t.agents.create({ display_name: t.name('agent named twice') });
      const { sent: mutation } = await t.mutations.create(String(agent['id']), {
        display_name: t.name('mutation named twice'),
      });
      for (const [name, as] of [
        [sent['display_name'], "an agent's display_name"],
        [mutation['display_name'], "a mutation's display_name"],
      ] as const)
        await t.reviewProjects.create(
          links,
          { display_name: name },
          ['REVIEW-PROJECT-CREATE'],
          `a review project named as ${as}`,
        );
    },
    WRITES,
  );

  // Each linked metric is one some linked simulation was scored on, not necessarily the first: links drawn from two
  // discovered simulations, a metric only the second was scored on, alone and beside one of the first, in both orders.
  check(
    'review-projects.values.links-from-two-simulations',
    ['REVIEW-PROJECT-CREATE'],
    'a review project linking two discovered simulations and a metric only the second was scored on (alone, beside a metric of the first, and with the simulations in the other order) is created as sent',
    async (t) => {
      const pair = await twoSimulationLinks(t);
      if (!pair)
        return t.skip('needs two discovered simulations, one scored on a metric the other was not; none found');
      const { first, second, firstMetric, secondOnly } = pair;
      for (const [simulations, metrics, what] of [
        [[first, second], [secondOnly], 'a metric only the second simulation was scored on'],
        [[first, second], [firstMetric, secondOnly], 'a metric of each simulation'],
        [[second, first], [secondOnly], 'a metric only the first simulation was scored on'],
      ] as const)
        await t.reviewProjects.create(
          { simulationId: first, metricId: firstMetric },
          { linked_simulation_ids: [...simulations], linked_metric_ids: [...metrics] },
          ['REVIEW-PROJECT-CREATE'],
          `a review project linking two simulations and ${what}`,
        );
    },
    WRITES,
  );

  // Several assignees and project rules suggest shared annotations, and one defaulted field set suggests the other
  // goes with it: each left out still takes its stated default.
  check(
    'review-projects.values.defaults-beside-other-fields',
    ['REVIEW-PROJECT-TYPE', 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
    'a review project with several assignees, project rules and one of project_type or notifications set takes the stated default of the other (PROJECT_INDIVIDUAL, true)',
    async (t) => {
      const links = await reviewLinks(t);
      const others = {
        assignees: ['reviewer@example.com', 'second.reviewer@example.com', 'third.reviewer@example.com'],
        description: 'reviewed together',
        project_rules: [...PROJECT_RULES],
      };
      for (const [given, defaults] of [
        [{ project_type: 'PROJECT_COLLABORATIVE' }, { notifications: true }],
        [{ notifications: false }, { project_type: 'PROJECT_INDIVIDUAL' }],
      ] as const) {
        const what = `a review project with ${JSON.stringify(given)} and ${Object.keys(defaults)[0]} left out`;
        const { reviewProject, call } = await t.reviewProjects.create(
          links,
          { ...others, ...given },
          ['REVIEW-PROJECT-CREATE'],
          what,
        );
        const missed = defaultsMissed(defaults, reviewProject);
        t.assert(
          !missed.length,
          ['REVIEW-PROJECT-TYPE', 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT'],
          `${what}: ${missed.join('; ')}`,
          call,
        );
      }
    },
    WRITES,
  );
});

// ---- explicit empty maps and lists --------------------------------------------------------------

describeGroup('mutations', () => {
  declareChosenBeforeChecks('mutations');

  // Overrides of a key the parent has (its workflows), wide rather than deep, within config_overrides' 10 KB.
  check(
    'mutations.values.wide-overrides-kept',
    ['MUTATION-CREATE', 'READ-BACK-UNCHANGED'],
    `a mutation whose config_overrides hold workflows (a key its parent has) of ${WIDE_VALUES.map((v) => v.shape).join(', then ')} (within 10 KB) returns them whole, on creation and on GET`,
    async (t) => {
      const { agent } = await t.agents.create({ workflows: { step: 'greet' } });
      for (const { shape, value } of WIDE_VALUES) {
        const what = `a mutation overriding workflows with ${shape}`;
        const { mutation, call } = await t.mutations.create(
          String(agent['id']),
          { config_overrides: { workflows: value } },
          ['MUTATION-CREATE'],
          what,
        );
        const mismatches = echoMismatches(sentBody(call), mutation);
        t.assert(
          !mismatches.length,
          ['MUTATION-CREATE'],
          `${what}, not returned whole: ${mismatches.join('; ')}`,
          call,
        );
        await expectMutationReadBack(t, call, what);
      }
    },
    WRITES,
  );

  // Names are unique among an agent's active mutations only: the agent's own name, another agent's, and a name another
  // agent's mutation holds are free (a store that lists the agent beside its variants, or checks names run-wide, refuses them).
  check(
    'mutations.values.names-of-related-resources',
    ['MUTATION-CREATE', 'READ-BACK-UNCHANGED'],
    "a mutation named as its parent agent's display_name, one named as another agent's, and one of that other agent named as the first mutation are each created and read back by GET as sent",
    async (t) => {
      const first = await t.agents.create({ display_name: t.name('first agent') });
      const second = await t.agents.create({ display_name: t.name('second agent') });
      const cells = [
        [first, first, "its parent agent's display_name"],
        [first, second, "another agent's display_name"],
        [second, first, "another agent's mutation's display_name"],
      ] as const;
      for (const [parent, named, as] of cells) {
        const what = `a mutation named as ${as}`;
        const { call } = await t.mutations.create(
          String(parent.agent['id']),
          { display_name: named.sent['display_name'] },
          ['MUTATION-CREATE'],
          what,
        );
        await expectMutationReadBack(t, call, what);
      }
    },
    WRITES,
  );

  // Overrides and their display pairs could be taken to describe the variant: description left out stays "".
  check(
    'mutations.values.description-default-beside-other-fields',
    ['MUTATION-DESCRIPTION'],
    'a mutation without description but with config_overrides and parameter_values reads description back as its default "" (or absent), on creation and on GET',
    async (t) => {
      const agentId = await t.mutations.parent();
      const { mutation, call } = await t.mutations.create(
        agentId,
        { config_overrides: { prompt: 'a calmer tone' }, parameter_values: { prompt: 'a calmer tone' } },
        ['MUTATION-CREATE'],
        'creating a mutation without description',
      );
      const read = await t.call('GET /v1/agents/{agent_id}/mutations/{mutation_id}', {
        params: { agent_id: agentId, mutation_id: String(mutation['id']) },
      });
      const fetched = t.expectResource(read, ['MUTATION-GET'], 'reading the mutation back');
      for (const [resource, exchange] of [
        [mutation, call],
        [fetched, read],
      ] as const) {
        const missed = defaultsMissed({ description: '' }, resource);
        t.assert(
          !missed.length,
          ['MUTATION-DESCRIPTION'],
          `${exchange.endpoint.key}, a mutation sent without description: ${missed.join('; ')}`,
          exchange,
        );
      }
    },
    WRITES,
  );

  check(
    'mutations.values.explicit-empty-maps-kept',
    ['MUTATION-CREATE', 'EXPLICIT-VALUE-KEPT'],
    'a mutation with config_overrides {} and parameter_values {} (no minimum is stated) is accepted and reads each back empty or absent, on creation and on GET',
    async (t) => {
      const agentId = await t.mutations.parent();
      const empties = { config_overrides: {}, parameter_values: {} };
      const { mutation, call } = await t.mutations.create(
        agentId,
        empties,
        ['MUTATION-CREATE'],
        'creating a mutation with empty config_overrides and parameter_values',
      );
      const read = await t.call('GET /v1/agents/{agent_id}/mutations/{mutation_id}', {
        params: { agent_id: agentId, mutation_id: String(mutation['id']) },
      });
      const fetched = t.expectResource(read, ['MUTATION-GET'], 'reading the mutation back');
      expectEmptiesKept(t, ['EXPLICIT-VALUE-KEPT'], empties, [
        [mutation, call],
        [fetched, read],
      ]);
    },
    WRITES,
  );
});

describeGroup('agents', () => {
  declareChosenBeforeChecks('agents');

  check(
    'agents.values.free-json-kept-exactly',
    ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    'an agent whose workflows hold nulls, one-element lists, nested empties, text shaped like timestamps, numbers and booleans, and keys shaped like numbers returns them exactly as sent, on creation and on GET',
    async (t) => {
      const sent = { workflows: freeJson() };
      const call = await t.agents.send(sent);
      const created = expectAgent(
        t,
        call,
        ['AGENT-CREATE'],
        'creating an agent with free-form workflows of every shape',
      );
      const fetched = await fetchAgent(t, created['id'], ['AGENT-GET']);
      for (const [agent, exchange, rule] of [
        [created, call, 'AGENT-CREATE'],
        [fetched.agent, fetched.call, 'READ-BACK-UNCHANGED'],
      ] as const) {
        const changed = changedFields(sent, agent);
        t.assert(
          !changed.length,
          [rule],
          `${exchange.endpoint.key}: workflows not returned as sent: ${changed.join('; ')}`,
          exchange,
        );
      }
    },
    WRITES,
  );

  check(
    'agents.values.explicit-empty-collections-kept',
    ['AGENT-CREATE', 'EXPLICIT-VALUE-KEPT'],
    'a VOICE agent with workflows {}, metric_ids [], test_set_ids [] and (under the request field found) an empty simulator configuration is accepted and reads each back empty or absent, on creation and on GET',
    async (t) => {
      const empties: JsonObject = { workflows: {}, metric_ids: [], test_set_ids: [] };
      // The configuration's request field is not shown: sent only when one is found, and read back as metadata.
      const found = await probeConfigField(t);
      const call = await t.agents.send(found.echoed ? { ...empties, [found.field]: {} } : empties);
      if (found.echoed) empties['metadata'] = {};
      const agent = expectAgent(t, call, ['AGENT-CREATE'], 'creating an agent with empty workflows and lists');
      const read = await t.call('GET /v1/agents/{agent_id}', { params: { agent_id: String(agent['id']) } });
      const fetched = expectAgent(t, read, ['AGENT-GET'], 'reading the agent back');
      expectEmptiesKept(t, ['EXPLICIT-VALUE-KEPT'], empties, [
        [agent, call],
        [fetched, read],
      ]);
    },
    WRITES,
  );

  check(
    'agents.values.config-json-text-kept-exactly',
    ['AGENT-CONFIG-ECHO', 'MUTATION-CREATE', 'READ-BACK-UNCHANGED'],
    `agents whose configuration keys holding JSON strings (${Object.values(JSON_TEXT_KEYS).flat().join(', ')}) hold nulls, one-element lists, nested empties, text shaped like timestamps, numbers and booleans, and keys shaped like numbers return the same documents, on creation and on GET, and so does a mutation overriding the CHAT keys`,
    async (t) => {
      const found = await probeConfigField(t);
      if (!found.echoed) return t.skip(unprovenReason(found));
      for (const [modelType, keys] of Object.entries(JSON_TEXT_KEYS)) {
        const sent: JsonObject = Object.fromEntries(keys.map((key) => [key, JSON.stringify(freeJson())]));
        const what = `a ${modelType} agent with ${keys.join(', ')} of every shape`;
        const call = await t.agents.send(
          typedAgentBody(modelType as ModelType, t.name('agent JSON text'), { configField: found.field, config: sent }),
        );
        const created = expectAgent(t, call, ['AGENT-CREATE'], what);
        await expectJsonTextKept(t, sent, created, call, what);
        // A mutation overriding those keys holds the same documents: one type's keys stand for the write path.
        if (modelType === 'MODEL_TYPE_CHAT') await expectOverridesKept(t, String(created['id']), sent);
      }
    },
    WRITES,
  );

  // A server may refuse IDs that name nothing (AGENT-REFERENCE-IDS): then it refuses both bodies. Which characters an
  // ID holds is no ground to refuse it: every element of the form is taken or refused alike.
  check(
    'agents.values.reference-ids-every-character',
    ['AGENT-REFERENCE-IDS'],
    `metric_ids and test_set_ids holding IDs of every alphanumeric character, 0, 1, I, O and l among them, beginning with a digit and with either case of letter (${EVERY_CHARACTER_IDS.join(', ')}), are accepted and returned as sent, or refused, alike with an ID of the ShortUUID alphabet (${SHORTUUID_ID})`,
    async (t) => {
      const requirements = ['AGENT-REFERENCE-IDS'] as const;
      const send = (ids: readonly string[]) => t.agents.send({ metric_ids: [...ids], test_set_ids: [...ids] });
      const [plain, every] = await Promise.all([send([SHORTUUID_ID]), send(EVERY_CHARACTER_IDS)]);
      const what = `an agent whose metric_ids and test_set_ids hold every alphanumeric character`;
      if (isSuccess(plain)) expectAgentCreated(t, every, requirements, `${what}, as one of the ShortUUID alphabet was`);
      else t.expectRejection(every, requirements, {}, `${what}, as one of the ShortUUID alphabet was refused`);
    },
    WRITES,
  );

  // A CHAT persona_id names a persona by an ID of the same form: a server that checks it exists refuses every one alike.
  check(
    'agents.values.persona-id-every-character',
    ['CHAT-PERSONA-ID'],
    `a CHAT persona_id of each ID of every alphanumeric character, beginning with a digit and with either case of letter (${EVERY_CHARACTER_IDS.join(', ')}), is accepted, or refused, alike with an ID of the ShortUUID alphabet (${SHORTUUID_ID})`,
    async (t) => {
      const requirements = ['CHAT-PERSONA-ID'] as const;
      const field = await configField(t);
      const send = (id: string) =>
        t.agents.send(
          typedAgentBody('MODEL_TYPE_CHAT', t.name('persona_id form'), {
            configField: field,
            config: { persona_id: id },
          }),
        );
      const [plain, ...every] = await Promise.all([SHORTUUID_ID, ...EVERY_CHARACTER_IDS].map(send));
      EVERY_CHARACTER_IDS.forEach((id, index) => {
        const call = every[index] as Call;
        const what = `a CHAT agent whose persona_id is ${id}`;
        if (isSuccess(plain as Call))
          expectAgentCreated(t, call, requirements, `${what}, as one of the ShortUUID alphabet was`, field);
        else t.expectRejection(call, requirements, {}, `${what}, as one of the ShortUUID alphabet was refused`);
      });
    },
    WRITES,
  );

  check(
    'agents.values.config-json-text-every-document',
    ['AGENT-CREATE', 'WEBSOCKET-INIT-JSON', 'CHAT-INPUT-TEMPLATE-JSON', 'AGENT-CONFIG-ECHO', 'READ-BACK-UNCHANGED'],
    `agents whose configuration keys holding JSON strings (${Object.values(JSON_TEXT_KEYS).flat().join(', ')}) hold JSON documents of every kind (an empty object and list, a string, a number, true, null, and an object over several lines ending in LF and CR LF; the objects in the header keys ${[...new Set(Object.values(JSON_HEADER_KEYS).flat())].join(', ')} too, the one over several lines in ${Object.values(JSON_TEMPLATE_KEYS).flat().join(', ')} too) are accepted and return the same documents, on creation and on GET; a document other than an object may be refused naming its key, except in ${ANY_DOCUMENT_KEYS.join(', ')}`,
    async (t) => {
      const found = await probeConfigField(t);
      if (!found.echoed) return t.skip(unprovenReason(found));
      for (const [modelType, keys] of Object.entries(JSON_TEXT_KEYS)) {
        const type = modelType as keyof typeof JSON_TEXT_KEYS;
        const mayRefuseOthers = !keys.some((key) => ANY_DOCUMENT_KEYS.includes(key));
        for (const { text, object, template } of JSON_DOCUMENT_TEXTS) {
          const named = [
            ...keys,
            ...(object ? JSON_HEADER_KEYS[type] : []),
            ...(template ? JSON_TEMPLATE_KEYS[type] : []),
          ];
          // A WEBSOCKET agent's initialization_json is required: one taken for missing breaks its own rule.
          const rules: RequirementId[] = [
            'AGENT-CREATE',
            ...(type === 'MODEL_TYPE_WEBSOCKET' ? ['WEBSOCKET-INIT-JSON' as const] : []),
            ...(template && JSON_TEMPLATE_KEYS[type].length ? ['CHAT-INPUT-TEMPLATE-JSON' as const] : []),
          ];
          const sent: JsonObject = Object.fromEntries(named.map((key) => [key, text]));
          const what = `a ${modelType} agent with ${named.join(', ')} of ${JSON.stringify(text)}`;
          const call = await t.agents.send(
            typedAgentBody(modelType as ModelType, t.name('agent JSON document'), {
              configField: found.field,
              config: sent,
            }),
          );
          if (!object && mayRefuseOthers && !isSuccess(call) && detailsName(detailFields(call), [...keys])) {
            t.expectInvalidArgument(call, rules, [...keys], `${what}, which a server may refuse`);
            continue;
          }
          await expectJsonTextKept(t, sent, expectAgent(t, call, rules, what), call, what);
        }
      }
    },
    WRITES,
  );

  // Keys that suggest another value of a defaulted key (a response path suggests the `responses` format, a payload
  // with a `to` field another phone_number_key): the defaulted key left out is absent or at its stated default.
  check(
    'agents.values.config-defaults-beside-other-keys',
    ['AGENT-CONFIG-ECHO'],
    'a CHAT agent without response_format and strip_message_timestamps but with a response path and a payload wrapper, and an OUTBOUND_VOICE agent without phone_number_key but with a payload holding `to`, show each absent or at its stated default, by POST and GET',
    async (t) => {
      const field = await configField(t);
      const others: Readonly<Record<keyof typeof DEFAULTS.simulatorConfig, JsonObject>> = {
        MODEL_TYPE_CHAT: { response_message_path: 'output.0.content.0.text', payload_wrapper: 'input' },
        MODEL_TYPE_OUTBOUND_VOICE: { trigger_call_payload: '{"to":"+14155550123","campaign":"renewals"}' },
      };
      for (const [modelType, config] of Object.entries(others)) {
        const defaults = DEFAULTS.simulatorConfig[modelType as keyof typeof others] as JsonObject;
        const what = `a ${modelType} agent with ${JSON.stringify(config)}, without ${Object.keys(defaults).join(', ')}`;
        const call = await t.agents.send(
          typedAgentBody(modelType as ModelType, t.name('agent defaults'), { configField: field, config }),
        );
        const created = expectAgentCreated(t, call, ['AGENT-CONFIG-ECHO'], what, field);
        const fetched = await fetchAgent(t, created['id'], ['AGENT-GET']);
        for (const [agent, exchange] of [
          [created, call],
          [fetched.agent, fetched.call],
        ] as const) {
          const shown = (agent['metadata'] ?? {}) as JsonObject;
          const missed = defaultsMissed(
            defaults,
            Object.fromEntries(Object.keys(defaults).map((key) => [key, key in shown ? shown[key] : defaults[key]])),
          );
          t.assert(!missed.length, ['AGENT-CONFIG-ECHO'], `${what}: ${missed.join('; ')}`, exchange);
        }
      }
    },
    WRITES,
  );

  // phone_number is "E.164 phone number or SIP address" and endpoint "HTTP or HTTPS", neither form tied to a type.
  check(
    'agents.values.stated-forms-every-model-type',
    ['AGENT-PHONE-NUMBER', 'AGENT-ENDPOINT'],
    'every model type takes phone_number as an E.164 number and as a SIP address, endpoint as an HTTPS and an HTTP URL',
    async (t) => {
      const found = await probeConfigField(t);
      const unproven: ModelType[] = [];
      for (const modelType of MODEL_TYPES) {
        const needsConfig = modelType === 'MODEL_TYPE_CHAT' || modelType === 'MODEL_TYPE_WEBSOCKET';
        if (needsConfig && !found.echoed) {
          unproven.push(modelType);
          continue;
        }
        const configField = needsConfig ? found.field : undefined;
        for (const forms of [
          { phone_number: '+442071838750', endpoint: 'https://example.com/hooks/agent' },
          { phone_number: 'sip:frontdesk@pbx.example.com', endpoint: 'http://example.com/hooks/agent' },
        ]) {
          const body = typedAgentBody(modelType, t.name('agent forms'), {
            ...(configField === undefined ? {} : { configField }),
            overrides: forms,
          });
          expectAgentCreated(
            t,
            await t.agents.send(body),
            ['AGENT-PHONE-NUMBER', 'AGENT-ENDPOINT'],
            `a ${modelType} agent with phone_number ${forms.phone_number} and endpoint ${forms.endpoint}`,
            configField,
          );
        }
      }
      if (unproven.length) t.skip(`${unproven.join(' and ')} not sent: ${unprovenReason(found)}`);
    },
    WRITES,
  );
});

// ---- fields left out, type by type ------------------------------------------------------------------

/** A field of an agent body left out: a top-level field, the whole configuration, or one of its keys. */
type LeftOut = { readonly field: string } | { readonly configuration: true } | { readonly key: string };

/**
 * What each model type is sent without: phone_number (required for types not shown), OUTBOUND_VOICE's endpoint, the
 * CHAT and WEBSOCKET configuration and each key it requires. prompt and workflows are left out of every body.
 */
const LEFT_OUT: Readonly<Record<ModelType, readonly (readonly LeftOut[])[]>> = {
  MODEL_TYPE_VOICE: [[{ field: 'phone_number' }]],
  MODEL_TYPE_SMS: [[{ field: 'phone_number' }]],
  MODEL_TYPE_OUTBOUND_VOICE: [
    [{ field: 'phone_number' }],
    [{ field: 'endpoint' }],
    [{ field: 'phone_number' }, { field: 'endpoint' }],
  ],
  MODEL_TYPE_CHAT: [[{ field: 'phone_number' }], [{ configuration: true }], [{ key: 'chat_endpoint' }]],
  MODEL_TYPE_WEBSOCKET: [
    [{ field: 'phone_number' }],
    [{ configuration: true }],
    [{ key: 'endpoint' }],
    [{ key: 'initialization_json' }],
  ],
};

const leftOutName = (left: LeftOut): string =>
  'field' in left ? left.field : 'key' in left ? `the configuration's ${left.key}` : 'the configuration';

describeGroup('agents', () => {
  check(
    'agents.values.fields-left-out-every-model-type',
    ['AGENT-CREATE', 'ERROR-INVALID-ARGUMENT'],
    `every model type without each field it may need (${MODEL_TYPES.map((type) => `${type}: ${LEFT_OUT[type].map((cell) => cell.map(leftOutName).join(' and ')).join('; ')}`).join('. ')}) is created as sent, or refused with INVALID_ARGUMENT; never failed on with a 5xx`,
    async (t) => {
      const found = await probeConfigField(t);
      const unproven = new Set<ModelType>();
      for (const modelType of MODEL_TYPES) {
        const needsConfig = modelType === 'MODEL_TYPE_CHAT' || modelType === 'MODEL_TYPE_WEBSOCKET';
        for (const cell of LEFT_OUT[modelType]) {
          const keyLeftOut = cell.some((left) => 'key' in left);
          if (keyLeftOut && !found.echoed) {
            unproven.add(modelType);
            continue;
          }
          const config = Object.fromEntries(cell.flatMap((left) => ('key' in left ? [[left.key, undefined]] : [])));
          const configField = needsConfig && found.echoed ? found.field : undefined;
          const body =
            needsConfig && configField === undefined
              ? agentBody(t.name('agent left out'), { model_type: modelType })
              : typedAgentBody(modelType, t.name('agent left out'), {
                  ...(configField === undefined ? {} : { configField }),
                  config,
                });
          for (const left of cell) {
            // Set to undefined, the resource layer leaves it out (it fills only the fields a body does not name).
            if ('field' in left) body[left.field] = undefined;
            if ('configuration' in left && configField !== undefined) body[configField] = undefined;
          }
          const what = `a ${modelType} agent without ${cell.map(leftOutName).join(' and ')}`;
          const call = await t.agents.send(body);
          if (!isSuccess(call)) t.expectInvalidArgument(call, ['AGENT-CREATE'], undefined, what);
          else
            expectAgentCreated(
              t,
              call,
              ['AGENT-CREATE'],
              what,
              body[configField ?? ''] === undefined ? undefined : configField,
            );
        }
      }
      if (unproven.size)
        t.skip(`${[...unproven].join(' and ')} not sent without a configuration key: ${unprovenReason(found)}`);
    },
    WRITES,
  );
});

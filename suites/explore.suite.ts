// Model-based exploration of the writable API (lib/explore): sequences of writes and reads drawn from the
// run's seed, every answer judged against a model of what the specification states about state. What a
// check created is deleted when it ends (mutations; agents cannot be deleted through the API).
// Where the target publishes a read or a list of what they create beyond the specification's endpoints (a test
// case's GET, the test cases list), that is read too, judged by the same model.

import {
  AGENT_AND_MUTATION_COMMANDS,
  RACE_COMMANDS,
  REVIEW_PROJECT_COMMANDS,
  TEST_CASE_COMMANDS,
} from '../lib/explore/commands.js';
import { explore } from '../lib/explore/explore.js';
import { check, describeGroup } from '../lib/harness/index.js';

describeGroup('mutations', () => {
  check(
    'explore.agents-and-mutations',
    [
      'AGENT-CREATE',
      'AGENT-GET',
      'TIMESTAMP-ORDER',
      'MUTATION-CREATE',
      'MUTATION-GET',
      'MUTATION-DISPLAY-NAME',
      'MUTATION-DISPLAY-NAME-UNIQUE',
      'MUTATION-DISPLAY-NAME-PER-AGENT',
      'MUTATION-DISPLAY-NAME-REUSABLE',
      'MUTATION-DESCRIPTION',
      'MUTATION-CONFIG-OVERRIDES-KEYS',
      'MUTATION-PARAMETER-VALUES-DERIVED',
      'MUTATION-PARENT-MUST-EXIST',
      'MUTATION-UPDATE-TIME-NULL',
      'MUTATION-DELETE-IDEMPOTENT',
      'MUTATION-DELETE-GONE',
      'MUTATION-SCOPED-TO-AGENT',
    ],
    'sequences of agent and mutation writes and reads keep what the specification states about their state',
    async (t) => {
      await explore(t, AGENT_AND_MUTATION_COMMANDS);
    },
    { writes: true },
  );

  check(
    'explore.races',
    [
      'AGENT-CREATE',
      'AGENT-GET',
      'TIMESTAMP-ORDER',
      'MUTATION-CREATE',
      'MUTATION-GET',
      'MUTATION-DISPLAY-NAME-UNIQUE',
      'MUTATION-DISPLAY-NAME-PER-AGENT',
      'MUTATION-DISPLAY-NAME-REUSABLE',
      'MUTATION-PARAMETER-VALUES-DERIVED',
      'MUTATION-UPDATE-TIME-NULL',
      'MUTATION-DELETE-IDEMPOTENT',
      'MUTATION-DELETE-GONE',
    ],
    'creates sent at the same moment keep uniqueness and get ids of their own: at most one mutation of a name while both would be active, two agents both created',
    async (t) => {
      await explore(t, RACE_COMMANDS);
    },
    { writes: true },
  );

  check(
    'explore.test-cases',
    [
      'TESTCASE-CREATE',
      'TESTCASE-INPUT-TYPE-DEFAULT',
      'TESTCASE-EXPECTED-OUTPUT-WRAPPED',
      'TESTCASE-EXPECTED-BEHAVIORS-PREFERRED',
      'READ-BACK-UNCHANGED',
      'GENERIC-PAGINATION',
    ],
    'sequences of test case creates each answer what was sent, with the defaults and derived values the specification states, and read back as created where the target publishes a read',
    async (t) => {
      await explore(t, TEST_CASE_COMMANDS);
    },
    { writes: true },
  );

  check(
    'explore.review-projects',
    ['REVIEW-PROJECT-CREATE', 'REVIEW-PROJECT-TYPE', 'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT', 'NAME-MATCHES-ID'],
    'sequences of review project creates each answer what was sent, with the defaults the specification states and an id of its own',
    async (t) => {
      await explore(t, REVIEW_PROJECT_COMMANDS);
    },
    { writes: true },
  );
});

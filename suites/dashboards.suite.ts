// Dashboards: PATCH renames the dashboard named by DASHBOARD_ID (the only one the suite
// may touch). The renaming checks run last, so the dashboard keeps a marker-named
// display_name from this run. No GET is listed: a PATCH without display_name, where the
// target takes one, reads the dashboard back.

import { ID_RULES } from '../lib/contract/ids.js';
import { charLength } from '../lib/contract/limits.js';
import { isSuccess } from '../lib/assert/responses.js';
import { marked } from '../lib/gen/marked.js';
import { stringOf } from '../lib/gen/strings.js';
import { charBounds, lengthLimitChecks, PLAIN_JUDGE, type Judge } from '../lib/families/length-limits.js';
import { explicitUpdateNullChecks, valueSpaceCheck } from '../lib/families/field-values.js';
import { createTimeKeptCheck } from '../lib/families/server-set-fields.js';
import { bodyFormsCheck } from '../lib/families/negotiation.js';
import { expectNameMatchesId, expectTimestampOrder } from '../lib/families/resource-fields.js';
import { dashboardBody } from '../lib/gen/bodies.js';
import { malformedBodyCheck } from '../lib/families/json-forms.js';
import { nearMissIds, offAlphabetIds, wellFormedId } from '../lib/gen/ids.js';
import { declareExtremeIdChecks, expectMissingNotFound } from '../lib/families/path-ids.js';
import { expectNotServed } from '../lib/families/deletion.js';
import { check, describeGroup, type Call, type CallSpec, type CheckContext } from '../lib/harness/index.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import { checkIdOf } from '../lib/result/check-id.js';
import { sentBody } from '../lib/harness/resources.js';
import { declareDynamicIdChecks } from '../lib/families/dynamic-ids.js';
import { DASHBOARD_COMMANDS, restoringDashboard } from '../lib/explore/commands.js';
import { explore } from '../lib/explore/explore.js';
import { text, wrongTypesCheck } from '../lib/families/wrong-types.js';
import { refusedWriteFramingCheck } from '../lib/families/refused-writes.js';
import { ifMatchFormsCheck, isStrongTag } from '../lib/families/conditional.js';
import { EXPECT_CONTINUE, expectHonoured, requireRaw } from '../lib/families/expect-continue.js';

const PATCH = 'PATCH /v1/dashboards/{dashboard_id}' satisfies EndpointKey;
const WRITES = { writes: true, needs: ['dashboardId'] } as const;
/** A rename of the one dashboard: one at a time, so a server that refuses concurrent updates is not blamed. */
const RENAMES = { ...WRITES, exclusive: true } as const;

const dashboardId = (t: CheckContext) => t.config.dashboardId as string;
/** Within 255 characters however they are counted (177 code points, 254 UTF-16 units), multi-byte and astral. */
const READ_BACK_NAME = stringOf(100, 'bmp') + stringOf(77, 'astral');

const patch = (t: CheckContext, spec: CallSpec, id = dashboardId(t)) =>
  t.call(PATCH, { params: { dashboard_id: id }, ...spec });
const rename = (t: CheckContext, displayName: string) => patch(t, { json: dashboardBody(displayName) });

/** An accepted name is also the one the next read gives: a PATCH without display_name (refused, nothing to judge). */
const READ_BACK_JUDGE: Judge = {
  ...PLAIN_JUDGE,
  readBack: async (t, call, what) => {
    const sent = sentBody(call)['display_name'];
    const read = await patch(t, { json: {} });
    if (!isSuccess(read)) return expectNotServed(t, read, ['READ-BACK-UNCHANGED'], 'a PATCH without display_name');
    const name = t.expectResource(read, ['READ-BACK-UNCHANGED'], 'a PATCH without display_name')['display_name'];
    t.assert(
      name === sent,
      ['READ-BACK-UNCHANGED'],
      `${what} was accepted; a PATCH without display_name then describes ${JSON.stringify(name)}`,
      read,
    );
  },
};

describeGroup('dashboards', () => {
  declareExtremeIdChecks('dashboards');

  lengthLimitChecks({
    requirement: 'DASHBOARD-DISPLAY-NAME',
    field: 'display_name',
    bounds: charBounds('dashboard.display_name'),
    send: rename,
    acceptProperty: true,
    judge: READ_BACK_JUDGE,
    options: RENAMES,
  });

  // No read is listed: the PATCH's own answer is judged.
  valueSpaceCheck({
    id: 'dashboards.patch',
    operation: PATCH,
    requirement: 'DASHBOARD-PATCH',
    fields: { display_name: 'name' },
    typical: (t, index) => ({ display_name: t.name(`dashboard of typical name ${index}`) }),
    send: (t, fields) => patch(t, { json: fields }),
    options: RENAMES,
  });

  explicitUpdateNullChecks({
    id: 'dashboards.patch',
    operation: PATCH,
    requirement: 'DASHBOARD-PATCH',
    fields: ['display_name'],
    set: (t) => rename(t, t.name('dashboard before a null')),
    send: (t, fields) => patch(t, { json: fields }),
    options: RENAMES,
  });

  // Refused, each leaves the name as a PATCH without display_name read it before (where the target answers one).
  wrongTypesCheck({
    id: 'dashboards.patch',
    operation: 'PATCH /v1/dashboards/{dashboard_id}',
    fields: { display_name: text('Quality') },
    send: (t, fields) => patch(t, { json: fields }),
    read: async (t) => {
      const call = await patch(t, { json: {} });
      if (!isSuccess(call)) {
        expectNotServed(t, call, ['DASHBOARD-PATCH'], 'a PATCH without display_name');
        return undefined;
      }
      return {
        value: t.expectResource(call, ['DASHBOARD-PATCH'], 'a PATCH without display_name')['display_name'],
        call,
      };
    },
    options: RENAMES,
  });

  malformedBodyCheck({
    id: 'dashboards.patch',
    operation: PATCH,
    send: (t, name, written) => patch(t, { json: dashboardBody(name), ...written }),
    options: WRITES,
  });

  // A malformed id names no dashboard, so the valid body changes nothing.
  for (const [i, { value, why }] of [
    ...nearMissIds(ID_RULES.dashboard, 5),
    ...offAlphabetIds(ID_RULES.dashboard, 5),
  ].entries()) {
    check(
      checkIdOf('dashboards.dashboard-id.near-miss', i + 1),
      ['PATH-ID-FORMAT'],
      `a dashboard_id of ${why} is rejected with INVALID_ARGUMENT naming dashboard_id`,
      async (t) => {
        const call = await patch(t, { json: dashboardBody(t.name('path id probe')) }, value);
        t.expectInvalidArgument(call, ['PATH-ID-FORMAT'], 'dashboard_id', `a dashboard_id of ${why}`);
      },
    );
  }

  check(
    'dashboards.patch-applies-display-name-returns',
    ['DASHBOARD-PATCH'],
    'each PATCH applies its display_name and returns {dashboard} named dashboards/<22 alphanumeric>',
    async (t) => {
      for (const displayName of [t.name('dashboard renamed'), t.name('dashboard renamed again')]) {
        const call = await rename(t, displayName);
        const dashboard = t.expectResource(call, ['DASHBOARD-PATCH'], 'renaming the dashboard');
        t.assert(
          dashboard['display_name'] === displayName,
          ['DASHBOARD-PATCH'],
          `sent display_name ${JSON.stringify(displayName)}, the response carries ${JSON.stringify(dashboard['display_name'])}`,
          call,
        );
      }
    },
    RENAMES,
  );

  check(
    'dashboards.patch-with-expect-continue',
    ['HTTP-EXPECT-CONTINUE'],
    'a rename sent with Expect: 100-continue (written by hand, the body sent after the interim answer or a second) is applied as without it, never 417 (RFC 9110 10.1.1)',
    async (t) => {
      requireRaw(t);
      const call = await patch(t, { json: dashboardBody(t.name('dashboard renamed expecting')), raw: EXPECT_CONTINUE });
      expectHonoured(t, call, ['display_name'], 'a dashboard rename');
    },
    RENAMES,
  );

  // A store comparing names through a case- or punctuation-blind collation takes these for no change.
  check(
    'dashboards.rename-near-name',
    ['DASHBOARD-PATCH', 'READ-BACK-UNCHANGED'],
    'a rename to a name that differs from the one the dashboard has only in letter case or punctuation takes it: the PATCH answer and the next PATCH without display_name carry it',
    async (t) => {
      let previous: string | undefined;
      for (const label of ['board', 'BOARD', 'Board', 'Board-1', 'Board_1', 'Board.', 'Board']) {
        const displayName = t.name(label);
        const call = await rename(t, displayName);
        const named = t.expectResource(call, ['DASHBOARD-PATCH'], 'renaming the dashboard')['display_name'];
        const from = previous === undefined ? '' : ` from ${JSON.stringify(previous)}`;
        t.assert(
          named === displayName,
          ['DASHBOARD-PATCH'],
          `renamed${from} to ${JSON.stringify(displayName)}, the answer carries ${JSON.stringify(named)}`,
          call,
        );
        if (previous !== undefined) {
          // Refused, the update body without display_name is not shown: nothing to read.
          const read = await patch(t, { json: {} });
          if (!isSuccess(read)) expectNotServed(t, read, ['READ-BACK-UNCHANGED'], 'a PATCH without display_name');
          else {
            const kept = t.expectResource(read, ['READ-BACK-UNCHANGED'], 'a PATCH without display_name')[
              'display_name'
            ];
            t.assert(
              kept === displayName,
              ['READ-BACK-UNCHANGED'],
              `renamed${from} to ${JSON.stringify(displayName)}, a PATCH without display_name then describes ${JSON.stringify(kept)}`,
              read,
            );
          }
        }
        previous = displayName;
      }
    },
    RENAMES,
  );

  bodyFormsCheck({
    id: 'dashboards.patch',
    operation: PATCH,
    requirement: 'DASHBOARD-PATCH',
    send: (t, name, written) => patch(t, { json: dashboardBody(name), ...written }),
    acceptFrom: 0,
    options: RENAMES,
  });

  // No GET of a dashboard is listed: a PATCH without display_name (a partial update changing nothing) is the read.
  check(
    'dashboards.display-name-read-back',
    ['READ-BACK-UNCHANGED', 'DASHBOARD-PATCH'],
    `a display_name set by PATCH (${charLength(READ_BACK_NAME)} multi-byte and astral characters), then set again to itself, is the one a PATCH without display_name describes, twice`,
    async (t) => {
      const displayName = marked(t.config.runMarker, READ_BACK_NAME);
      // Each answer describes the dashboard as it is now: a write repeating the current value, or writing nothing, keeps it.
      const expectNamed = (call: Call, requirement: RequirementId, what: string) => {
        const dashboard = t.expectResource(call, [requirement], what);
        t.assert(
          dashboard['display_name'] === displayName,
          [requirement],
          `display_name set to ${JSON.stringify(displayName)}, ${what} then describes ${JSON.stringify(dashboard['display_name'])}`,
          call,
        );
      };
      t.expectResource(await rename(t, displayName), ['DASHBOARD-PATCH'], 'renaming the dashboard');
      expectNamed(await rename(t, displayName), 'DASHBOARD-PATCH', 'a PATCH to the name it has');
      for (const nth of ['a PATCH without display_name', 'a second PATCH without display_name']) {
        const read = await patch(t, { json: {} });
        if (!isSuccess(read)) {
          // Refusing it is allowed (the rest of the update body is not shown); the refusal is still an error in the envelope.
          expectNotServed(t, read, ['READ-BACK-UNCHANGED'], nth);
          t.skip(
            `a dashboard cannot be read: no GET is listed, and a PATCH without display_name was answered ${read.response.status}`,
          );
        }
        expectNamed(read, 'READ-BACK-UNCHANGED', nth);
      }
    },
    RENAMES,
  );

  // Two people renaming the dashboard at the same moment: nothing says how a server orders them, so each may be
  // applied as if alone or refused as a conflict (a 4xx: ABORTED, 409, FAILED_PRECONDITION); a 5xx is the server failing.
  check(
    'dashboards.patch.two-at-once',
    ['DASHBOARD-PATCH'],
    'two PATCHes of the dashboard sent at the same moment, with different names, are each answered with the dashboard it names, or refused with a 4xx (a conflict), never a 5xx; a PATCH without display_name then describes one of the names answered',
    async (t) => {
      const names = [t.name('dashboard renamed at once 1'), t.name('dashboard renamed at once 2')];
      const calls = await Promise.all(names.map((name) => rename(t, name)));
      const applied: string[] = [];
      calls.forEach((call, index) => {
        const what = `one of two PATCHes sent at the same moment (display_name ${JSON.stringify(names[index])})`;
        if (!isSuccess(call)) return void expectNotServed(t, call, ['DASHBOARD-PATCH'], what, 'a conflict is a 4xx');
        const name = t.expectResource(call, ['DASHBOARD-PATCH'], what)['display_name'];
        t.assert(
          name === names[index],
          ['DASHBOARD-PATCH'],
          `${what} answered display_name ${JSON.stringify(name)}`,
          call,
        );
        applied.push(names[index] as string);
      });
      if (!applied.length) return;
      const read = await patch(t, { json: {} });
      if (!isSuccess(read)) return void expectNotServed(t, read, ['DASHBOARD-PATCH'], 'a PATCH without display_name');
      const name = t.expectResource(read, ['DASHBOARD-PATCH'], 'a PATCH without display_name')['display_name'];
      t.assert(
        applied.includes(name as string),
        ['DASHBOARD-PATCH'],
        `after two PATCHes at the same moment answered ${applied.map((n) => JSON.stringify(n)).join(' and ')}, a PATCH without display_name describes ${JSON.stringify(name)}`,
        read,
      );
    },
    RENAMES,
  );

  // No GET of a dashboard is listed: the validators of a rename's answer are the ones a client holds.
  check(
    'dashboards.conditional-patch-with-given-validators',
    ['DASHBOARD-PATCH'],
    "a PATCH conditioned on the validators the previous PATCH's answer gave (If-Unmodified-Since its Last-Modified, If-Match its strong ETag), the dashboard unchanged since, is never refused 412 Precondition Failed (RFC 9110 13.1.1, 13.1.4); a server that ignores them passes",
    async (t) => {
      let latest = await rename(t, t.name('conditional rename'));
      t.expectResource(latest, ['DASHBOARD-PATCH'], 'renaming the dashboard');
      const conditions = [
        { header: 'If-Unmodified-Since', validator: 'last-modified', usable: (v: string) => v !== '' },
        { header: 'If-Match', validator: 'etag', usable: isStrongTag },
      ];
      for (const [nth, { header, validator, usable }] of conditions.entries()) {
        const value = latest.response.headers[validator] ?? '';
        if (!usable(value)) continue;
        const call = await patch(t, {
          json: dashboardBody(t.name(`conditional rename ${nth + 1}`)),
          headers: { [header.toLowerCase()]: value },
        });
        t.assert(
          call.response.status !== 412,
          ['DASHBOARD-PATCH'],
          `a PATCH with ${header}: ${value} (the ${validator} the previous answer gave, nothing changed since) was refused 412 Precondition Failed: the condition holds`,
          call,
        );
        if (isSuccess(call)) latest = call;
      }
    },
    RENAMES,
  );

  // The dashboard as the last rename left it: every form of If-Match holds (`*`; a list holding the tag it gave).
  ifMatchFormsCheck(
    'dashboards',
    ['DASHBOARD-PATCH'],
    "a PATCH with If-Match: * on the dashboard, then one with a list of tags holding the strong ETag the previous PATCH's answer gave, the dashboard unchanged since, is never refused 412 Precondition Failed (RFC 9110 13.1.1); a server that ignores If-Match passes",
    async (t) => {
      const current = await rename(t, t.name('if-match rename'));
      t.expectResource(current, ['DASHBOARD-PATCH'], 'renaming the dashboard');
      let nth = 0;
      const send = (headers: Readonly<Record<string, string>>) =>
        patch(t, { json: dashboardBody(t.name(`if-match rename ${++nth}`)), headers });
      return { current, requests: [{ endpoint: PATCH, requirement: 'DASHBOARD-PATCH', effect: 'updates', send }] };
    },
    RENAMES,
  );

  // A refused PATCH's unread body left on the connection: the rename sent after it on the same connection reads as usual.
  refusedWriteFramingCheck('dashboards', RENAMES);

  check(
    'dashboards.renamed-dashboard-named-dashboards-dashboard',
    ['NAME-MATCHES-ID'],
    'the renamed dashboard is named dashboards/<the dashboard_id of the path>',
    async (t) => {
      const call = await rename(t, t.name('dashboard name check'));
      expectNameMatchesId(
        t,
        t.expectResource(call, ['DASHBOARD-PATCH'], 'renaming the dashboard'),
        'dashboards',
        call,
        dashboardId(t),
      );
    },
    RENAMES,
  );

  createTimeKeptCheck({
    id: 'dashboards.patch',
    operation: PATCH,
    requirements: ['DASHBOARD-PATCH', 'READ-BACK-UNCHANGED'],
    update: (t, nth, headers) => patch(t, { json: dashboardBody(t.name(`dashboard written again ${nth}`)), headers }),
    options: RENAMES,
  });

  check(
    'dashboards.renamed-dashboard-s-update-time',
    ['TIMESTAMP-ORDER'],
    "the renamed dashboard's update_time is not before its create_time",
    async (t) => {
      const call = await rename(t, t.name('dashboard'));
      expectTimestampOrder(t, t.expectResource(call, ['DASHBOARD-PATCH'], 'renaming the dashboard'), call);
    },
    RENAMES,
  );

  // An update of a dashboard that does not exist: refused as missing, and it creates none (a second PATCH, the read).
  check(
    'dashboards.patch-dashboard-id-names-nothing',
    ['MISSING-RESOURCE-NOT-FOUND', 'HTTP-STATUS-CONVENTIONS'],
    'PATCH of a well-formed dashboard_id that names nothing answers NOT_FOUND (404), and so does the next PATCH of it: it creates nothing',
    async (t) => {
      const missing = wellFormedId(ID_RULES.dashboard, 33);
      for (let nth = 0; nth < 2; nth++)
        await expectMissingNotFound(
          t,
          PATCH,
          { dashboard_id: missing },
          { json: dashboardBody(t.name('no such dashboard')) },
        );
    },
    { writes: true },
  );

  // Sequences of PATCHes drawn from the run's seed (lib/explore), the dashboard's name given back at the end.
  check(
    'explore.dashboards',
    ['DASHBOARD-PATCH', 'READ-BACK-UNCHANGED'],
    'sequences of renames and PATCHes without display_name: each answer carries the name sent or the one last set, the create_time answered before and an update_time not before the previous one',
    (t) => restoringDashboard(t, () => explore(t, DASHBOARD_COMMANDS)),
    RENAMES,
  );

  declareDynamicIdChecks('dashboards');

  // A refused write changes nothing: the name a PATCH without display_name reads before the refusals is read after each.
  check(
    'dashboards.refused-patch-changes-nothing',
    ['DASHBOARD-PATCH', 'DASHBOARD-DISPLAY-NAME', 'READ-BACK-UNCHANGED'],
    'a PATCH refused for its display_name (one character too long, a number) leaves the name a PATCH without display_name reads as it was',
    async (t) => {
      const readName = async (what: string) => {
        const read = await patch(t, { json: {} });
        if (!isSuccess(read)) expectNotServed(t, read, ['READ-BACK-UNCHANGED'], what);
        if (!isSuccess(read))
          t.skip(`a dashboard cannot be read: no GET is listed, and ${what} was answered ${read.response.status}`);
        return { read, name: t.expectResource(read, ['READ-BACK-UNCHANGED'], what)['display_name'] };
      };
      const { name: original } = await readName('a PATCH without display_name');
      const named = t.name('refused dashboard name');
      const tooLong = named + 'x'.repeat(charBounds('dashboard.display_name').max + 1 - charLength(named));
      // The name the dashboard holds as last answered, given back at the end if it is not the original.
      let current = original;
      try {
        for (const [flaw, displayName] of [
          ['one character too long', tooLong],
          ['a number', 12345],
        ] as const) {
          const refused = await patch(t, { json: { display_name: displayName } });
          // Accepted, it is judged by the check of its rule; the name it set is then the one to keep.
          if (isSuccess(refused)) {
            current = t.expectResource(refused, ['DASHBOARD-PATCH'])['display_name'];
            continue;
          }
          const { read, name } = await readName(`a PATCH without display_name after one refused for ${flaw}`);
          const expected = current;
          current = name;
          t.assert(
            name === expected,
            ['READ-BACK-UNCHANGED'],
            `a PATCH with a display_name of ${flaw} was refused (${refused.response.status}), yet the dashboard then reads ${JSON.stringify(name)}, not ${JSON.stringify(expected)}`,
            read,
          );
        }
      } finally {
        if (current !== original && typeof original === 'string') await rename(t, original);
      }
    },
    RENAMES,
  );
});

// Scheduled runs: the API can neither list nor create them, so the checks read the one
// named by SCHEDULED_RUN_ID and delete only those DELETABLE_SCHEDULED_RUN_ID names (last, so the
// reads never depend on whether the deletion ran; its first id is judged by every deletion check, each
// further one, in whatever state the user left it, by the deletion's core check after it). The timestamp order, and the fields that
// describe one thing (the last run's time and id), are read on both while they are served: the
// second may be in another state (never run, never updated).

import { CONVENTIONAL_ERRORS } from '../lib/contract/enums.js';
import { ID_RULES } from '../lib/contract/ids.js';
import type { RequirementId } from '../lib/contract/requirements/index.js';
import {
  expectFieldsTogether,
  expectNameMatchesId,
  expectTimestampOrder,
  FIELDS_TOGETHER,
} from '../lib/families/resource-fields.js';
import {
  deletesFixture,
  expectGone,
  expectNotServed,
  expectSiblingsKept,
  expectGoneWhenRevalidated,
  expectStaysGone,
  settled,
  siblingChanges,
} from '../lib/families/deletion.js';
import { isSuccess } from '../lib/assert/responses.js';
import { nearMissIds, wellFormedId } from '../lib/gen/ids.js';
import { check, describeGroup, type Call, type CheckContext } from '../lib/harness/index.js';
import type { EndpointKey } from '../lib/contract/endpoints.js';
import { compareInstants } from '../lib/contract/timestamps.js';
import { isJsonObject, type JsonObject } from '../lib/util/json.js';
import { checkIdOf } from '../lib/result/check-id.js';
import { declareDynamicIdChecks } from '../lib/families/dynamic-ids.js';
import { atOnceRetried } from '../lib/families/at-once.js';
import { declareKeyOnDeletedCheck } from '../lib/families/key-states.js';
import { declareExtremeIdChecks } from '../lib/families/path-ids.js';
import { declareAfterChangeChecks } from '../lib/families/lists/after-change.js';

const GET = 'GET /v1/scheduled-runs/{scheduled_run_id}' satisfies EndpointKey;
const DELETE = 'DELETE /v1/scheduled-runs/{scheduled_run_id}' satisfies EndpointKey;
const EXPRESSION_FORM = /^(rate|cron)\(.*\)$/s;
/**
 * A time zone name as the tz database writes it (`UTC`, `Europe/Paris`, `America/Argentina/Buenos_Aires`,
 * `Etc/GMT+2`): it begins with a letter and holds no colon, so an offset (`+02:00`, `UTC+01:00`) is not one.
 * Only the form is judged: a server may know zones newer than the suite's own data.
 */
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

const fetchById = (t: CheckContext, id: string) => t.call(GET, { params: { scheduled_run_id: id } });

/** The scheduled run named by SCHEDULED_RUN_ID (checks using it declare the need). */
async function configured(
  t: CheckContext,
  requirements: readonly RequirementId[],
): Promise<{ call: Call; run: JsonObject }> {
  const call = await fetchById(t, t.config.scheduledRunId as string);
  return { call, run: t.expectResource(call, requirements, 'fetching SCHEDULED_RUN_ID') };
}

/** The body of a deletion is not shown: any 2xx without an error body, an empty one included. */
function expectDeleted(t: CheckContext, call: Call, what = 'deleting the scheduled run'): void {
  if (call.response.text.trim() === '')
    t.assert(isSuccess(call), ['SCHEDULED-RUN-DELETE'], `${what} answered ${call.response.status}`, call);
  else t.expectSuccess(call, ['SCHEDULED-RUN-DELETE'], what);
}

const READS = { needs: ['scheduledRunId'] } as const;

/** What a schedule firing on its own writes of its scheduled run. */
const SCHEDULE_FIRED = ['last_run_at', 'last_run_id', 'update_time'] as const;

/**
 * SCHEDULED_RUN_ID, and DELETABLE_SCHEDULED_RUN_ID while it is served (the second may be in another state:
 * never run, never updated); not served, an earlier run may have deleted it (SCHEDULED-RUN-DELETE skips then too).
 */
async function bothServed(t: CheckContext): Promise<Array<{ call: Call; run: JsonObject }>> {
  const served = [await configured(t, ['SCHEDULED-RUN-GET'])];
  const other = t.config.deletableScheduledRunIds?.[0];
  if (other === undefined || other === t.config.scheduledRunId) return served;
  const read = await fetchById(t, other);
  if (!isSuccess(read)) {
    expectNotServed(t, read, ['SCHEDULED-RUN-GET'], 'fetching DELETABLE_SCHEDULED_RUN_ID');
    t.note(
      `DELETABLE_SCHEDULED_RUN_ID ${other} is not served (GET answered ${read.response.status}): only SCHEDULED_RUN_ID was read`,
    );
    return served;
  }
  return [
    ...served,
    { call: read, run: t.expectResource(read, ['SCHEDULED-RUN-GET'], 'fetching DELETABLE_SCHEDULED_RUN_ID') },
  ];
}

/**
 * A scheduled run GET did not serve was gone (an earlier run may have deleted it): two DELETEs of it answer
 * alike. A first that succeeds where the second is refused removed a scheduled run that was there.
 */
async function expectNoneRemoved(t: CheckContext, id: string, before: Call): Promise<void> {
  const first = await t.call(DELETE, { params: { scheduled_run_id: id } });
  const second = await t.call(DELETE, { params: { scheduled_run_id: id } });
  t.assert(
    !isSuccess(first) || isSuccess(second),
    ['SCHEDULED-RUN-GET'],
    `GET of DELETABLE_SCHEDULED_RUN_ID ${id} answered ${before.response.status}, yet a DELETE of it then answered ${first.response.status} and a second ${second.response.status}: the first removed a scheduled run GET did not find`,
    before,
  );
}

/** Holds DELETABLE_SCHEDULED_RUN_ID once this run has deleted it, for the strict NOT_FOUND check. */
const deleted = (t: CheckContext): Promise<{ id?: string }> => t.memo('deleted scheduled run', async () => ({}));

/** A further scheduled run of DELETABLE_SCHEDULED_RUN_ID: read before the deletions, and deleted where it was served. */
interface FurtherDeletion {
  readonly id: string;
  readonly before: Call;
  readonly deletion?: Call;
}

/**
 * The run's one DELETE of each scheduled run DELETABLE_SCHEDULED_RUN_ID names, made by whichever check asks first,
 * with what was read just before: each scheduled run itself (no DELETE of one not served) and SCHEDULED_RUN_ID, which
 * they must leave as it was. The DELETEs are sent at the same moment (each in flight before any is answered): state
 * changes of different resources at once must each hold. The first id is the one every deletion check judges.
 */
const deleteScheduledRun = (
  t: CheckContext,
): Promise<{
  id: string;
  before: Call;
  deletion?: Call;
  other?: string;
  otherBefore?: JsonObject;
  further: readonly FurtherDeletion[];
}> =>
  t.memo('deletion of DELETABLE_SCHEDULED_RUN_ID', async (ctx) => {
    const [id, ...rest] = ctx.config.deletableScheduledRunIds as readonly [string, ...string[]];
    const other = ctx.config.scheduledRunId;
    const before = await fetchById(ctx, id);
    const read = await Promise.all(
      rest.filter((more) => more !== other).map(async (more) => ({ id: more, before: await fetchById(ctx, more) })),
    );
    // Another scheduled run (SCHEDULED_RUN_ID) served before the deletion is served after it: a DELETE removes what it names only.
    // It reads as before too, but for a run its schedule started meanwhile (a schedule that fired moves these).
    const otherRead = other !== undefined && other !== id ? await fetchById(ctx, other) : undefined;
    const otherBefore = otherRead && isSuccess(otherRead) ? (otherRead.response.json as JsonObject) : undefined;
    const sent = [...(isSuccess(before) ? [id] : []), ...read.flatMap((r) => (isSuccess(r.before) ? [r.id] : []))];
    const calls = await atOnceRetried(
      sent.map((named) => () => ctx.call(DELETE, { params: { scheduled_run_id: named } })),
    );
    const answers = new Map(sent.map((named, i) => [named, calls[i]!] as const));
    const further = read.map((r) => {
      const deletion = answers.get(r.id);
      return deletion ? { ...r, deletion } : r;
    });
    const deletion = answers.get(id);
    if (!deletion) return { id, before, further };
    (await deleted(ctx)).id = id;
    return {
      id,
      before,
      deletion,
      further,
      ...(other !== undefined ? { other } : {}),
      ...(otherBefore ? { otherBefore } : {}),
    };
  });

describeGroup('scheduled-runs', () => {
  declareExtremeIdChecks('scheduled-runs');

  check(
    'scheduled-runs.get-fixture',
    ['SCHEDULED-RUN-GET'],
    'GET returns {scheduled_run} for SCHEDULED_RUN_ID, with that 22-character id',
    async (t) => {
      const { call, run } = await configured(t, ['SCHEDULED-RUN-GET']);
      t.assert(
        run['id'] === t.config.scheduledRunId,
        ['SCHEDULED-RUN-GET'],
        `asked for ${t.config.scheduledRunId}, got id ${JSON.stringify(run['id'])}`,
        call,
      );
    },
    READS,
  );

  check(
    'scheduled-runs.scheduled-run-s-name-scheduled',
    ['NAME-MATCHES-ID'],
    "the scheduled run's name is scheduled-runs/<its id>",
    async (t) => {
      const { call, run } = await configured(t, ['SCHEDULED-RUN-GET']);
      expectNameMatchesId(t, run, 'scheduled-runs', call);
    },
    READS,
  );

  check(
    'scheduled-runs.scheduled-runs-update-time-when',
    ['TIMESTAMP-ORDER'],
    "the scheduled runs' update_time, when not null, is not before their create_time (SCHEDULED_RUN_ID, and DELETABLE_SCHEDULED_RUN_ID before its deletion)",
    async (t) => {
      for (const { call, run } of await bothServed(t)) expectTimestampOrder(t, run, call);
    },
    READS,
  );

  check(
    'scheduled-runs.last-run-fields-together',
    ['SCHEDULED-RUN-GET'],
    `fields of a scheduled run that describe one thing (${(FIELDS_TOGETHER.ScheduledRun ?? []).map((group) => group.join(' and ')).join('; ')}) hold values together: a schedule that ran has its last run's time and id (SCHEDULED_RUN_ID, and DELETABLE_SCHEDULED_RUN_ID before its deletion)`,
    async (t) => {
      for (const { call, run } of await bothServed(t))
        expectFieldsTogether(t, 'ScheduledRun', run, call, ['SCHEDULED-RUN-GET']);
    },
    READS,
  );

  // Judged on every read by the canonical schema (format bare-id): reading both scheduled runs judges it.
  check(
    'scheduled-runs.ids-held',
    ['SCHEDULED-RUN-GET', 'ID-FIELDS-HOLD-IDS'],
    "a scheduled run's id, run_template_id and last_run_id hold IDs, never a resource name `<collection>/<id>` (`runs/<id>`) (SCHEDULED_RUN_ID, and DELETABLE_SCHEDULED_RUN_ID before its deletion)",
    async (t) => {
      await bothServed(t);
    },
    READS,
  );

  check(
    'scheduled-runs.schedule-expression-rate-cron-form',
    ['SCHEDULED-RUN-EXPRESSION-FORM'],
    'schedule_expression is in rate(...) or cron(...) form',
    async (t) => {
      const { call, run } = await configured(t, ['SCHEDULED-RUN-GET']);
      const expression = run['schedule_expression'];
      t.assert(
        typeof expression === 'string' && EXPRESSION_FORM.test(expression),
        ['SCHEDULED-RUN-EXPRESSION-FORM'],
        `schedule_expression should be rate(...) or cron(...), got ${JSON.stringify(expression)}`,
        call,
      );
    },
    READS,
  );

  check(
    'scheduled-runs.schedule-timezone-name',
    ['SCHEDULED-RUN-GET', 'SCHEMA-CANONICAL'],
    'schedule_timezone is a time zone name (Europe/Paris, UTC), not a UTC offset',
    async (t) => {
      const { call, run } = await configured(t, ['SCHEDULED-RUN-GET']);
      const zone = run['schedule_timezone'];
      t.assert(
        zone === undefined || (typeof zone === 'string' && TIME_ZONE_NAME.test(zone)),
        ['SCHEDULED-RUN-GET', 'SCHEMA-CANONICAL'],
        `schedule_timezone should be a time zone name, got ${JSON.stringify(zone)}`,
        call,
      );
    },
    READS,
  );

  // A malformed id names nothing, so even a DELETE of one changes no data.
  for (const key of [GET, DELETE] as const) {
    for (const [i, { value, why }] of nearMissIds(ID_RULES.scheduledRun, 3).entries()) {
      check(
        checkIdOf('scheduled-runs.scheduled-run-id.near-miss', key.split(' ')[0]!, i + 1),
        ['PATH-ID-FORMAT'],
        `${key} with a scheduled_run_id of ${why} is rejected with INVALID_ARGUMENT naming scheduled_run_id`,
        async (t) => {
          const call = await t.call(key, { params: { scheduled_run_id: value } });
          t.expectInvalidArgument(call, ['PATH-ID-FORMAT'], 'scheduled_run_id', `a scheduled_run_id of ${why}`);
        },
      );
    }
  }

  check(
    'scheduled-runs.delete-removes-deletable-scheduled-run',
    ['SCHEDULED-RUN-DELETE', 'SCHEDULED-RUN-GET'],
    'DELETE removes DELETABLE_SCHEDULED_RUN_ID and no other: fetching it afterwards fails (after a second and a third DELETE too), SCHEDULED_RUN_ID is still served, field for field as before (update_time included, unless its schedule fired); not served, it was gone (a DELETE of it succeeds no more than a second one)',
    async (t) => {
      const { id, before: served, deletion, other, otherBefore } = await deleteScheduledRun(t);
      if (!deletion) {
        expectNotServed(t, served, ['SCHEDULED-RUN-GET'], 'fetching DELETABLE_SCHEDULED_RUN_ID before its DELETE');
        await expectNoneRemoved(t, id, served);
        return t.skip(
          `DELETABLE_SCHEDULED_RUN_ID ${id} is not served (GET answered ${served.response.status}); an earlier run may have deleted it`,
        );
      }
      expectDeleted(t, deletion);
      expectGone(t, await fetchById(t, id), ['SCHEDULED-RUN-DELETE'], 'fetching the deleted scheduled run');
      await expectGoneWhenRevalidated(
        t,
        served,
        (headers) => t.call(GET, { params: { scheduled_run_id: id }, headers }),
        ['SCHEDULED-RUN-DELETE'],
        'the deleted scheduled run',
      );
      if (otherBefore) {
        const what = `SCHEDULED_RUN_ID ${other} after DELETABLE_SCHEDULED_RUN_ID was deleted`;
        const after = t.expectResource(
          await fetchById(t, other as string),
          ['SCHEDULED-RUN-DELETE'],
          `fetching ${what}`,
        );
        const before = otherBefore['scheduled_run'];
        // A firing moves last_run_at forward and names a run; nothing clears them (null) or moves them back.
        const fired = (run: JsonObject) =>
          run['last_run_at'] !== after['last_run_at'] &&
          after['last_run_id'] !== null &&
          (compareInstants(after['last_run_at'], run['last_run_at'] ?? after['last_run_at']) ?? -1) >= 0
            ? SCHEDULE_FIRED
            : [];
        if (isJsonObject(before))
          expectSiblingsKept(
            t,
            siblingChanges([before], [after], 'id', fired),
            ['SCHEDULED-RUN-DELETE'],
            'the DELETE of DELETABLE_SCHEDULED_RUN_ID',
            deletion,
          );
      }
      await expectStaysGone(
        t,
        () => t.call(DELETE, { params: { scheduled_run_id: id } }),
        { get: () => fetchById(t, id) },
        ['SCHEDULED-RUN-DELETE'],
        `the deleted scheduled run ${id}`,
      );
    },
    deletesFixture('deletableScheduledRunIds'),
  );

  // Deletion in every state a fixture can be in: each further scheduled run DELETABLE_SCHEDULED_RUN_ID names (another
  // state than the first, enabled say) is deleted after the first, and must then be gone like it. Only the core of the
  // deletion's check: the others judge the first.
  check(
    'scheduled-runs.delete-every-deletable-scheduled-run',
    ['SCHEDULED-RUN-DELETE'],
    'DELETE removes each further scheduled run DELETABLE_SCHEDULED_RUN_ID names, whatever its state (enabled or not), though sent at the same moment as the DELETE of the first: answered success, then fetching it fails',
    async (t) => {
      const { further } = await deleteScheduledRun(t);
      if (!further.length)
        return t.skip(
          'DELETABLE_SCHEDULED_RUN_ID names one scheduled run: name another, in another state (enabled or disabled), after a comma to check its deletion too',
        );
      for (const { id, before, deletion } of further) {
        if (!deletion) {
          expectNotServed(
            t,
            before,
            ['SCHEDULED-RUN-GET'],
            `fetching DELETABLE_SCHEDULED_RUN_ID's ${id} before its DELETE`,
          );
          continue;
        }
        const read = (before.response.json as JsonObject | undefined)?.['scheduled_run'];
        const enabled = isJsonObject(read) ? read['enabled'] : undefined;
        const state = `${id}${typeof enabled === 'boolean' ? (enabled ? ' (enabled)' : ' (disabled)') : ''}`;
        expectDeleted(t, deletion, `deleting the scheduled run ${state}`);
        let after: Call | undefined;
        await settled(async () => {
          after = await fetchById(t, id);
          return isSuccess(after) ? 'served' : undefined;
        });
        expectGone(t, after as Call, ['SCHEDULED-RUN-DELETE'], `fetching the deleted scheduled run ${state}`);
      }
      const unserved = further.filter((f) => !f.deletion);
      if (unserved.length === further.length)
        t.skip(
          `no further scheduled run of DELETABLE_SCHEDULED_RUN_ID is served: ${unserved.map((f) => `${f.id} (GET answered ${f.before.response.status})`).join(', ')}`,
        );
    },
    deletesFixture('deletableScheduledRunIds'),
  );

  // The fixtures read again after the deletion (no list shows scheduled runs: the list rules do not apply).
  declareAfterChangeChecks({
    key: 'scheduled-run-deleted',
    title: 'a scheduled run (DELETABLE_SCHEDULED_RUN_ID) is deleted',
    setting: 'deletableScheduledRunIds',
    requirements: ['SCHEDULED-RUN-DELETE'],
    lists: [],
    perform: async (t) => {
      const { id, before, deletion } = await deleteScheduledRun(t);
      if (!deletion)
        return t.skip(`DELETABLE_SCHEDULED_RUN_ID ${id} is not served (GET answered ${before.response.status})`);
      return { call: deletion, id };
    },
  });

  declareKeyOnDeletedCheck(
    'scheduled-runs.deleted-key-required',
    'the scheduled run',
    { get: GET, delete: DELETE },
    async (t) => {
      const { id, before, deletion } = await deleteScheduledRun(t);
      if (!deletion)
        return { skip: `DELETABLE_SCHEDULED_RUN_ID ${id} is not served (GET answered ${before.response.status})` };
      return isSuccess(deletion)
        ? { params: { scheduled_run_id: id } }
        : {
            skip: `the DELETE of DELETABLE_SCHEDULED_RUN_ID answered ${deletion.response.status}: nothing was deleted`,
          };
    },
    deletesFixture('deletableScheduledRunIds'),
  );

  check(
    'scheduled-runs.scheduled-run-not-exist-no',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'a scheduled run that does not exist, or no longer does, yields NOT_FOUND',
    async (t) => {
      const deletedId = (await deleted(t)).id;
      for (const id of [wellFormedId(ID_RULES.scheduledRun, 11), ...(deletedId ? [deletedId] : [])]) {
        t.expectRejection(
          await fetchById(t, id),
          ['MISSING-RESOURCE-NOT-FOUND'],
          CONVENTIONAL_ERRORS.notFound,
          `fetching scheduled run ${id}`,
        );
      }
    },
  );

  declareDynamicIdChecks('scheduled-runs');
});

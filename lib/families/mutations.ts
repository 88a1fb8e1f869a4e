// Mutations read back: GET .../mutations/{mutation_id}, under the agent the create named in
// its path, returns every field the create accepted as it was sent (READ-BACK-UNCHANGED),
// and the length limits of mutation fields in those terms. And the keys config_overrides
// may hold: a key of the parent's configuration only in its exact spelling. And display names nearly alike,
// each distinct: a name is unique against the same name only.

import type { EndpointKey } from '../contract/endpoints.js';
import { fieldLimit } from '../contract/limits.js';
import { marked } from '../gen/marked.js';
import type { Call, CheckContext } from '../harness/context.js';
import { sentBody } from '../harness/resources.js';
import type { JsonObject } from '../util/json.js';
import { expectEcho } from './agents.js';
import { type Judge, PLAIN_JUDGE } from './length-limits.js';

const GET = 'GET /v1/agents/{agent_id}/mutations/{mutation_id}' satisfies EndpointKey;

/** `text` in full-width forms (`ｐｒｏｍｐｔ`), which Unicode compatibility normalisation (NFKC) folds back. */
const fullWidth = (text: string): string =>
  text.replace(/[!-~]/g, (char) => String.fromCodePoint((char.codePointAt(0) ?? 0) + 0xfee0));

/**
 * Other spellings of a configuration key, each another key: JSON member names are compared exactly, code unit
 * for code unit (RFC 8259, section 8.3), so "keys must exist on the parent agent configuration" refuses each,
 * whatever keys the parent has. Each folds back to the key under one lenient lookup: case folding, trimming,
 * a prefix match, Unicode case forms (ſ and ı upper-case to S and I, the Kelvin sign lower-cases to k), NFKC.
 */
export const OTHER_SPELLINGS: ReadonlyArray<readonly [what: string, spell: (key: string) => string]> = [
  ['in upper case', (key) => key.toUpperCase()],
  ['capitalised', (key) => key.charAt(0).toUpperCase() + key.slice(1)],
  ['after a blank', (key) => ` ${key}`],
  ['before a blank', (key) => `${key} `],
  ['with a trailing underscore', (key) => `${key}_`],
  [
    'with ſ, ı and K (Kelvin) for s, i and k',
    (key) => key.replace(/s/g, 'ſ').replace(/i/g, 'ı').replace(/k/g, '\u212a'),
  ],
  ['in full-width letters', fullWidth],
];

/**
 * MUTATION-CONFIG-OVERRIDES-KEYS: config_overrides holding a key of the parent `agentId`'s configuration (`own`: its
 * keys with the parent's own values) spelt another way is refused naming config_overrides. The value is the parent's,
 * so a server that found the key anyway has no other reason to refuse it. A lenient lookup folds every key alike:
 * each spelling is sent for the first key it changes, and the first (upper case) for every key.
 */
export async function expectOtherSpellingsRefused(
  t: CheckContext,
  agentId: string,
  own: Readonly<Record<string, unknown>>,
  parent: string,
): Promise<void> {
  const keys = Object.keys(own);
  for (const [index, [what, spell]] of OTHER_SPELLINGS.entries()) {
    const changed = keys.filter((key) => spell(key) !== key);
    for (const key of index === 0 ? changed : changed.slice(0, 1)) {
      const spelt = spell(key);
      const call = await t.mutations.send(agentId, { config_overrides: { [spelt]: own[key] } });
      t.expectInvalidArgument(
        call,
        ['MUTATION-CONFIG-OVERRIDES-KEYS'],
        'config_overrides',
        `overriding ${JSON.stringify(spelt)}, ${key} of ${parent} ${what}, a key the parent lacks`,
        { within: true },
      );
    }
  }
}

/** GET of the mutation `mutationId` under `agentId`. */
export const fetchMutation = (t: CheckContext, agentId: string, mutationId: unknown): Promise<Call> =>
  t.call(GET, { params: { agent_id: agentId, mutation_id: String(mutationId) } });

/** A mutation created with `fields` under a parent of the check, and fetched back: each as read, with its exchange. */
export async function createdAndFetched(
  t: CheckContext,
  fields: JsonObject = {},
): Promise<ReadonlyArray<readonly [JsonObject, Call]>> {
  const agentId = await t.mutations.parent();
  const { mutation, call } = await t.mutations.create(agentId, fields);
  const fetch = await fetchMutation(t, agentId, mutation['id']);
  return [
    [mutation, call],
    [t.expectResource(fetch, ['MUTATION-GET'], 'fetching the created mutation'), fetch],
  ];
}

/** The agent a mutation create was sent under, from its path. */
const parentOf = (created: Call): string =>
  decodeURIComponent(/\/agents\/([^/?#]+)\/mutations/.exec(new URL(created.request.url).pathname)?.[1] ?? '');

/** READ-BACK-UNCHANGED: the mutation a create accepted, read back by GET, carries every field as sent. */
export async function expectMutationReadBack(t: CheckContext, created: Call, what: string): Promise<JsonObject> {
  const id = (created.response.json as { mutation?: { id?: unknown } } | undefined)?.mutation?.id;
  const call = await fetchMutation(t, parentOf(created), id);
  const mutation = t.expectResource(call, ['MUTATION-GET'], `reading back ${what}`);
  expectEcho(t, sentBody(created), mutation, ['READ-BACK-UNCHANGED'], call, `what was accepted (${what})`);
  return mutation;
}

/** A mutation field's limit: judged as any limit (PLAIN_JUDGE), and accepted values read back. */
export const MUTATION_JUDGE: Judge = {
  ...PLAIN_JUDGE,
  readBack: async (t, call, what) => void (await expectMutationReadBack(t, call, `a mutation with ${what}`)),
};

/** display_name's largest length, in characters. */
const NAME_MAX = fieldLimit('mutation.display_name').max ?? 200;

/**
 * Groups of display names, every name distinct from every other: blanks and punctuation alike to a slug (a space, a
 * dash, an underscore, none, two spaces, a final dot), and names at the maximum length that differ only in their last
 * character, in one-byte and in three-byte characters (alike to a unique index on a prefix of characters or bytes),
 * names differing only in an astral character (alike where such characters are stored as `?`), and names every
 * JavaScript object inherits (a lookup in a plain object finds them taken). Never two that differ only in letter
 * case or Unicode normal form: whether those collide is the server's collation, which the specification does not show.
 */
export function distinctNameGroups(
  t: Pick<CheckContext, 'config' | 'name'>,
): ReadonlyArray<readonly [what: string, names: readonly string[]]> {
  const marker = t.config.runMarker;
  const atMax = (filler: string, last: string): string => marked(marker, filler.repeat(NAME_MAX - 1) + last);
  return [
    [
      'differing only in blanks or punctuation',
      ['fast mode', 'fast-mode', 'fast_mode', 'fastmode', 'fast  mode', 'fast mode.'].map((label) => t.name(label)),
    ],
    [`of ${NAME_MAX} characters differing only in the last`, [atMax('x', 'a'), atMax('x', 'b')]],
    [`of ${NAME_MAX} three-byte characters differing only in the last`, [atMax('語', '名'), atMax('語', '字')]],
    // A storage without four-byte characters (MySQL's utf8) keeps each as `?`: three names become one.
    ['differing only in an astral character', ['mode 😀', 'mode 🚀', 'mode ?'].map((label) => t.name(label))],
    // Unmarked: a name looked up as a key of a plain object finds these in every object (the agent is the check's own).
    [
      "named as an object's inherited properties",
      ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'],
    ],
  ];
}

/**
 * MUTATION-DISPLAY-NAME-UNIQUE holds a name against the same name only: every name of `distinctNameGroups` is
 * created under one agent, then each is read back as sent (a server that kept one record per slug or prefix
 * answers another name there), and a true duplicate of each group is refused, so the names were judged unique at all.
 */
export async function expectDistinctNamesCreated(t: CheckContext): Promise<void> {
  const agentId = await t.mutations.parent();
  const groups = distinctNameGroups(t);
  const created: [Call, string][] = [];
  for (const [what, names] of groups)
    for (const name of names) {
      const { call } = await t.mutations.create(
        agentId,
        { display_name: name },
        ['MUTATION-CREATE'],
        `creating a mutation named ${JSON.stringify(name)}, one of several names ${what} under one agent`,
      );
      created.push([call, what]);
    }
  for (const [call, what] of created) await expectMutationReadBack(t, call, `one of several names ${what}`);
  for (const [what, names] of groups) {
    const duplicate = await t.mutations.send(agentId, { display_name: names[0], description: 'a true duplicate' });
    t.expectRejection(
      duplicate,
      ['MUTATION-DISPLAY-NAME-UNIQUE'],
      {},
      `a mutation named exactly like an active one of the agent (among names ${what})`,
    );
  }
}

// A request body is JSON however it is written (REQUEST-JSON-FORMS), and where the specification says so it alone
// carries a field (a query naming it is refused or ignored): a create whose body is
// written the less common ways RFC 8259 allows (lib/gen/json-text.ts) and labelled
// `application/json; charset=utf-8`, one labelled `application/json;charset=UTF-8`, and one sent
// chunked: each accepted, each field read back as the value the text writes. A body that is not
// one JSON value (REQUEST-MALFORMED-JSON) is refused with INVALID_ARGUMENT, and leaves no trace.

import type { RequirementId } from '../contract/requirements/index.js';
import { echoMismatches } from '../assert/echo.js';
import { unusualJsonText } from '../gen/json-text.js';
import { check, type Call, type CheckContext, type CheckOptions } from '../harness/index.js';
import { sentBody, type Written } from '../harness/resources.js';
import { isJsonObject, type JsonObject } from '../util/json.js';

export interface JsonFormsTarget {
  /** The check id's first words (`agents.create`). */
  readonly id: string;
  /** `POST /v1/agents`, as the title says it. */
  readonly operation: string;
  /** The create's own rule. */
  readonly requirement: RequirementId;
  /** A create whose name field holds `name`, its body written and labelled as `written` says. */
  send(t: CheckContext, name: string, written: Written): Promise<Call>;
  /** A rule that places a field in the body and not the URL (test_set_id), beside the create's own. */
  readonly bodyOnly?: RequirementId;
}

/** Query parameters named like the body fields of the writes, each with a value no body of the check sends. */
const QUERY_LIKE_BODY = {
  display_name: 'named in the query',
  input_str: 'named in the query',
  description: 'named in the query',
  prompt: 'named in the query',
  test_set_id: 'cftTs999',
  model_type: 'MODEL_TYPE_SMS',
  project_type: 'PROJECT_COLLABORATIVE',
};

/** Beyond ASCII, astral, a solidus and a double quote: what escapes change. */
const NAME = 'JSON "é"/😀';

const FORMS: ReadonlyArray<{ readonly how: string; readonly written: Written }> = [
  {
    how: 'written with blanks, tabs and CR LF around the value, CR LF, tabs, \\u escapes (a surrogate pair and a double quote too) and \\/, labelled application/json; charset=utf-8',
    written: {
      jsonText: (value) => unusualJsonText(value),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    },
  },
  {
    how: 'labelled application/json;charset=UTF-8',
    written: { headers: { 'content-type': 'application/json;charset=UTF-8' } },
  },
  // HTTP/1.1 framing is the transport's: a body of unknown length (a streaming client's) is read like any other.
  { how: 'sent chunked (Transfer-Encoding: chunked, no Content-Length)', written: { chunked: true } },
];

export function jsonFormsCheck(target: JsonFormsTarget): void {
  if (target.bodyOnly) queryBesideBodyCheck(target, target.bodyOnly);
  const requirements: RequirementId[] = ['REQUEST-JSON-FORMS', target.requirement];
  check(
    `${target.id}.json-forms`,
    requirements,
    `${target.operation} reads a body ${FORMS.map((f) => f.how).join(', and one ')} as the JSON it is`,
    async (t) => {
      for (const [i, { how, written }] of FORMS.entries()) {
        const call = await target.send(t, t.name(`${NAME} ${i + 1}`), written);
        const resource = t.expectResource(call, requirements, `a body ${how}`);
        const mismatches = echoMismatches(sentBody(call), resource);
        t.assert(
          !mismatches.length,
          ['REQUEST-JSON-FORMS'],
          `${target.operation} with a body ${how} did not store what the text writes: ${mismatches.join('; ')}`,
          call,
        );
      }
    },
    { writes: true },
  );
}

/**
 * Where the specification places a field in the body and not the URL (test_set_id), the create with query parameters
 * named like body fields, other values (`?test_set_id=…&input_str=…`): refused, or ignored; what is stored is the
 * body's, nothing of the query.
 */
function queryBesideBodyCheck(target: JsonFormsTarget, bodyOnly: RequirementId): void {
  const requirements: RequirementId[] = [target.requirement, bodyOnly];
  check(
    `${target.id}.query-named-like-body`,
    requirements,
    `${target.operation} with query parameters named like body fields (${Object.keys(QUERY_LIKE_BODY).join(', ')}) holding other values is refused, or stores the body's values and nothing of the query`,
    async (t) => {
      const call = await target.send(t, t.name('query beside body'), { query: QUERY_LIKE_BODY });
      const what = `${target.operation} with a query naming body fields`;
      t.assert(call.response.status < 500, requirements, `${what} failed with ${call.response.status}`, call);
      if (call.response.status >= 400) return;
      const resource = t.expectResource(call, requirements, what);
      const sent = sentBody(call);
      const taken = Object.entries(QUERY_LIKE_BODY).filter(
        ([field, value]) => resource[field] === value && sent[field] !== value,
      );
      const mismatches = echoMismatches(sent, resource);
      t.assert(
        !taken.length && !mismatches.length,
        requirements,
        `${what}: ${[...taken.map(([field, value]) => `${field} stored as the query's ${JSON.stringify(value)}`), ...mismatches].join('; ')}`,
        call,
      );
    },
    { writes: true },
  );
}

/** A valid body's text (one object, as JSON.stringify writes it) made into text that is not one JSON value. */
const NOT_ONE_VALUE: ReadonlyArray<{ readonly how: string; readonly text: (json: string) => string }> = [
  { how: 'truncated', text: (json) => json.slice(0, -1) },
  // A streaming decoder that stops after the first value (Go's json.Decoder) takes these.
  { how: 'followed by a stray brace', text: (json) => `${json} }` },
  { how: 'followed by a second object', text: (json) => `${json}\n${json}` },
  // What JSON5 and lenient parsers take, RFC 8259 does not.
  { how: 'with a trailing comma', text: (json) => `${json.slice(0, -1)},}` },
  { how: 'with a comment', text: (json) => `${json.slice(0, -1)} /* note */}` },
  { how: 'with single-quoted names', text: (json) => json.replace(/"([a-z_]+)":/g, "'$1':") },
  { how: 'with a NaN value', text: (json) => `{"ignored": NaN, ${json.slice(1)}` },
  // Control characters inside a string must be escaped (RFC 8259 7); a parser set to take pasted text takes them raw.
  { how: 'with a raw line break inside a string', text: (json) => `{"ignored": "line\nbreak", ${json.slice(1)}` },
];

export interface MalformedBodyTarget {
  /** The check id's first words (`agents.create`). */
  readonly id: string;
  /** `POST /v1/agents`, as the title says it. */
  readonly operation: string;
  /** A valid body naming `name`, written as `written` says. */
  send(t: CheckContext, name: string, written: Written): Promise<Call>;
  /** After the refusals, judges that none left a trace of `name` (a mutation: its name still free). */
  readonly noTrace?: (t: CheckContext, name: string) => Promise<void>;
  readonly options?: CheckOptions;
}

/** Every body endpoint: each text that is not one JSON value refused with INVALID_ARGUMENT, none stored. */
export function malformedBodyCheck(target: MalformedBodyTarget): void {
  check(
    `${target.id}.body-not-one-json-value`,
    ['REQUEST-MALFORMED-JSON'],
    `${target.operation} refuses with INVALID_ARGUMENT a body ${NOT_ONE_VALUE.map((f) => f.how).join(', ')}`,
    async (t) => {
      const name = t.name('not one JSON value');
      for (const { how, text } of NOT_ONE_VALUE) {
        const call = await target.send(t, name, { jsonText: (value) => text(JSON.stringify(value)) });
        t.expectInvalidArgument(call, ['REQUEST-MALFORMED-JSON'], undefined, `a body ${how}`);
      }
      await target.noTrace?.(t, name);
    },
    target.options ?? { writes: true },
  );
}

export interface KeyOrderTarget {
  /** The check id's first words (`test-cases.create`). */
  readonly id: string;
  /** `POST /v1/test-cases`, as the title says it. */
  readonly operation: string;
  /** The write's own rule. */
  readonly requirement: RequirementId;
  /** Bodies to refuse, one per kind of rule (a field's rule that depends on another field first). */
  readonly invalid: ReadonlyArray<{
    readonly why: string;
    /** The fields over the valid body, or how to make them (a configuration under the target's own field). */
    readonly fields: JsonObject | ((t: CheckContext) => Promise<JsonObject>);
    readonly requirements: readonly RequirementId[];
    /** The fields a refusal may name, or something inside them. */
    readonly names: readonly string[];
  }>;
  /**
   * The enumerated field the refused bodies' rules depend on (model_type): each refused body is sent with it the
   * first member and the last, instead of in reverse order, so a rule read member by member meets it after and before
   * what depends on it.
   */
  readonly enumerated?: string;
  /** Fields any refusal may name besides its own (the field holding a configuration). */
  alsoNamed?(t: CheckContext): Promise<readonly string[]>;
  /** A write of a valid body with `fields` over it, written as `written` says. */
  send(t: CheckContext, fields: JsonObject, written: Written): Promise<Call>;
}

/** An object's members in reverse order, at every depth (lists keep theirs). */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, member]) => [key, reversedKeys(member)]),
  );
}

const REVERSED: Written = { jsonText: (value) => JSON.stringify(reversedKeys(value)) };

/** The body's member `key` moved to be its first or its last member, the others in their order. */
function movedKey(key: string, where: 'first' | 'last'): Written {
  return {
    jsonText: (value) => {
      if (!isJsonObject(value) || !(key in value)) return JSON.stringify(value);
      const { [key]: moved, ...rest } = value;
      return JSON.stringify(where === 'first' ? { [key]: moved, ...rest } : { ...rest, [key]: moved });
    },
  };
}

/** How each refused body is written: in reverse order, or with the enumerated field first and last. */
const refusedForms = (enumerated: string | undefined): ReadonlyArray<{ how: string; written: Written }> =>
  enumerated === undefined
    ? [{ how: 'its members in reverse order', written: REVERSED }]
    : (['first', 'last'] as const).map((where) => ({
        how: `${enumerated} its ${where} member`,
        written: movedKey(enumerated, where),
      }));

/**
 * JSON objects are unordered (RFC 8259): a body's members in reverse order change nothing. A valid body so written
 * is stored as the text writes it; each invalid one is refused, its rule read whatever came before it.
 */
export function keyOrderCheck(target: KeyOrderTarget): void {
  const requirements: RequirementId[] = [target.requirement, ...target.invalid.flatMap((i) => i.requirements)];
  check(
    `${target.id}.key-order`,
    [...new Set(requirements)],
    `${target.operation} with a body's members in reverse order stores a valid one as written, and refuses ${target.invalid.map((i) => i.why).join(', ')}${target.enumerated === undefined ? '' : ` with ${target.enumerated} first and last`}`,
    async (t) => {
      const call = await target.send(t, {}, REVERSED);
      const resource = t.expectResource(call, [target.requirement], 'a valid body, its members in reverse order');
      const mismatches = echoMismatches(sentBody(call), resource);
      t.assert(
        !mismatches.length,
        [target.requirement],
        `${target.operation} with a valid body, its members in reverse order, did not store what it holds: ${mismatches.join('; ')}`,
        call,
      );
      for (const { why, fields, requirements: reqs, names } of target.invalid) {
        const over = typeof fields === 'function' ? await fields(t) : fields;
        const named = [...names, ...((await target.alsoNamed?.(t)) ?? [])];
        for (const { how, written } of refusedForms(target.enumerated)) {
          const refused = await target.send(t, over, written);
          t.expectInvalidArgument(refused, reqs, named, `${why}, ${how}`, { within: true });
        }
      }
    },
    { writes: true },
  );
}

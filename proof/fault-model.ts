// The fault model: for every requirement, the ways an implementation commonly slips on such a
// rule (the columns, SLIPS in proof/faults/define.ts), and for each, either faults of the catalog
// that slip that way (which the proof shows the suite detects) or one line saying why the slip
// cannot happen to that rule. docs/fault-model.md is generated from it (`npm run docs`).

import { REQUIREMENTS, type RequirementId } from '../lib/contract/requirements/index.js';
import { FAULTS } from './faults/index.js';
import { SLIPS, slipsOf, type FaultSlips, type Slip } from './faults/define.js';

export { SLIPS, type Slip };

/** Where a slip can happen: the requirements it applies to, and why it cannot happen to the others (one line for all of them). */
interface Applicability {
  readonly to: readonly RequirementId[] | 'all';
  readonly otherwise?: string;
}

const LENGTH_RULES: RequirementId[] = [
  'FIELD-LENGTH-LIMITS',
  'FIELD-CHARS-CODEPOINTS',
  'FIELD-SIZE-LIMITS',
  'AGENT-DISPLAY-NAME',
  'AGENT-PHONE-NUMBER',
  'AGENT-ENDPOINT',
  'AGENT-PROMPT',
  'AGENT-CONFIG-SIZE',
  'CHAT-PAYLOAD-LIMITS',
  'MUTATION-DISPLAY-NAME',
  'MUTATION-DESCRIPTION',
  'MUTATION-CONFIG-OVERRIDES-SIZE',
  'TESTCASE-INPUT-STR',
  'TESTCASE-TEST-SET-ID',
  'DASHBOARD-DISPLAY-NAME',
  'REVIEW-PROJECT-DISPLAY-NAME',
];
const ID_LENGTH_RULES: RequirementId[] = [
  'PATH-ID-FORMAT',
  'AGENT-ID-FORMAT',
  'MUTATION-ID-FORMAT',
  'METRIC-OUTPUT-ID-FORMAT',
  'METRIC-SIMULATION-ID-ACCEPTED',
  'AGENT-REFERENCE-IDS',
  'CHAT-PERSONA-ID',
];
/** Rules every page of a list must keep. */
const PAGE_RULES: RequirementId[] = [
  'LIST-PAGINATION-COMPLETE',
  'LIST-PAGE-SIZE-RESPECTED',
  'LIST-LAST-PAGE',
  'LIST-ORDER-BY',
  'LIST-ORDER-BY-DESC-SUFFIX',
  'LIST-ORDER-DEFAULT',
  'LIST-FILTER-FIELDS',
  'LIST-FILTER-AND-OR',
  'LIST-FILTER-QUOTING',
  'LIST-FULL-PAGES',
  // A parameter's form judged on the first page and taken as it comes beside a page token.
  'LIST-PAGE-SIZE-INVALID',
  // A parameter refused on the first page and read leniently beside a token: the handler of the first page validates.
  'LIST-PAGE-SIZE-BOUNDS',
  'LIST-FILTER-MALFORMED',
  'LIST-ORDER-BY-UNKNOWN',
];
const LIST_RULES = REQUIREMENTS.filter((r) => r.area === 'lists').map((r) => r.id as RequirementId);
const GENERIC_RULES = REQUIREMENTS.filter((r) => r.area === 'published').map((r) => r.id as RequirementId);

export const APPLICABILITY: Readonly<Record<Slip, Applicability>> = {
  broken: { to: 'all' },
  bound: {
    to: [
      ...LENGTH_RULES,
      ...ID_LENGTH_RULES,
      'CHAT-ENDPOINT-PUBLIC',
      'REVIEW-PROJECT-REQUIRED',
      'LIST-PAGE-SIZE-BOUNDS',
      'GENERIC-PAGINATION',
      'LIST-PAGE-SIZE-RESPECTED',
      'RUN-PROGRESS-CONSISTENT',
      'RUN-METRICS-CONSISTENT',
      // A comparison's own value on the edge of `>=` and `<=`; a value read back cut at a length.
      'LIST-FILTER-FIELDS',
      'READ-BACK-UNCHANGED',
      // A format's pattern matched without its anchors: text before or after the value gets through.
      'REVIEW-PROJECT-ASSIGNEE-EMAIL',
      // A value under its stated limit refused by a narrower column than the limit (a derived value stored there).
      'MUTATION-CREATE',
    ],
    otherwise: 'the rule sets no bound',
  },
  unit: {
    // Phone numbers (E.164, SIP) and endpoint URLs are ASCII text: every unit counts them alike.
    to: [
      ...LENGTH_RULES.filter((id) => !['TESTCASE-INPUT-STR', 'AGENT-PHONE-NUMBER', 'AGENT-ENDPOINT'].includes(id)),
      'READ-BACK-UNCHANGED',
      // A stored time in seconds read as milliseconds (or back): 1970, before any create_time.
      'TIMESTAMP-ORDER',
      // hold_music_timeout_seconds, wait_seconds: seconds, which milliseconds are not.
      'PERSONA-FIELDS',
      // page_size: a decimal integer, which a parser taking base prefixes reads otherwise (`010` as octal 8).
      'LIST-PAGE-SIZE-RESPECTED',
      // A filter's times compared at another precision (whole seconds, where the items carry milliseconds).
      'LIST-FILTER-FIELDS',
      // An answer encoded in slices of UTF-16 units, a surrogate pair split between two.
      'RESPONSE-JSON-UTF8',
      // A conditional write's validator compared at another precision than the one given (milliseconds against the
      // whole seconds of Last-Modified, a tag of microseconds against one of milliseconds).
      'DASHBOARD-PATCH',
      // A conditional read's date read in another zone than the one it names (GMT as local time, a numeric zone
      // dropped): the date moved by hours, a changed resource answered 304.
      'AGENT-GET',
      'PERSONA-GET',
      // A Content-Length counted in characters, not bytes.
      'HTTP-MESSAGE-FRAMING',
    ],
    otherwise:
      'the rule measures no length or size, only its presence, or only ASCII text (phone numbers, URLs), which every unit counts alike',
  },
  scope: {
    to: [
      // A derived value or default applied only when the body holds no other optional field of its kind.
      'TESTCASE-EXPECTED-OUTPUT-WRAPPED',
      'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT',
      'PERSONA-FIELDS',
      'ENVELOPE-WRAPPED',
      'ENVELOPE-SINGLE-KEY',
      'ERROR-ENVELOPE',
      'ERROR-INVALID-ARGUMENT',
      'ERROR-DETAILS-FIELD',
      'REQUEST-MALFORMED-JSON',
      'REQUEST-WRONG-TYPE',
      'REQUEST-MISSING-REQUIRED',
      'PATH-ID-FORMAT',
      'PATH-ID-EXACT',
      'FIELD-LENGTH-LIMITS',
      'FIELD-SIZE-LIMITS',
      'TIMESTAMP-ISO-UTC',
      'TIMESTAMP-ORDER',
      'NAME-MATCHES-ID',
      'SCHEMA-CANONICAL',
      'SCHEMA-PUBLISHED',
      'HTTP-STATUS-CONVENTIONS',
      'RESPONSE-CONTENT-TYPE-JSON',
      'RESPONSE-JSON-UTF8',
      // A coding filter on the writes alone, or on the reads alone.
      'RESPONSE-ACCEPT-JSON',
      // A request's JSON media type read on every method but one (a PATCH taking merge-patch+json alone).
      'REQUEST-JSON-FORMS',
      // A segment's offsets right in the output's GET, carried over between the items of its list.
      'METRIC-SEGMENT-OFFSETS',
      'MISSING-RESOURCE-NOT-FOUND',
      'AUTH-MISSING-KEY',
      'AUTH-INVALID-KEY',
      'AUTH-DETAILS-HEADER',
      'AUTH-SPEC-PUBLIC',
      'SPEC-FETCHABLE',
      // Every Accept stating no preference between the forms, not only `*/*`.
      'SPEC-YAML-ANY-ACCEPT',
      // The JSON form asked for with a validator of the YAML form: a tag made of the document's name, not its form.
      'SPEC-JSON-ON-REQUEST',
      'SPEC-SECURITY-API-KEY',
      'DELETE-EMPTY-OBJECT-BODY',
      'AGENT-REFERENCE-IDS',
      'CHAT-URLS-VALIDATED',
      'CHAT-ENDPOINT-PUBLIC',
      'CHAT-PAYLOAD-LIMITS',
      'AGENT-CONFIG-SIZE',
      // A field's size limit held against the whole body (the body parser's), not against the field alone.
      'MUTATION-CONFIG-OVERRIDES-SIZE',
      // A run's results shaped right on one read path (the list) and not on another (a GET of one run).
      'RUN-METRICS-CONSISTENT',
      'MUTATION-SCOPED-TO-AGENT',
      'READ-BACK-UNCHANGED',
      'EXPLICIT-VALUE-KEPT',
      ...LIST_RULES.filter((id) => id !== 'LIST-ORDER-BY-DESC-SUFFIX'),
      // The listed persona and the fetched one are one: a field kept by one read, left out by the other.
      'PERSONA-GET',
      // A deletion kept by one read of the list and not another: under one order_by or filter, not the next.
      'PERSONA-DELETE',
      'RUN-DELETE-BY-STATUS',
      // The generic layer's rules hold for every published operation: kept on some, broken on one.
      ...GENERIC_RULES,
      // A create's echo, and an enumeration's membership, held per model type, input type, project type or listed
      // value: kept for one, broken for another.
      'AGENT-CREATE',
      'TESTCASE-CREATE',
      'REVIEW-PROJECT-CREATE',
      'AGENT-MODEL-TYPE',
      // A format held under one model type, not another.
      'AGENT-ENDPOINT',
      // A format checked by one model type's reader and not another's.
      'AGENT-PHONE-NUMBER',
      // One kind of answer framed wrongly (errors written by their own filter, an empty object by hand), the rest exactly.
      'HTTP-MESSAGE-FRAMING',
      // An expectation honoured on the creates and refused on one kind of write (a handler behind its own proxy module).
      'HTTP-EXPECT-CONTINUE',
      // A request's Date trusted on one write; one form of a document, or the form a listed URL pins.
      'SERVER-SET-TIMES',
      'SPEC-VALID-OPENAPI',
      'SPEC-SAME-DOCUMENT',
    ],
    otherwise: 'the rule is stated for one endpoint, method and field',
  },
  'read-back': {
    to: [
      'READ-BACK-UNCHANGED',
      'AGENT-GET',
      'MUTATION-GET',
      'AGENT-KNOWLEDGE-BASE-IDS',
      'AGENT-NO-SOFT-DELETE-FLAG',
      'MUTATION-PARAMETER-VALUES-DERIVED',
      'MUTATION-UPDATE-TIME-NULL',
      'MUTATION-EXPLICIT-DEFAULTS',
      'TIMESTAMP-ORDER',
    ],
    otherwise:
      "what is written and then read back is READ-BACK-UNCHANGED's rule, field by field; nothing else this rule concerns is stored and read back by an endpoint the specification shows (test cases, review projects and dashboards have no read)",
  },
  'first-page': { to: [...PAGE_RULES, 'GENERIC-PAGINATION'], otherwise: 'not a rule of list pages' },
  precedence: {
    to: [
      'AUTH-MISSING-KEY',
      'AUTH-INVALID-KEY',
      'PATH-ID-FORMAT-FIRST',
      'MISSING-RESOURCE-NOT-FOUND',
      'MUTATION-SCOPED-TO-AGENT',
      'GENERIC-AUTH',
      // A body check run after the mutation is stored: refused, and kept all the same.
      'MUTATION-CREATE',
    ],
    otherwise:
      'the rule judges one property of the request, and the specification fixes no order between its failure and another (a request wrong in two ways may fail either way; the orders that change an answer are those of the rules marked applicable)',
  },
  explicit: {
    to: [
      'EXPLICIT-VALUE-KEPT',
      'MUTATION-DESCRIPTION',
      'MUTATION-PARAMETER-VALUES-DERIVED',
      'MUTATION-EXPLICIT-DEFAULTS',
      'TESTCASE-INPUT-TYPE-DEFAULT',
      'TESTCASE-EXPECTED-OUTPUT-WRAPPED',
      'TESTCASE-EXPECTED-BEHAVIORS-PREFERRED',
      'REVIEW-PROJECT-TYPE',
      'REVIEW-PROJECT-NOTIFICATIONS-DEFAULT',
      'REVIEW-PROJECT-RULES',
      'REVIEW-PROJECT-REQUIRED',
      // An absent Accept header, not only an explicit */*, gets the default YAML.
      'SPEC-YAML-DEFAULT',
      // false given for text, and the text "0" in a map, taken for nothing by a truth test.
      'REQUEST-WRONG-TYPE',
      'MUTATION-CREATE',
      // Not the list rules: the spec gives defaults only for an absent page_size and order_by and says nothing of
      // empty ones (0 may mean the default, as in AIP-158), and "", null and an absent next_page_token all end a list.
      'AGENT-KNOWLEDGE-BASE-IDS',
      // A field a model type requires given as "" (or blanks only), taken for a value by a presence test.
      'AGENT-ENDPOINT',
      'CHAT-ENDPOINT-REQUIRED',
    ],
    otherwise:
      "the rule gives no default and no optional value that could be sent empty (an explicit value of a field is EXPLICIT-VALUE-KEPT's rule)",
  },
  state: {
    to: [
      'RUN-DELETE',
      'RUN-DELETE-BY-STATUS',
      'MUTATION-DELETE-IDEMPOTENT',
      'MUTATION-DELETE-GONE',
      'MUTATION-DISPLAY-NAME-UNIQUE',
      'MUTATION-DISPLAY-NAME-REUSABLE',
      'PERSONA-DELETE',
      'SCHEDULED-RUN-DELETE',
      'MUTATION-UPDATE-TIME-NULL',
      // A list read after a deletion, through the index the deletion rebuilt.
      'LIST-PAGINATION-COMPLETE',
      // An order an earlier request left behind: a cached list sorted or reversed in place.
      'LIST-ORDER-BY',
      // A run's results rewritten by the cancel that ends it.
      'RUN-METRICS-CONSISTENT',
      // A scheduled run read after another one was deleted, through the index the deletion left.
      'SCHEDULED-RUN-GET',
      // A mutation read after a refused duplicate of its name wrote over it.
      'MUTATION-GET',
      // An answer read after another request asked for a coding: a cache keyed by the URL alone serves its bytes.
      'RESPONSE-ACCEPT-JSON',
      // Two writes of one resource, or under one parent, at the same moment.
      'MUTATION-CREATE',
      'DASHBOARD-PATCH',
      // Two creates at the same moment that share an implicit parent or a counter (a test set, a project number); a
      // create naming what a deletion removed (a run's simulations), met by a foreign key the deletion broke.
      'TESTCASE-CREATE',
      'REVIEW-PROJECT-CREATE',
      // A server time set again by a later change of state (a cancel stamping create_time).
      'SERVER-SET-TIMES',
      // A DELETE's answer built on the path one state takes (a cancel answering the run it cancelled).
      'DELETE-EMPTY-OBJECT-BODY',
      // A filter read after another request or a deletion: an error kept, a join on what was deleted.
      'LIST-FILTER-FIELDS',
      // A published document served from a cache an earlier request filled, labelled otherwise.
      'SPEC-YAML-DEFAULT',
      // Two creates at once under two parents; a create naming what a deletion removed.
      'MUTATION-SCOPED-TO-AGENT',
      'AGENT-CREATE',
      // A verdict on the key remembered from an earlier request (of the same address or connection).
      'AUTH-MISSING-KEY',
      // A list or a create remembered for later requests: a read through a cache an earlier list or create filled, a
      // tombstone or a listing an earlier request left, a run read after its cancel or beside another row.
      'MISSING-RESOURCE-NOT-FOUND',
      'SPEC-FETCHABLE',
      'SPEC-LISTING',
      'NAME-MATCHES-ID',
      'RUN-FIELDS',
      'METRIC-GET',
      'AGENT-GET',
      'TESTCASE-TEST-SET-ID',
    ],
    otherwise: 'the rule does not depend on a state of the resource the specification names',
  },
  type: {
    to: [
      'SCHEMA-CANONICAL',
      'SCHEMA-PUBLISHED',
      'GENERIC-SCHEMA-PUBLISHED',
      'TIMESTAMP-ISO-UTC',
      'REQUEST-WRONG-TYPE',
      'ERROR-INVALID-ARGUMENT',
      'PERSONA-PHONE-NUMBERS',
      'READ-BACK-UNCHANGED',
      'EXPLICIT-VALUE-KEPT',
      'AGENT-KNOWLEDGE-BASE-IDS',
      'MUTATION-UPDATE-TIME-NULL',
      'MUTATION-PARAMETER-VALUES-DERIVED',
      'RUN-PROGRESS-CONSISTENT',
      'LIST-PAGE-SIZE-INVALID',
      'LIST-FILTER-FIELDS',
      'AGENT-CONFIG-ECHO',
      // A value sent as a string comes back as one, whatever it reads like ("0042", "null").
      'AGENT-CREATE',
      'MUTATION-CREATE',
      'TESTCASE-CREATE',
      'REVIEW-PROJECT-CREATE',
      // details an array, message_index an integer: each fixed by the rule's own table.
      'ERROR-ENVELOPE',
      'METRIC-GET',
      // A schema keyword's value of another dialect's type (exclusiveMinimum a boolean in 3.1, items a list).
      'SPEC-VALID-OPENAPI',
    ],
    otherwise:
      'the rule fixes no JSON type the answer could drift from (the canonical schema checks types: SCHEMA-CANONICAL)',
  },
  order: {
    to: [
      'LIST-ORDER-BY',
      'LIST-ORDER-BY-DESC-SUFFIX',
      'LIST-ORDER-DEFAULT',
      'LIST-PAGINATION-COMPLETE',
      'GENERIC-ORDER-BY',
      'TESTCASE-EXPECTED-BEHAVIORS-PREFERRED',
      'AGENT-CREATE',
      'READ-BACK-UNCHANGED',
    ],
    otherwise:
      'the rule concerns no array or list whose order the specification fixes (review-project lists and phone numbers, which carry their own index, may come in any order)',
  },
};

/**
 * One cell of the model: the faults that slip that way on the rule, or why none can. `implied`: no
 * fault breaks the rule everywhere (`broken`), but these break it more narrowly, and a check that
 * catches the rule broken on one endpoint, field or bound catches it broken on all of them.
 */
export type Cell =
  | { readonly kind: 'faults'; readonly faults: readonly string[] }
  | { readonly kind: 'implied'; readonly faults: readonly string[] }
  | { readonly kind: 'not-applicable'; readonly reason: string }
  | { readonly kind: 'open' };

export interface ModelRow {
  readonly requirement: RequirementId;
  readonly cells: Readonly<Record<Slip, Cell>>;
}

const applies = (slip: Slip, id: RequirementId): boolean => {
  const { to } = APPLICABILITY[slip];
  return to === 'all' || to.includes(id);
};

/** What the model is made of: the faults, each with how it slips. */
type Catalog = readonly {
  readonly id: string;
  readonly requirements: readonly RequirementId[];
  readonly slips: FaultSlips;
}[];

const CATALOG: Catalog = FAULTS;

/** The model, one row per requirement of the catalog (another catalog: for the model's own tests). */
export function faultModel(catalog: Catalog = CATALOG): ModelRow[] {
  return REQUIREMENTS.map((requirement) => {
    const id = requirement.id as RequirementId;
    const breaking = catalog.filter((f) => (f.requirements as readonly string[]).includes(id));
    const cells = Object.fromEntries(
      (Object.keys(SLIPS) as Slip[]).map((slip): [Slip, Cell] => {
        const faults = breaking.filter((f) => slipsOf(f.slips, id).includes(slip)).map((f) => f.id);
        if (faults.length) return [slip, { kind: 'faults', faults }];
        if (slip === 'broken' && breaking.length) return [slip, { kind: 'implied', faults: breaking.map((f) => f.id) }];
        if (!applies(slip, id)) return [slip, { kind: 'not-applicable', reason: APPLICABILITY[slip].otherwise ?? '' }];
        return [slip, { kind: 'open' }];
      }),
    ) as Record<Slip, Cell>;
    return { requirement: id, cells };
  });
}

/** Faults of the catalog not yet placed in the model (no slip given on a requirement they break). */
export const unplacedFaults = (catalog: Catalog = CATALOG): string[] =>
  catalog.filter((f) => !f.requirements.some((r) => slipsOf(f.slips, r).length)).map((f) => f.id);

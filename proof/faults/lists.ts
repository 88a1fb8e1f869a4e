// List faults: realistic bugs in pagination, order_by and filter, on every page or on the pages
// after a token only, each through one seam of the list policy (Behaviour.lists).

import { readFilterText, type Comparison, type FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import type { FilterFields } from '../../lib/reference/listing/filter-match.js';
import type { ServedList } from '../../lib/reference/listing/tables.js';
import { literalRank, readPath } from '../../lib/reference/listing/values.js';
import type { ListField } from '../../lib/contract/list-endpoints.js';
import type { Behaviour, ListQuery } from '../../lib/reference/behaviour.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { refuseBlanksAroundOperators, withoutQuotedValues } from '../variations.js';
import { fault, lastRequest, presentWith, respondWith, type Fault } from './define.js';
import { asAnd, isBlank, prune, quotesKept } from './list-seams.js';
import type { JsonObject } from '../../lib/util/json.js';
import { FIXTURE_IDS } from '../probes/fixture-ids.js';
import {
  metricLists,
  misfiltered,
  page,
  pageInOrder,
  personas,
  personasCounted,
  runs,
  runsCounted,
  everySimulation,
  list,
  walk,
  walked,
  walkInOrder,
  PERSONAS,
  RUNS,
} from '../probes/lists.js';

type Matches = Behaviour['lists']['matches'];

/** Evaluates junctions as written and each comparison with `leaf` (which may defer to the correct evaluator). */
function evaluateWith(
  b: Behaviour,
  leaf: (cmp: Comparison, item: unknown, fields: FilterFields, correct: Matches) => boolean,
): void {
  const correct = b.lists.matches;
  const evaluate = (expr: FilterExpr, item: unknown, fields: FilterFields): boolean =>
    expr.kind === 'cmp'
      ? leaf(expr, item, fields, correct)
      : expr.kind === 'and'
        ? expr.terms.every((term) => evaluate(term, item, fields))
        : expr.terms.some((term) => evaluate(term, item, fields));
  b.lists.matches = evaluate;
}

/** Compares fields of one kind as plain text: the item's value (as the service prints it) against the filter's text. */
function compareAsText(b: Behaviour, kind: 'number' | 'timestamp'): void {
  evaluateWith(b, (cmp, item, fields, correct) => {
    const field = fields[cmp.field];
    if (field?.kind !== kind || field.path === null) return correct(cmp, item, fields);
    const text = String(readPath(item, field.path));
    return correct(
      cmp,
      { ...(item as object), [field.path]: text },
      { ...fields, [cmp.field]: { ...field, kind: 'string' } },
    );
  });
}

/** The kind of a filter field as the evaluator reads it (undefined for a field the list does not have). */
const kindOf = (fields: FilterFields, name: string): ListField['kind'] | undefined =>
  (Object.getOwnPropertyDescriptor(fields, name)?.value as ListField | undefined)?.kind;

const comparedFields = (expr: FilterExpr): string[] =>
  expr.kind === 'cmp' ? [expr.field] : expr.terms.flatMap(comparedFields);

/**
 * The text up to the end of its longest leading run of whole words that parses, when the word after
 * that run is no AND or OR (a parser that stops there has nothing to continue with); else the text.
 */
function completePrefix(text: string): string {
  if (readFilterText(text).ok) return text;
  const words = text.trim().split(/\s+/);
  for (let n = words.length - 1; n > 0; n -= 1) {
    const prefix = words.slice(0, n).join(' ');
    if (readFilterText(prefix).ok) return /^(AND|OR)$/.test(words[n]!) ? text : prefix;
  }
  return text;
}

/** The query the pages after a token are cut from, as `cut` has it; the first page keeps the query asked. */
function afterToken(b: Behaviour, cut: (query: ListQuery, list: ServedList) => ListQuery): void {
  const continued = b.lists.continued;
  b.lists.continued = (query, list) => cut(continued(query, list), list);
}

const without = (item: unknown, key: string): unknown =>
  Object.fromEntries(Object.entries(item as object).filter(([k]) => k !== key));

/** The filter with each comparison on a timestamp field replaced by `change`'s answer. */
function changeTimeComparisons(b: Behaviour, change: (cmp: Comparison) => Comparison): void {
  const read = b.lists.filter;
  b.lists.filter = (raw, list) => {
    const mapped = (expr: FilterExpr): FilterExpr =>
      expr.kind === 'cmp'
        ? kindOf(list.filterFields, expr.field) === 'timestamp'
          ? change(expr)
          : expr
        : { ...expr, terms: expr.terms.map(mapped) };
    const expr = read(raw, list);
    return expr && mapped(expr);
  };
}

export const LISTS_FAULTS = [
  // Pagination
  fault({
    id: 'list-page-overlap',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['broken'],
    description: 'The page after a token starts with the last item of the page before, which so comes twice.',
    behaviour: (b) => {
      b.lists.resumeAt = (firstAfter) => Math.max(0, firstAfter - 1);
    },
    probe: (call) => walked(call, RUNS, { page_size: '50' }),
    shows: { again: 2, missed: 0 },
  }),
  fault({
    id: 'list-page-gap',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['broken'],
    description: 'The page after a token skips the item it should start with.',
    behaviour: (b) => {
      b.lists.resumeAt = (firstAfter) => firstAfter + 1;
    },
    probe: (call) => walked(call, RUNS, { page_size: '50' }),
    shows: { again: 0, missed: 2 },
  }),
  fault({
    id: 'list-page-size-ignored',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['broken'],
    description: 'page_size is validated, then every page holds the default number of items.',
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        read(raw, list, pageToken);
        return list.pageSize.default;
      };
    },
    probe: (call) => personasCounted(call, { page_size: '7' }),
    shows: [200, 50],
  }),
  fault({
    id: 'list-default-page-size-100',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['broken'],
    description: 'Without page_size a page holds 100 items, not 50.',
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => (isBlank(raw) ? 100 : read(raw, list, pageToken));
    },
    probe: (call) => personasCounted(call, {}),
    shows: [200, 100],
  }),
  fault({
    id: 'list-enum-order-default-page-size-ignored',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope'],
    description:
      'A list ordered by status (an enum, sorted in memory by its rank rather than by the store) takes page_size from the request alone: without page_size, order_by=status answers up to 1000 runs on its first page, not the default 50; every other order_by, and page_size given, are served as they should.',
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken, orderBy) =>
        isBlank(raw) && /^-?status$/.test(orderBy ?? '') ? 1000 : read(raw, list, pageToken, orderBy);
    },
    probe: (call) => runsCounted(call, { order_by: 'status' }),
    shows: [200, 140],
  }),
  fault({
    id: 'list-default-page-size-20',
    requirements: ['LIST-FULL-PAGES'],
    slips: ['broken'],
    description: 'Without page_size a page holds 20 items, not 50.',
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => (isBlank(raw) ? 20 : read(raw, list, pageToken));
    },
    probe: (call) => personasCounted(call, {}),
    shows: [200, 20],
  }),
  fault({
    id: 'list-max-page-size-off-by-one',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['bound'],
    description: 'page_size must be below the maximum: the maximum itself is rejected.',
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const size = read(raw, list, pageToken);
        if (size >= list.pageSize.max)
          throw invalidArgument('page_size', `must be less than ${list.pageSize.max}`, 'query');
        return size;
      };
    },
    probe: (call) => personas(call, { page_size: '100' }),
    shows: [400, undefined],
  }),
  fault({
    id: 'list-page-size-above-max-served',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['bound'],
    description: 'A page_size above the maximum is served in full.',
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) =>
        Number(raw) > list.pageSize.max && Number.isInteger(Number(raw)) ? Number(raw) : read(raw, list, pageToken);
    },
    probe: (call) => personasCounted(call, { page_size: '101' }),
    shows: [200, 101],
  }),
  fault({
    id: 'list-page-size-parse-int',
    requirements: ['LIST-PAGE-SIZE-INVALID'],
    slips: ['type'],
    description: 'page_size is read with parseInt: "1.5" is 1 and "abc" the default.',
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const parsed = Number.parseInt(raw ?? '', 10);
        return read(Number.isNaN(parsed) ? null : String(parsed), list, pageToken);
      };
    },
    probe: (call) => personasCounted(call, { page_size: '1.5' }),
    shows: [200, 1],
  }),
  fault({
    id: 'list-last-page-echoes-token',
    requirements: ['LIST-LAST-PAGE'],
    slips: ['broken', 'first-page'],
    description: 'The last page answers with the page_token it was fetched with, so a walk never ends.',
    behaviour: (b) => {
      const end = b.lists.endOfList;
      b.lists.endOfList = (list, pageToken) => pageToken || end(list, pageToken);
    },
    probe: async (call) => {
      const token = (await list(call, '/v1/runs', { page_size: '100' })).body.next_page_token;
      return (await list(call, '/v1/runs', { page_size: '100', page_token: token })).body.next_page_token === token;
    },
    shows: true,
  }),
  fault({
    id: 'list-forged-token-first-page',
    requirements: ['LIST-PAGE-TOKEN-FORGED'],
    slips: ['broken'],
    description: 'A page_token the service never issued gets the first page.',
    behaviour: (b) => {
      const refuse = b.lists.refuseToken;
      b.lists.refuseToken = (problem, list) => (problem === 'unknown' ? null : refuse(problem, list));
    },
    probe: (call) => personasCounted(call, { page_token: 'forged!token' }),
    shows: [200, 50],
  }),
  fault({
    id: 'list-stale-token-accepted',
    requirements: ['LIST-PAGE-TOKEN-STALE'],
    slips: ['broken'],
    description: 'A page_token issued for another filter or order_by is used as is.',
    behaviour: (b) => {
      const refuse = b.lists.refuseToken;
      b.lists.refuseToken = (problem, list) => (problem === 'other-query' ? null : refuse(problem, list));
    },
    probe: async (call) => {
      const first = await list(call, '/v1/personas', { page_size: '5', order_by: 'name' });
      return personasCounted(call, { page_size: '5', order_by: '-name', page_token: first.body.next_page_token });
    },
    shows: [200, 4],
  }),

  // order_by
  fault({
    id: 'list-order-by-ignored',
    requirements: ['LIST-ORDER-BY'],
    slips: ['order'],
    description: 'order_by is validated, then the default order is used.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        order(raw, list);
        return order(null, list);
      };
    },
    probe: (call) => pageInOrder(call, PERSONAS, { page_size: '100', order_by: 'name' }, 'name'),
    shows: [200, false],
  }),
  fault({
    id: 'list-order-desc-ignored',
    requirements: ['LIST-ORDER-BY'],
    slips: ['order'],
    description: 'A leading dash in order_by is dropped: lists come ascending.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => order(raw === null ? null : raw.replace(/^\s*-/, ''), list);
    },
    probe: (call) => pageInOrder(call, PERSONAS, { page_size: '100', order_by: '-name' }, 'name', true),
    shows: [200, false],
  }),
  fault({
    id: 'list-order-desc-suffix-rejected',
    requirements: ['LIST-ORDER-BY-DESC-SUFFIX'],
    slips: ['broken'],
    description: 'order_by "<field> desc" is rejected; only the dash prefix works.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        if (/\s+desc$/i.test(raw?.trim() ?? ''))
          throw invalidArgument('order_by', 'use a leading dash for descending order', 'query');
        return order(raw, list);
      };
    },
    probe: (call) => personas(call, { page_size: '5', order_by: 'name desc' }),
    shows: [400, undefined],
  }),
  fault({
    id: 'list-default-order-ascending',
    requirements: ['LIST-ORDER-DEFAULT'],
    slips: ['order'],
    description: 'Without order_by, lists come in ascending order of their default field (runs oldest first).',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => (isBlank(raw) ? { ...order(raw, list), descending: false } : order(raw, list));
    },
    probe: (call) => pageInOrder(call, RUNS, { page_size: '50' }, 'create_time', true),
    shows: [200, false],
  }),
  fault({
    id: 'list-order-suffixed-unknown-field-crash',
    requirements: ['LIST-ORDER-BY-UNKNOWN'],
    slips: ['scope'],
    description:
      'An order_by "<field> desc" naming no listed field fails with 500: the field it names is looked up without a check.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const suffixed = /^(\S+)\s+desc$/i.exec(raw?.trim() ?? '');
        if (suffixed && !Object.hasOwn(list.orderFields, suffixed[1] ?? ''))
          throw new TypeError("Cannot read properties of undefined (reading 'kind')");
        return order(raw, list);
      };
    },
    probe: (call) => runs(call, { order_by: 'no_such_field desc' }),
    shows: [500, undefined],
  }),
  fault({
    id: 'list-order-suffix-unanchored',
    requirements: ['LIST-ORDER-BY-UNKNOWN'],
    slips: ['broken'],
    description:
      'Where a trailing desc is documented (personas), its pattern is matched without its anchors: `name desc desc` and `no_such_field name desc` sort by name, descending.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const found = list.descSuffix ? /([A-Za-z_][A-Za-z0-9_.]*)\s+desc/i.exec(raw ?? '') : null;
        return found && Object.hasOwn(list.orderFields, found[1] ?? '')
          ? order(`-${found[1]}`, list)
          : order(raw, list);
      };
    },
    probe: (call) => pageInOrder(call, PERSONAS, { page_size: '100', order_by: 'name desc desc' }, 'name', true),
    shows: [200, true],
  }),
  fault({
    id: 'list-order-unknown-field-default',
    requirements: ['LIST-ORDER-BY-UNKNOWN'],
    slips: ['broken'],
    description: 'An order_by the service cannot read falls back to the default order.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        try {
          return order(raw, list);
        } catch {
          return order(null, list);
        }
      };
    },
    probe: (call) => personasCounted(call, { order_by: 'no_such_field' }),
    shows: [200, 50],
  }),
  fault({
    id: 'list-order-field-found-through-prototype',
    requirements: ['LIST-ORDER-BY-UNKNOWN'],
    slips: ['broken'],
    description:
      "An order_by's field is checked with `field in ORDER_FIELDS` on a plain object, which also holds what every object inherits: `constructor` (or `toString`, `valueOf`, `__proto__`) passes the check on every list, sorts by a value no item has, and the page comes in the default order: 200 instead of INVALID_ARGUMENT. A field no object inherits (`no_such_field`) is refused as before.",
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        try {
          return order(raw, list);
        } catch (error) {
          const named = /^-?([A-Za-z_]+)$/.exec(raw?.trim() ?? '');
          if (named?.[1] !== undefined && named[1] in list.orderFields) return order(null, list);
          throw error;
        }
      };
    },
    probe: async (call) => ({
      inherited: await personasCounted(call, { order_by: 'constructor' }),
      unknown: (await personasCounted(call, { order_by: 'no_such_field' }))[0],
    }),
    shows: { inherited: [200, 50], unknown: 400 },
  }),

  // filter
  fault({
    id: 'list-filter-quoted-never-match',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['broken'],
    description: 'A double-quoted value keeps its quotes when compared, so it matches nothing.',
    behaviour: (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => (cmp.quoted ? false : correct(cmp, item, fields)));
    },
    probe: (call) => runs(call, { filter: 'status = "FAILED"' }),
    shows: [200, []],
  }),
  fault({
    id: 'list-filter-or-as-and',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['broken'],
    description: 'OR is evaluated as AND.',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) => matches(asAnd(expr), item, fields);
    },
    probe: (call) => runs(call, { filter: 'status = FAILED OR status = PENDING' }),
    shows: [200, []],
  }),
  fault({
    id: 'list-filter-not-equal-as-equal',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description: '`!=` is evaluated as `=`.',
    behaviour: (b) => {
      evaluateWith(b, (cmp, item, fields, correct) =>
        correct(cmp.op === '!=' ? { ...cmp, op: '=' } : cmp, item, fields),
      );
    },
    probe: (call) => misfiltered(call, [RUNS], 'status != COMPLETED', (run) => run.status !== 'COMPLETED'),
    shows: 140,
  }),
  fault({
    id: 'list-filter-numbers-as-text',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['type'],
    description: 'Numbers are compared as text: 0.5 is not 0.50, and 9 is above 10.',
    behaviour: (b) => compareAsText(b, 'number'),
    probe: async (call) => misfiltered(call, await metricLists(call), 'value >= 0.50', (output) => output.value >= 0.5),
    shows: 9,
  }),
  fault({
    id: 'list-filter-timestamps-as-text',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['type'],
    description: 'Timestamps are compared as text: `…:00Z` is not `…:00.000Z`.',
    behaviour: (b) => compareAsText(b, 'timestamp'),
    probe: async (call) => {
      const time = (await list(call, '/v1/personas', { page_size: '1' })).body.personas[0].create_time as string;
      return personas(call, { filter: `create_time = "${time.replace('.000Z', 'Z')}"` });
    },
    shows: [200, []],
  }),
  fault({
    id: 'list-filter-tag-ignored',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description: 'A tag comparison holds for every run.',
    behaviour: (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => fields[cmp.field]?.kind === 'tags' || correct(cmp, item, fields));
    },
    probe: (call) => misfiltered(call, [RUNS], 'tag = smoke', (run) => run.tags.includes('smoke')),
    shows: 86,
  }),
  fault({
    id: 'list-filter-created-by-rejected',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description: 'A filter on created_by (not a field of Run) is rejected.',
    behaviour: (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = read(raw, list);
        if (expr && comparedFields(expr).includes('created_by'))
          throw invalidArgument('filter', '"created_by" is not a field of a run', 'query');
        return expr;
      };
    },
    probe: (call) => runs(call, { filter: 'created_by = "ana@example.com"' }),
    shows: [400, undefined],
  }),
  fault({
    id: 'list-filter-created-by-ignored',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description: 'A comparison on created_by (not a field of Run) is accepted, then holds for every run.',
    behaviour: (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => cmp.field === 'created_by' || correct(cmp, item, fields));
    },
    probe: (call) => runsCounted(call, { filter: 'created_by = "nobody@example.com"', page_size: '1000' }),
    shows: [200, 140],
  }),
  fault({
    id: 'list-filter-created-by-lost-in-junction',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['scope'],
    description:
      'Inside AND or OR, created_by is read from the run as returned, which lacks it: the comparison never holds there (alone it works).',
    behaviour: (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        matches(expr, expr.kind === 'cmp' ? item : without(item, 'created_by'), fields);
    },
    probe: (call) => runs(call, { filter: 'created_by = "ana@example.com" OR status = NONE', page_size: '1000' }),
    shows: [200, []],
  }),
  fault({
    id: 'list-filter-unreadable-value-ignored',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'A comparison whose value is no number (or no time) on a number (or timestamp) field is dropped: it holds for every item.',
    behaviour: (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => {
        const kind = kindOf(fields, cmp.field);
        const unreadable = (kind === 'number' || kind === 'timestamp') && literalRank(kind, cmp.value) === undefined;
        return unreadable || correct(cmp, item, fields);
      });
    },
    probe: (call) => personasCounted(call, { filter: 'create_time = not_a_value' }),
    shows: [200, 50],
  }),
  fault({
    id: 'list-filter-negative-number-unread',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      "A number's literal is read as digits and a point only: a negative one (`value > -1000000`) is no number, and its comparison never holds.",
    behaviour: (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => {
        const kind = kindOf(fields, cmp.field);
        return !(kind === 'number' && cmp.value.startsWith('-')) && correct(cmp, item, fields);
      });
    },
    probe: (call) => everySimulation(call, { filter: 'value > -1000000' }),
    shows: [
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
      [200, []],
    ],
  }),
  fault({
    id: 'list-filter-enum-bounds-exclusive',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['bound'],
    description: 'On status, `>=` and `<=` leave out the value itself: they act as `>` and `<`.',
    behaviour: (b) => {
      const strict = { '>=': '>', '<=': '<' } as const;
      evaluateWith(b, (cmp, item, fields, correct) =>
        correct(
          fields[cmp.field]?.kind === 'enum' && (cmp.op === '>=' || cmp.op === '<=')
            ? { ...cmp, op: strict[cmp.op] }
            : cmp,
          item,
          fields,
        ),
      );
    },
    probe: async (call) => {
      const [, ids] = await runs(call, { filter: 'status >= COMPLETED', page_size: '1000' });
      const completed = (await runs(call, { filter: 'status = COMPLETED', page_size: '1000' }))[1] as unknown[];
      return completed.filter((id) => (ids as unknown[]).includes(id)).length;
    },
    shows: 0,
  }),
  fault({
    id: 'list-filter-metric-times-since',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['scope'],
    description:
      'Metric outputs do not show start_time and end_time (the spec does not list them), and every comparison on them acts as `>=` (a "since" bound).',
    behaviour: (b) => {
      const hide = ({ start_time: _start, end_time: _end, ...rest }: JsonObject): JsonObject => rest;
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics', (body) => ({
        ...body,
        metrics: (body.metrics as JsonObject[]).map(hide),
      }));
      respondWith(b, 'GET /v1/simulations/{simulation_id}/metrics/{metric_output_id}', (body) => ({
        ...body,
        metric: hide(body.metric as JsonObject),
      }));
      evaluateWith(b, (cmp, item, fields, correct) =>
        correct(cmp.field === 'start_time' || cmp.field === 'end_time' ? { ...cmp, op: '>=' } : cmp, item, fields),
      );
    },
    probe: async (call) => {
      // Before and since one instant: no output is in both, whether the list shows its start_time or not.
      const both = await Promise.all(
        (await metricLists(call)).map(async (path) => {
          const [, before] = await page(call, path, {
            page_size: '1000',
            filter: 'start_time < "2026-01-06T01:00:00Z"',
          });
          const [, since] = await page(call, path, {
            page_size: '1000',
            filter: 'start_time >= "2026-01-06T01:00:00Z"',
          });
          return (before as unknown[]).filter((id) => (since as unknown[]).includes(id)).length;
        }),
      );
      return both.reduce((sum, count) => sum + count, 0);
    },
    shows: 119,
  }),
  fault({
    id: 'list-filter-unknown-field-ignored',
    requirements: ['LIST-FILTER-UNKNOWN-FIELD'],
    slips: ['broken'],
    description: 'Comparisons on fields the list does not have are dropped.',
    behaviour: (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const parsed = readFilterText(raw ?? '');
        return parsed.ok ? prune(parsed.expr, (cmp) => Object.hasOwn(list.filterFields, cmp.field)) : read(raw, list);
      };
    },
    probe: (call) => personasCounted(call, { filter: 'no_such_field = 1' }),
    shows: [200, 50],
  }),
  fault({
    id: 'list-filter-unknown-field-in-junction-accepted',
    requirements: ['LIST-FILTER-UNKNOWN-FIELD'],
    slips: ['scope'],
    description:
      'Only a filter that is one comparison has its field checked: joined by AND or OR, a field the list does not have is accepted (its comparison never holds).',
    behaviour: (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const parsed = readFilterText(raw ?? '');
        return parsed.ok && parsed.expr.kind !== 'cmp' ? parsed.expr : read(raw, list);
      };
    },
    probe: (call) => runs(call, { filter: 'status = FAILED AND no_such_field = 1' }),
    shows: [200, []],
  }),
  fault({
    id: 'list-filter-malformed-ignored',
    requirements: ['LIST-FILTER-MALFORMED'],
    slips: ['broken'],
    description: 'A filter that does not parse is ignored: the whole list comes back.',
    behaviour: (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => (isBlank(raw) || readFilterText(raw ?? '').ok ? read(raw, list) : null);
    },
    probe: (call) => personasCounted(call, { filter: 'name =' }),
    shows: [200, 50],
  }),
  fault({
    id: 'list-filter-dangling-junction-accepted',
    requirements: ['LIST-FILTER-MALFORMED'],
    slips: ['broken'],
    description: 'A trailing AND or OR is dropped instead of refused.',
    behaviour: (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => read(raw === null ? null : raw.replace(/\s+(AND|OR)\s*$/, ''), list);
    },
    probe: (call) => personas(call, { filter: 'name = x AND' }),
    shows: [200, []],
  }),
  fault({
    id: 'list-filter-trailing-ignored',
    requirements: ['LIST-FILTER-MALFORMED'],
    slips: ['broken'],
    description:
      'The parser reads comparisons while AND or OR follows, then stops without looking for the end of the text: what trails a complete expression (`status = x =`) is ignored.',
    behaviour: (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => read(raw === null ? null : completePrefix(raw), list);
    },
    probe: (call) => personas(call, { filter: 'name = x =' }),
    shows: [200, []],
  }),
  fault({
    id: 'list-filter-compact-refused',
    requirements: ['LIST-FILTER-COMPACT'],
    slips: ['broken'],
    description:
      'The filter is split on blanks into field, operator and value: a comparison without blanks around its operator (`status=COMPLETED`) is refused.',
    behaviour: (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        // Quoted text aside, an operator character touching anything but a blank or another operator character.
        const unquoted = withoutQuotedValues(raw ?? '');
        if (/[^\s=!<>][=!<>]|[=!<>][^\s=!<>]/.test(unquoted))
          throw invalidArgument('filter', 'expected blanks around the operator', 'query');
        return read(raw, list);
      };
    },
    probe: (call) => runs(call, { filter: 'status=COMPLETED', page_size: '1000' }),
    shows: [400, undefined],
  }),
  fault({
    id: 'list-filter-spaced-refused',
    requirements: ['LIST-FILTER-COMPACT'],
    slips: ['broken'],
    description:
      'The filter is split on blanks into words: a comparison with blanks around its operator (`status = COMPLETED`) is refused (a correct choice where the specification is silent, as variation localized-pointers makes it; the strict profile asks for both forms).',
    behaviour: refuseBlanksAroundOperators,
    probe: (call) => runs(call, { filter: 'status = COMPLETED', page_size: '1000' }),
    shows: [400, undefined],
  }),
  fault({
    id: 'list-token-after-extra-item',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['first-page'],
    description:
      'A page after a token reads one item more than page_size (to see whether more follow) and issues its next_page_token after that extra item, as the first page does not: from the third page on, one item at each page boundary is skipped.',
    behaviour: (b) => {
      const issuedAfter = b.lists.issuedAfter;
      b.lists.issuedAfter = (last, pageToken) => issuedAfter(last, pageToken) + (isBlank(pageToken) ? 0 : 1);
    },
    probe: (call) => walked(call, RUNS, { page_size: '7' }),
    shows: { again: 0, missed: 16 },
  }),
  fault({
    id: 'list-ties-reversed-after-token',
    requirements: ['LIST-PAGINATION-COMPLETE'],
    slips: ['order'],
    description:
      'The query for the pages after a token breaks ties of the sort value by id the other way round from the first page: an item sharing its sort value with the last item of a page is skipped, or comes twice.',
    behaviour: (b) => {
      afterToken(b, (query) => ({ ...query, ties: query.ties === 'asc' ? 'desc' : 'asc' }));
    },
    probe: async (call) => [
      await walked(call, PERSONAS, { page_size: '8' }),
      await walked(call, PERSONAS, { page_size: '9' }),
    ],
    shows: [
      { again: 0, missed: 1 },
      { again: 1, missed: 0 },
    ],
  }),
  fault({
    id: 'list-page-after-token-one-short',
    requirements: ['LIST-FULL-PAGES'],
    slips: ['first-page'],
    description:
      "A page after a token is read from the token's item on, which is then dropped: it holds one item fewer than page_size (the first page is full).",
    behaviour: (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const size = read(raw, list, pageToken);
        return isBlank(pageToken) ? size : Math.max(1, size - 1);
      };
    },
    probe: async (call) => {
      const first = await list(call, RUNS, { page_size: '7' });
      return runsCounted(call, { page_size: '7', page_token: first.body.next_page_token });
    },
    shows: [200, 6],
  }),
  fault({
    id: 'list-order-direction-lost-after-token',
    requirements: ['LIST-ORDER-BY'],
    slips: ['first-page'],
    description:
      "The page token keeps order_by's field, not its leading dash: with order_by=-<field> the first page comes descending, the pages after a token ascending.",
    behaviour: (b) => {
      afterToken(b, (query) =>
        /^\s*-/.test(query.orderBy ?? '') ? { ...query, order: { ...query.order, descending: false } } : query,
      );
    },
    probe: (call) => walkInOrder(call, PERSONAS, { page_size: '50', order_by: '-name' }, 'name', true),
    shows: false,
  }),
  fault({
    id: 'list-order-desc-suffix-ignored',
    requirements: ['LIST-ORDER-BY-DESC-SUFFIX'],
    slips: ['order'],
    description: 'order_by "<field> desc" is accepted, but the trailing desc is dropped: the items come ascending.',
    behaviour: (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => order(raw === null ? null : raw.replace(/\s+desc\s*$/i, ''), list);
    },
    probe: (call) => pageInOrder(call, PERSONAS, { page_size: '100', order_by: 'name desc' }, 'name', true),
    shows: [200, false],
  }),
  fault({
    id: 'list-order-desc-suffix-first-page-only',
    requirements: ['LIST-ORDER-BY-DESC-SUFFIX'],
    slips: ['first-page'],
    description:
      'On the pages after a token, order_by is read by a parser that knows only the leading dash: "<field> desc" is read as "<field>", so the first page comes descending and the pages after it ascending.',
    behaviour: (b) => {
      afterToken(b, (query, list) =>
        /\s+desc\s*$/i.test(query.orderBy ?? '')
          ? { ...query, order: b.lists.order(query.orderBy!.replace(/\s+desc\s*$/i, ''), list) }
          : query,
      );
    },
    probe: (call) => walkInOrder(call, PERSONAS, { page_size: '50', order_by: 'name desc' }, 'name', true),
    shows: false,
  }),
  fault({
    id: 'list-default-order-first-page-only',
    requirements: ['LIST-ORDER-DEFAULT'],
    slips: ['first-page'],
    description:
      "Without order_by, the default order's direction is applied to the first page only: the pages after a token come ascending (runs: oldest first after the newest first page).",
    behaviour: (b) => {
      afterToken(b, (query) =>
        isBlank(query.orderBy) ? { ...query, order: { ...query.order, descending: false } } : query,
      );
    },
    probe: (call) => walkInOrder(call, RUNS, { page_size: '50' }, 'create_time', true),
    shows: false,
  }),
  fault({
    id: 'list-filter-first-page-only',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['first-page'],
    description:
      'The filter is applied to the first page only: the pages after a token go on through the whole collection, unfiltered.',
    behaviour: (b) => {
      afterToken(b, (query) => ({ ...query, filter: null }));
    },
    probe: async (call) =>
      (await walk(call, RUNS, { page_size: '5', filter: 'status = FAILED' })).items.filter(
        (run) => run.status !== 'FAILED',
      ).length,
    shows: 88,
  }),
  fault({
    id: 'list-filter-or-as-and-after-token',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['first-page'],
    description:
      "The page token keeps the filter's comparisons, not how they are joined: on the pages after it, OR acts as AND.",
    behaviour: (b) => {
      afterToken(b, (query) => (query.filter ? { ...query, filter: asAnd(query.filter) } : query));
    },
    probe: (call) => walked(call, RUNS, { page_size: '2', filter: 'status = FAILED OR status = PENDING' }),
    shows: { again: 0, missed: 34 },
  }),
  fault({
    id: 'list-filter-quotes-kept-after-token',
    requirements: ['LIST-FILTER-QUOTING'],
    slips: ['first-page'],
    description:
      'On the pages after a token, a double-quoted value keeps its quotes when compared: a quoted comparison matches on the first page only.',
    behaviour: (b) => {
      afterToken(b, (query) => (query.filter ? { ...query, filter: quotesKept(query.filter) } : query));
    },
    probe: (call) => walked(call, RUNS, { page_size: '5', filter: 'status = "COMPLETED"' }),
    shows: { again: 0, missed: 51 },
  }),
  fault({
    id: 'list-filter-decoded-twice-leniently',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      'The filter is percent-decoded once more after the query string was, by a decoder that leaves a stray `%` as it is (Python\'s unquote_plus): `name = "100%"` still works, but `%47race` reads as `Grace` and `+` as a space, so a value written with an escape selects the item it spells.',
    behaviour: (b) => {
      const filter = b.lists.filter;
      const decoded = (raw: string): string =>
        raw
          .replaceAll('+', ' ')
          .replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      b.lists.filter = (raw, served) => filter(raw === null ? raw : decoded(raw), served);
    },
    probe: async (call) => {
      const name = String((await list(call, PERSONAS, { page_size: '1' })).body.personas[0].name);
      const escaped = `%${name.charCodeAt(0).toString(16).toUpperCase()}${name.slice(1)}`;
      return personasCounted(call, { filter: `name = "${escaped}"` });
    },
    shows: [200, 1],
  }),
  fault({
    id: 'list-filter-text-equality-prefix',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      "Equality on a free-text field is run as an index-friendly prefix search (`LIKE 'x%'`): `metric_name = \"Intent Accurac\"` selects the outputs of `Intent Accuracy`, though none is named so; on every list's text fields.",
    behaviour: (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => {
        const field = fields[cmp.field];
        return field?.kind === 'string' && field.path !== null && cmp.op === '='
          ? String(readPath(item, field.path) ?? '').startsWith(cmp.value)
          : correct(cmp, item, fields);
      });
    },
    probe: async (call) => {
      const name = String((await list(call, PERSONAS, { page_size: '1' })).body.personas[0].name);
      return personasCounted(call, { filter: `name = "${name.slice(0, -1)}"` });
    },
    shows: [200, 1],
  }),
  fault({
    id: 'metric-times-lost-in-junction',
    requirements: ['LIST-FILTER-AND-OR'],
    slips: ['scope'],
    description:
      'Metric outputs are shown without start_time and end_time (the MetricOutput table lists neither), which a comparison alone reads from the stored output; inside AND or OR it reads the output as shown, which lacks them: there it never holds.',
    behaviour: (b) => {
      const times = new WeakMap<object, JsonObject>();
      presentWith(b, 'metric', ({ start_time, end_time, ...shown }) => {
        times.set(shown, { start_time, end_time } as JsonObject);
        return shown;
      });
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        matches(expr, expr.kind === 'cmp' ? { ...(item as object), ...times.get(item as object) } : item, fields);
    },
    probe: async (call) =>
      (await everySimulation(call, { filter: 'start_time > 2000-01-01T00:00:00Z OR value < -1000000' })).some(
        (answer) => ((answer as [number, unknown[] | undefined])[1]?.length ?? 0) > 0,
      ),
    shows: false,
  }),
  fault({
    id: 'list-filter-id-matches-any-id',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      "Equality on an ID field looks the value up among all of the item's IDs (one table of the run's agent, persona and test set ids): `agent_id = x` also selects the runs whose persona_id or test_set_id is x.",
    behaviour: (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => {
        const ids = Object.values(fields).filter((f) => f.kind === 'id' && f.path !== null);
        return (
          (kindOf(fields, cmp.field) === 'id' &&
            cmp.op === '=' &&
            ids.some((f) => readPath(item, f.path!) === cmp.value)) ||
          correct(cmp, item, fields)
        );
      });
    },
    probe: async (call) => {
      const persona = String((await list(call, RUNS, { page_size: '1' })).body.runs[0].persona_id);
      return (await misfiltered(call, [RUNS], `agent_id = ${persona}`, (run) => run.agent_id === persona)) > 0;
    },
    shows: true,
  }),
  fault({
    id: 'list-filter-text-matches-any-text-field',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['broken'],
    description:
      "Equality on a free-text field is served by one index of all the item's text values: `name = speak_first` also selects the personas whose conversation_initiation is speak_first, and `metric_name = COMPLETED` the completed metric outputs; on every list's text fields.",
    behaviour: (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => {
        const text = kindOf(fields, cmp.field) === 'string' && fields[cmp.field]!.path !== null && cmp.op === '=';
        return (text && Object.values(item as object).includes(cmp.value)) || correct(cmp, item, fields);
      });
    },
    probe: async (call) => {
      const persona = (await list(call, PERSONAS, { page_size: '1' })).body.personas[0];
      const value = String(persona.conversation_initiation);
      const listed = (await list(call, PERSONAS, { page_size: '100', filter: `name = "${value}"` })).body.personas;
      return (listed as { name: string }[]).some((p) => p.name !== value);
    },
    shows: true,
  }),
  fault({
    id: 'list-wraps-after-delete',
    requirements: ['LIST-PAGINATION-COMPLETE', 'PERSONA-DELETE', 'RUN-DELETE-BY-STATUS'],
    slips: ['state'],
    description:
      "A DELETE of a persona or a run leaves that list's cursor one past the end, read modulo the count: from then on the list's last page wraps round and ends with its own first item again, listed twice and out of the order asked for.",
    behaviour: (b) => {
      const deleted = new Set<string>();
      const answer = b.deletion.answer;
      b.deletion.answer = (kind, view) => {
        deleted.add(kind);
        return answer(kind, view);
      };
      for (const [kind, key] of [
        ['persona', 'personas'],
        ['run', 'runs'],
      ] as const)
        respondWith(b, `GET /v1/${key}`, (body) => {
          const items = body[key];
          if (!deleted.has(kind) || body.next_page_token || !Array.isArray(items) || items.length < 2) return body;
          return { ...body, [key]: [...items, items[0]!] };
        });
    },
    probe: async (call) => {
      await call('DELETE', `/v1/personas/${FIXTURE_IDS.deletablePersonaId}`);
      const ids: unknown[] = [];
      let token = '';
      do {
        const page = await call('GET', `/v1/personas?page_size=100${token ? `&page_token=${token}` : ''}`);
        ids.push(...((page.body.personas ?? []) as JsonObject[]).map((persona) => persona.id));
        token = String(page.body.next_page_token ?? '');
      } while (token);
      return ids.length - new Set(ids).size;
    },
    shows: 1,
  }),
  fault({
    id: 'list-order-kept-from-last',
    requirements: ['LIST-ORDER-DEFAULT'],
    slips: ['broken'],
    description:
      'A list request without order_by takes the order the request before it asked for on that list (the order lives in a variable each request writes, as a sort control keeps its last choice): after `order_by=create_time`, /v1/runs without order_by comes oldest first.',
    behaviour: (b) => {
      const order = b.lists.order;
      const last = new Map<ServedList, ReturnType<typeof order>>();
      b.lists.order = (raw, list) => {
        const taken = raw === null ? (last.get(list) ?? order(raw, list)) : order(raw, list);
        last.set(list, taken);
        return taken;
      };
    },
    probe: async (call) => {
      await call('GET', '/v1/runs?page_size=5&order_by=create_time');
      const runs = (await call('GET', '/v1/runs?page_size=5')).body.runs as JsonObject[];
      const times = runs.map((run) => String(run.create_time));
      return times.every((time, i) => i === 0 || (times[i - 1] as string) <= time) ? 'oldest first' : 'newest first';
    },
    shows: 'oldest first',
  }),
  fault({
    id: 'list-filter-time-fraction-past-millis-unread',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['unit'],
    description:
      'A time in a filter is read by a pattern that takes at most three digits of fraction (milliseconds, as the service writes them); a valid instant with a longer fraction (`9999-12-31T23:59:59.123456Z`) is taken for no time, so no comparison with it holds: `create_time < "9999-12-31T23:59:59.123456Z"` lists no run, where it holds for every one.',
    behaviour: (b) => {
      const unread = (expr: FilterExpr, list: ServedList): FilterExpr => {
        if (expr.kind !== 'cmp') return { ...expr, terms: expr.terms.map((term) => unread(term, list)) };
        return list.filterFields[expr.field]?.kind === 'timestamp' && /\.\d{4,}/.test(expr.value)
          ? { ...expr, value: '' }
          : expr;
      };
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = read(raw, list);
        return expr && unread(expr, list);
      };
    },
    probe: (call) => runsCounted(call, { filter: 'create_time < "9999-12-31T23:59:59.123456Z"', page_size: '1000' }),
    shows: [200, 0],
  }),
  fault({
    id: 'list-filter-time-offset-sign-flipped',
    requirements: ['LIST-FILTER-FIELDS'],
    slips: ['unit'],
    description:
      'A time in a filter written with an offset has the offset applied the wrong way (added to the clock time where it should be taken away): `create_time <= "2026-01-05T04:30:00-05:30"`, the instant 10:00Z, is read as 23:00Z the day before. A time written with `Z` or `+00:00` is read right.',
    behaviour: (b) => {
      changeTimeComparisons(b, (cmp) => {
        const m = /^(.+T\d\d:\d\d:\d\d(?:\.\d+)?)([+-])(\d\d):(\d\d)$/.exec(cmp.value);
        if (!m) return cmp;
        const minutes = (m[2] === '-' ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]));
        return { ...cmp, value: new Date(Date.parse(`${m[1]}Z`) + minutes * 60_000).toISOString() };
      });
    },
    probe: async (call) => {
      const rows = (await call('GET', `${RUNS}?page_size=1000`)).body.runs as JsonObject[];
      const pivot = Date.parse(String(rows[Math.floor(rows.length / 2)]?.create_time));
      const local = new Date(pivot - 330 * 60_000).toISOString().replace('Z', '-05:30');
      const count = async (value: string) =>
        (await runsCounted(call, { filter: `create_time <= "${value}"`, page_size: '1000' }))[1];
      return { same: (await count(new Date(pivot).toISOString())) === (await count(local)) };
    },
    shows: { same: false },
  }),
  fault({
    id: 'list-page-size-bounds-unchecked-after-token',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['first-page'],
    description:
      'page_size is held to its bounds by the handler of the first page only: beside a page_token an integer page_size is taken as it is, so page_size 0 or -1 sent with a token is served an empty page that ends the list (no next_page_token) while items remain after the token, instead of being refused or brought into range, as it is without one.',
    behaviour: (b) => {
      const pageSize = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken, orderBy) =>
        pageToken && raw !== null && /^\s*[+-]?\d+\s*$/.test(raw)
          ? Number(raw)
          : pageSize(raw, list, pageToken, orderBy);
    },
    probe: async (call) => {
      const token = String((await list(call, RUNS, { page_size: '2' })).body.next_page_token);
      const plain = await list(call, RUNS, { page_size: '-1' });
      const after = await list(call, RUNS, { page_size: '-1', page_token: token });
      return {
        withoutToken: plain.status,
        withToken: after.status,
        items: (after.body.runs as unknown[] | undefined)?.length ?? null,
        ended: !after.body.next_page_token,
      };
    },
    shows: { withoutToken: 400, withToken: 200, items: 0, ended: true },
  }),
  fault({
    id: 'list-filter-unread-after-token',
    requirements: ['LIST-FILTER-MALFORMED'],
    slips: ['first-page'],
    description:
      "The filter is parsed by the handler of the first page only: beside a page_token a filter that does not parse is dropped (the page is cut without it) and the token's own query goes on, so `name =` sent with a page_token is served a page instead of being refused with INVALID_ARGUMENT, as it is without one.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const tokened = () => new URL(request()?.url ?? '/', 'http://x').searchParams.has('page_token');
      const read = b.lists.filter;
      b.lists.filter = (raw, served) => {
        try {
          return read(raw, served);
        } catch (error) {
          if (tokened()) return null;
          throw error;
        }
      };
      const refuse = b.lists.refuseToken;
      b.lists.refuseToken = (problem, served) =>
        problem === 'other-query' && tokened() ? null : refuse(problem, served);
    },
    probe: async (call) => {
      const token = String((await list(call, RUNS, { page_size: '2' })).body.next_page_token);
      const plain = await list(call, RUNS, { filter: 'status =' });
      const after = await list(call, RUNS, { filter: 'status =', page_token: token });
      return { withoutToken: plain.status, withToken: after.status };
    },
    shows: { withoutToken: 400, withToken: 200 },
  }),
  fault({
    id: 'list-order-by-unread-after-token',
    requirements: ['LIST-ORDER-BY-UNKNOWN'],
    slips: ['first-page'],
    description:
      "order_by is checked against the list's fields by the handler of the first page only: beside a page_token an order_by naming no field is read as none (the default order) and the token's own query goes on, so `order_by=no_such_field` sent with a page_token is served a page instead of being refused with INVALID_ARGUMENT, as it is without one.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const tokened = () => new URL(request()?.url ?? '/', 'http://x').searchParams.has('page_token');
      const read = b.lists.order;
      b.lists.order = (raw, served) => {
        try {
          return read(raw, served);
        } catch (error) {
          if (tokened()) return read(null, served);
          throw error;
        }
      };
      const refuse = b.lists.refuseToken;
      b.lists.refuseToken = (problem, served) =>
        problem === 'other-query' && tokened() ? null : refuse(problem, served);
    },
    probe: async (call) => {
      const token = String((await list(call, RUNS, { page_size: '2' })).body.next_page_token);
      const plain = await list(call, RUNS, { order_by: 'no_such_field' });
      const after = await list(call, RUNS, { order_by: 'no_such_field', page_token: token });
      return { withoutToken: plain.status, withToken: after.status };
    },
    shows: { withoutToken: 400, withToken: 200 },
  }),
] as const satisfies readonly Fault[];

// List faults: realistic bugs in pagination, order_by and filter, each through one seam
// of the list policy (Behaviour.lists).

import { readFilterText, type Comparison, type FilterExpr } from '../../lib/reference/listing/filter-syntax.js';
import type { FilterFields } from '../../lib/reference/listing/filter-match.js';
import { literalRank, readPath } from '../../lib/reference/listing/values.js';
import type { ListField } from '../../lib/contract/list-endpoints.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { refuseBlanksAroundOperators, withoutQuotedValues } from '../variations.js';
import { fault, respondWith, type Fault } from './define.js';
import { asAnd, isBlank, prune } from './list-seams.js';
import type { JsonObject } from '../../lib/util/json.js';

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

const without = (item: unknown, key: string): unknown =>
  Object.fromEntries(Object.entries(item as object).filter(([k]) => k !== key));

export const LISTS_FAULTS = [
  // Pagination
  fault(
    'list-page-overlap',
    ['LIST-PAGINATION-COMPLETE'],
    'The page after a token starts with the last item of the page before, which so comes twice.',
    (b) => {
      b.lists.resumeAt = (firstAfter) => Math.max(0, firstAfter - 1);
    },
  ),
  fault(
    'list-page-gap',
    ['LIST-PAGINATION-COMPLETE'],
    'The page after a token skips the item it should start with.',
    (b) => {
      b.lists.resumeAt = (firstAfter) => firstAfter + 1;
    },
  ),
  fault(
    'list-page-size-ignored',
    ['LIST-PAGE-SIZE-RESPECTED'],
    'page_size is validated, then every page holds the default number of items.',
    (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        read(raw, list, pageToken);
        return list.pageSize.default;
      };
    },
  ),
  fault(
    'list-default-page-size-100',
    ['LIST-PAGE-SIZE-RESPECTED'],
    'Without page_size a page holds 100 items, not 50.',
    (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => (isBlank(raw) ? 100 : read(raw, list, pageToken));
    },
  ),
  fault('list-default-page-size-20', ['LIST-FULL-PAGES'], 'Without page_size a page holds 20 items, not 50.', (b) => {
    const read = b.lists.pageSize;
    b.lists.pageSize = (raw, list, pageToken) => (isBlank(raw) ? 20 : read(raw, list, pageToken));
  }),
  fault(
    'list-max-page-size-off-by-one',
    ['LIST-PAGE-SIZE-BOUNDS'],
    'page_size must be below the maximum: the maximum itself is rejected.',
    (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const size = read(raw, list, pageToken);
        if (size >= list.pageSize.max)
          throw invalidArgument('page_size', `must be less than ${list.pageSize.max}`, 'query');
        return size;
      };
    },
  ),
  fault(
    'list-page-size-above-max-served',
    ['LIST-PAGE-SIZE-BOUNDS'],
    'A page_size above the maximum is served in full.',
    (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) =>
        Number(raw) > list.pageSize.max && Number.isInteger(Number(raw)) ? Number(raw) : read(raw, list, pageToken);
    },
  ),
  fault(
    'list-page-size-parse-int',
    ['LIST-PAGE-SIZE-INVALID'],
    'page_size is read with parseInt: "1.5" is 1 and "abc" the default.',
    (b) => {
      const read = b.lists.pageSize;
      b.lists.pageSize = (raw, list, pageToken) => {
        const parsed = Number.parseInt(raw ?? '', 10);
        return read(Number.isNaN(parsed) ? null : String(parsed), list, pageToken);
      };
    },
  ),
  fault(
    'list-last-page-echoes-token',
    ['LIST-LAST-PAGE'],
    'The last page answers with the page_token it was fetched with, so a walk never ends.',
    (b) => {
      const end = b.lists.endOfList;
      b.lists.endOfList = (list, pageToken) => pageToken || end(list, pageToken);
    },
  ),
  fault(
    'list-forged-token-first-page',
    ['LIST-PAGE-TOKEN-FORGED'],
    'A page_token the service never issued gets the first page.',
    (b) => {
      const refuse = b.lists.refuseToken;
      b.lists.refuseToken = (problem, list) => (problem === 'unknown' ? null : refuse(problem, list));
    },
  ),
  fault(
    'list-stale-token-accepted',
    ['LIST-PAGE-TOKEN-STALE'],
    'A page_token issued for another filter or order_by is used as is.',
    (b) => {
      const refuse = b.lists.refuseToken;
      b.lists.refuseToken = (problem, list) => (problem === 'other-query' ? null : refuse(problem, list));
    },
  ),

  // order_by
  fault('list-order-by-ignored', ['LIST-ORDER-BY'], 'order_by is validated, then the default order is used.', (b) => {
    const order = b.lists.order;
    b.lists.order = (raw, list) => {
      order(raw, list);
      return order(null, list);
    };
  }),
  fault(
    'list-order-desc-ignored',
    ['LIST-ORDER-BY'],
    'A leading dash in order_by is dropped: lists come ascending.',
    (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => order(raw === null ? null : raw.replace(/^\s*-/, ''), list);
    },
  ),
  fault(
    'list-order-desc-suffix-rejected',
    ['LIST-ORDER-BY-DESC-SUFFIX'],
    'order_by "<field> desc" is rejected; only the dash prefix works.',
    (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        if (/\s+desc$/i.test(raw?.trim() ?? ''))
          throw invalidArgument('order_by', 'use a leading dash for descending order', 'query');
        return order(raw, list);
      };
    },
  ),
  fault(
    'list-default-order-ascending',
    ['LIST-ORDER-DEFAULT'],
    'Without order_by, lists come in ascending order of their default field (runs oldest first).',
    (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => (isBlank(raw) ? { ...order(raw, list), descending: false } : order(raw, list));
    },
  ),
  fault(
    'list-order-suffixed-unknown-field-crash',
    ['LIST-ORDER-BY-UNKNOWN'],
    'An order_by "<field> desc" naming no listed field fails with 500: the field it names is looked up without a check.',
    (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const suffixed = /^(\S+)\s+desc$/i.exec(raw?.trim() ?? '');
        if (suffixed && !Object.hasOwn(list.orderFields, suffixed[1] ?? ''))
          throw new TypeError("Cannot read properties of undefined (reading 'kind')");
        return order(raw, list);
      };
    },
  ),
  fault(
    'list-order-suffix-unanchored',
    ['LIST-ORDER-BY-UNKNOWN'],
    'Where a trailing desc is documented (personas), its pattern is matched without its anchors: `name desc desc` and `no_such_field name desc` sort by name, descending.',
    (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        const found = list.descSuffix ? /([A-Za-z_][A-Za-z0-9_.]*)\s+desc/i.exec(raw ?? '') : null;
        return found && Object.hasOwn(list.orderFields, found[1] ?? '')
          ? order(`-${found[1]}`, list)
          : order(raw, list);
      };
    },
  ),
  fault(
    'list-order-unknown-field-default',
    ['LIST-ORDER-BY-UNKNOWN'],
    'An order_by the service cannot read falls back to the default order.',
    (b) => {
      const order = b.lists.order;
      b.lists.order = (raw, list) => {
        try {
          return order(raw, list);
        } catch {
          return order(null, list);
        }
      };
    },
  ),

  // filter
  fault(
    'list-filter-quoted-never-match',
    ['LIST-FILTER-QUOTING'],
    'A double-quoted value keeps its quotes when compared, so it matches nothing.',
    (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => (cmp.quoted ? false : correct(cmp, item, fields)));
    },
  ),
  fault('list-filter-or-as-and', ['LIST-FILTER-AND-OR'], 'OR is evaluated as AND.', (b) => {
    const matches = b.lists.matches;
    b.lists.matches = (expr, item, fields) => matches(asAnd(expr), item, fields);
  }),
  fault('list-filter-not-equal-as-equal', ['LIST-FILTER-FIELDS'], '`!=` is evaluated as `=`.', (b) => {
    evaluateWith(b, (cmp, item, fields, correct) => correct(cmp.op === '!=' ? { ...cmp, op: '=' } : cmp, item, fields));
  }),
  fault(
    'list-filter-numbers-as-text',
    ['LIST-FILTER-FIELDS'],
    'Numbers are compared as text: 0.5 is not 0.50, and 9 is above 10.',
    (b) => compareAsText(b, 'number'),
  ),
  fault(
    'list-filter-timestamps-as-text',
    ['LIST-FILTER-FIELDS'],
    'Timestamps are compared as text: `…:00Z` is not `…:00.000Z`.',
    (b) => compareAsText(b, 'timestamp'),
  ),
  fault('list-filter-tag-ignored', ['LIST-FILTER-FIELDS'], 'A tag comparison holds for every run.', (b) => {
    evaluateWith(b, (cmp, item, fields, correct) => fields[cmp.field]?.kind === 'tags' || correct(cmp, item, fields));
  }),
  fault(
    'list-filter-created-by-rejected',
    ['LIST-FILTER-FIELDS'],
    'A filter on created_by (not a field of Run) is rejected.',
    (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const expr = read(raw, list);
        if (expr && comparedFields(expr).includes('created_by'))
          throw invalidArgument('filter', '"created_by" is not a field of a run', 'query');
        return expr;
      };
    },
  ),
  fault(
    'list-filter-created-by-ignored',
    ['LIST-FILTER-FIELDS'],
    'A comparison on created_by (not a field of Run) is accepted, then holds for every run.',
    (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => cmp.field === 'created_by' || correct(cmp, item, fields));
    },
  ),
  fault(
    'list-filter-created-by-lost-in-junction',
    ['LIST-FILTER-AND-OR'],
    'Inside AND or OR, created_by is read from the run as returned, which lacks it: the comparison never holds there (alone it works).',
    (b) => {
      const matches = b.lists.matches;
      b.lists.matches = (expr, item, fields) =>
        matches(expr, expr.kind === 'cmp' ? item : without(item, 'created_by'), fields);
    },
  ),
  fault(
    'list-filter-unreadable-value-ignored',
    ['LIST-FILTER-FIELDS'],
    'A comparison whose value is no number (or no time) on a number (or timestamp) field is dropped: it holds for every item.',
    (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => {
        const kind = kindOf(fields, cmp.field);
        const unreadable = (kind === 'number' || kind === 'timestamp') && literalRank(kind, cmp.value) === undefined;
        return unreadable || correct(cmp, item, fields);
      });
    },
  ),
  fault(
    'list-filter-negative-number-unread',
    ['LIST-FILTER-FIELDS'],
    "A number's literal is read as digits and a point only: a negative one (`value > -1000000`) is no number, and its comparison never holds.",
    (b) => {
      evaluateWith(b, (cmp, item, fields, correct) => {
        const kind = kindOf(fields, cmp.field);
        return !(kind === 'number' && cmp.value.startsWith('-')) && correct(cmp, item, fields);
      });
    },
  ),
  fault(
    'list-filter-enum-bounds-exclusive',
    ['LIST-FILTER-FIELDS'],
    'On status, `>=` and `<=` leave out the value itself: they act as `>` and `<`.',
    (b) => {
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
  ),
  fault(
    'list-filter-metric-times-since',
    ['LIST-FILTER-FIELDS'],
    'Metric outputs do not show start_time and end_time (the spec does not list them), and every comparison on them acts as `>=` (a "since" bound).',
    (b) => {
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
  ),
  fault(
    'list-filter-unknown-field-ignored',
    ['LIST-FILTER-UNKNOWN-FIELD'],
    'Comparisons on fields the list does not have are dropped.',
    (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const parsed = readFilterText(raw ?? '');
        return parsed.ok ? prune(parsed.expr, (cmp) => Object.hasOwn(list.filterFields, cmp.field)) : read(raw, list);
      };
    },
  ),
  fault(
    'list-filter-unknown-field-in-junction-accepted',
    ['LIST-FILTER-UNKNOWN-FIELD'],
    'Only a filter that is one comparison has its field checked: joined by AND or OR, a field the list does not have is accepted (its comparison never holds).',
    (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        const parsed = readFilterText(raw ?? '');
        return parsed.ok && parsed.expr.kind !== 'cmp' ? parsed.expr : read(raw, list);
      };
    },
  ),
  fault(
    'list-filter-malformed-ignored',
    ['LIST-FILTER-MALFORMED'],
    'A filter that does not parse is ignored: the whole list comes back.',
    (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => (isBlank(raw) || readFilterText(raw ?? '').ok ? read(raw, list) : null);
    },
  ),
  fault(
    'list-filter-dangling-junction-accepted',
    ['LIST-FILTER-MALFORMED'],
    'A trailing AND or OR is dropped instead of refused.',
    (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => read(raw === null ? null : raw.replace(/\s+(AND|OR)\s*$/, ''), list);
    },
  ),
  fault(
    'list-filter-trailing-ignored',
    ['LIST-FILTER-MALFORMED'],
    'The parser reads comparisons while AND or OR follows, then stops without looking for the end of the text: what trails a complete expression (`status = x =`) is ignored.',
    (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => read(raw === null ? null : completePrefix(raw), list);
    },
  ),
  fault(
    'list-filter-compact-refused',
    ['LIST-FILTER-COMPACT'],
    'The filter is split on blanks into field, operator and value: a comparison without blanks around its operator (`status=COMPLETED`) is refused.',
    (b) => {
      const read = b.lists.filter;
      b.lists.filter = (raw, list) => {
        // Quoted text aside, an operator character touching anything but a blank or another operator character.
        const unquoted = withoutQuotedValues(raw ?? '');
        if (/[^\s=!<>][=!<>]|[=!<>][^\s=!<>]/.test(unquoted))
          throw invalidArgument('filter', 'expected blanks around the operator', 'query');
        return read(raw, list);
      };
    },
  ),
  fault(
    'list-filter-spaced-refused',
    ['LIST-FILTER-COMPACT'],
    'The filter is split on blanks into words: a comparison with blanks around its operator (`status = COMPLETED`) is refused (a correct choice where the specification is silent, as variation localized-pointers makes it; the strict profile asks for both forms).',
    refuseBlanksAroundOperators,
  ),
] as const satisfies readonly Fault[];

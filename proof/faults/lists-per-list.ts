// List faults on ONE list: each breaks a page_size rule (a bound, the default, page_size on
// the pages after a token) on one list endpoint and leaves the other two correct, as an
// implementer does who applies a rule on one list but not another. The list faults of
// lists.ts break a rule on all three lists at once; these show each list's checks judge it.

import type { ServedList } from '../../lib/reference/listing/tables.js';
import type { Behaviour } from '../../lib/reference/behaviour.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { fault, type Fault } from './define.js';
import { isBlank, onList, type ListId } from './list-seams.js';
import { shape, PERSONAS, second, RUNS, metrics } from '../probes/lists-per-list.js';

type PageSize = Behaviour['lists']['pageSize'];

/** page_size on list `id` as `read` has it (`correct`: the reading it replaces); the other lists keep the correct one. */
function pageSizeOn(
  b: Behaviour,
  id: ListId,
  read: (raw: string | null, list: ServedList, pageToken: string | null, correct: PageSize) => number,
): void {
  onList(b, id, 'pageSize', (correct) => (raw, list, pageToken) => read(raw, list, pageToken, correct));
}

/** page_size on list `id` refused with the reason `why` gives for the size the correct reading finds, if it gives one. */
function refusedOn(b: Behaviour, id: ListId, why: (size: number, list: ServedList) => string | undefined): void {
  pageSizeOn(b, id, (raw, list, pageToken, correct) => {
    const size = correct(raw, list, pageToken);
    const reason = why(size, list);
    if (reason !== undefined) throw invalidArgument('page_size', reason, 'query');
    return size;
  });
}

/** The maximum itself refused (`page_size < max` where `<=` was meant). */
const maxRefused = (size: number, list: ServedList): string | undefined =>
  size >= list.pageSize.max ? `must be less than ${list.pageSize.max}` : undefined;

/** The integer a page_size parameter spells, if it spells one. */
const integer = (raw: string | null): number | undefined =>
  raw !== null && /^\s*[+-]?\d+\s*$/.test(raw) ? Number(raw) : undefined;

/** Whether the request asks for a page after a token. */
const continued = (pageToken: string | null): boolean => !isBlank(pageToken);

/** The persona list's maximum page_size, which a runs or metrics handler copied. */
const PERSONAS_MAX = 100;

export const LISTS_PER_LIST_FAULTS = [
  // personas (page_size 1 to 100, default 50)
  fault({
    id: 'personas-page-size-max-rejected',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Personas only: page_size must be below 100, so the maximum itself is rejected (runs and metrics accept 1000).',
    behaviour: (b) => {
      refusedOn(b, 'personas', maxRefused);
    },
    probe: (call) => shape(call, PERSONAS, { page_size: '100' }),
    shows: [400, undefined, false],
  }),
  fault({
    id: 'personas-page-one-short',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Personas only: every page ends one item early (the slice end is off by one), so page_size 1 answers an empty page that ends the list.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) => correct(raw, list, pageToken) - 1);
    },
    probe: (call) => shape(call, PERSONAS, { page_size: '1' }),
    shows: [200, 0, false],
  }),
  fault({
    id: 'personas-page-size-negative-sliced',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Personas only: a negative page_size is not refused but used as the end of a slice: page_size -1 answers every persona but the last, more than the maximum 100.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) => {
        const asked = integer(raw);
        return asked !== undefined && asked < 0 ? asked : correct(raw, list, pageToken);
      });
    },
    probe: (call) => shape(call, PERSONAS, { page_size: '-1' }),
    shows: [200, 134, true],
  }),
  fault({
    id: 'personas-default-page-size-20',
    requirements: ['LIST-FULL-PAGES'],
    slips: ['scope'],
    description: 'Personas only: without page_size a page holds 20 personas, not 50.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) => (isBlank(raw) ? 20 : correct(raw, list, pageToken)));
    },
    probe: (call) => shape(call, PERSONAS, {}),
    shows: [200, 20, true],
  }),
  fault({
    id: 'personas-page-token-loses-page-size',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope', 'first-page'],
    description:
      'Personas only: the page after a token takes its page size from the token, which does not carry it: the default 50, whatever page_size asks.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) =>
        continued(pageToken) ? list.pageSize.default : correct(raw, list, pageToken),
      );
    },
    probe: (call) => second(call, PERSONAS, { page_size: '7' }),
    shows: [200, 50, true],
  }),
  fault({
    id: 'personas-default-page-size-lost-after-token',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope', 'first-page'],
    description:
      'Personas only: without page_size the first page holds the default 50, but a page after a token holds the maximum 100.',
    behaviour: (b) => {
      pageSizeOn(b, 'personas', (raw, list, pageToken, correct) =>
        isBlank(raw) && continued(pageToken) ? list.pageSize.max : correct(raw, list, pageToken),
      );
    },
    probe: (call) => second(call, PERSONAS, {}),
    shows: [200, 85, false],
  }),

  // runs (page_size 1 to 1000, default 50)
  fault({
    id: 'runs-page-size-max-of-personas',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      "Runs only: the handler checks page_size against the personas' maximum, so page_size above 100 (1000 included) is rejected.",
    behaviour: (b) => {
      refusedOn(b, 'runs', (size) => (size > PERSONAS_MAX ? `must be 1 to ${PERSONAS_MAX}, got ${size}` : undefined));
    },
    probe: (call) => shape(call, RUNS, { page_size: '1000' }),
    shows: [400, undefined, false],
  }),
  fault({
    id: 'runs-page-size-one-rejected',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description: 'Runs only: the lower bound is checked as `page_size > 1`, so page_size 1 is rejected.',
    behaviour: (b) => {
      refusedOn(b, 'runs', (size, list) =>
        size <= list.pageSize.min ? `must be greater than ${list.pageSize.min}` : undefined,
      );
    },
    probe: (call) => shape(call, RUNS, { page_size: '1' }),
    shows: [400, undefined, false],
  }),
  fault({
    id: 'runs-page-size-zero-empty',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Runs only: page_size 0 passes the bounds check (`< 0` instead of `< 1`) and answers an empty page that ends the list, while 140 runs exist.',
    behaviour: (b) => {
      pageSizeOn(b, 'runs', (raw, list, pageToken, correct) =>
        integer(raw) === 0 ? 0 : correct(raw, list, pageToken),
      );
    },
    probe: (call) => shape(call, RUNS, { page_size: '0' }),
    shows: [200, 0, false],
  }),
  fault({
    id: 'runs-default-page-size-100',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope'],
    description: 'Runs only: without page_size a page holds 100 runs, not 50.',
    behaviour: (b) => {
      pageSizeOn(b, 'runs', (raw, list, pageToken, correct) => (isBlank(raw) ? 100 : correct(raw, list, pageToken)));
    },
    probe: (call) => shape(call, RUNS, {}),
    shows: [200, 100, true],
  }),
  fault({
    id: 'runs-page-size-first-page-only',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope', 'first-page'],
    description: 'Runs only: page_size is honoured on the first page; the page after a token holds the default 50.',
    behaviour: (b) => {
      pageSizeOn(b, 'runs', (raw, list, pageToken, correct) =>
        continued(pageToken) ? correct(null, list, pageToken) : correct(raw, list, pageToken),
      );
    },
    probe: (call) => second(call, RUNS, { page_size: '7' }),
    shows: [200, 50, true],
  }),

  // metrics (page_size 1 to 1000, default 50)
  fault({
    id: 'metrics-page-size-max-off-by-one',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description: 'Metrics only: page_size must be below 1000, so the maximum itself is rejected with INVALID_ARGUMENT.',
    behaviour: (b) => {
      refusedOn(b, 'metrics', maxRefused);
    },
    probe: (call) => metrics(call, (path) => shape(call, path, { page_size: '1000' })),
    shows: [[400, null, false]],
  }),
  fault({
    id: 'metrics-page-size-capped-at-personas-max',
    requirements: ['LIST-FULL-PAGES'],
    slips: ['scope'],
    description:
      "Metrics only: pages silently hold at most 100 metric outputs (the personas' maximum): page_size 1000 gets 100 of 140 and a token.",
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) =>
        Math.min(PERSONAS_MAX, correct(raw, list, pageToken)),
      );
    },
    probe: (call) => metrics(call, (path) => shape(call, path, { page_size: '1000' })),
  }),
  fault({
    id: 'metrics-page-size-negative-empty',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Metrics only: a negative page_size is read as zero, so page_size -1 answers an empty page that ends the list.',
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) => {
        const asked = integer(raw);
        return asked !== undefined && asked < 0 ? 0 : correct(raw, list, pageToken);
      });
    },
    probe: (call) => metrics(call, (path) => shape(call, path, { page_size: '-1' })),
    shows: [[200, 0, false]],
  }),
  fault({
    id: 'metrics-page-one-long',
    requirements: ['LIST-PAGE-SIZE-BOUNDS'],
    slips: ['scope', 'bound'],
    description:
      'Metrics only: every page holds one item more than page_size asks (the slice end is off by one): page_size 1 answers 2.',
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) => correct(raw, list, pageToken) + 1);
    },
    probe: (call) => metrics(call, (path) => shape(call, path, { page_size: '1' })),
    shows: [[200, 2, true]],
  }),
  fault({
    id: 'metrics-default-page-size-max',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope'],
    description:
      'Metrics only: without page_size a page holds up to the maximum 1000 (every output of a simulation), not 50.',
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) =>
        isBlank(raw) ? list.pageSize.max : correct(raw, list, pageToken),
      );
    },
    probe: (call) => metrics(call, (path) => shape(call, path, {})),
  }),
  fault({
    id: 'metrics-page-size-max-after-token',
    requirements: ['LIST-PAGE-SIZE-RESPECTED'],
    slips: ['scope', 'first-page'],
    description: 'Metrics only: the page after a token holds up to the maximum 1000, whatever page_size asks.',
    behaviour: (b) => {
      pageSizeOn(b, 'metrics', (raw, list, pageToken, correct) =>
        continued(pageToken) ? list.pageSize.max : correct(raw, list, pageToken),
      );
    },
    probe: (call) => metrics(call, (path) => second(call, path, { page_size: '7' })),
  }),
] as const satisfies readonly Fault[];

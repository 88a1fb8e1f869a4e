// `--list` with BASE_URL: the checks a target's published operations beyond the 20 endpoints
// generate, grouped by the document publishing them (lib/cli/listing.ts, generatedListing).

import { describe, expect, it } from 'vitest';
import { generatedListing } from '../../lib/cli/listing.js';
import type { PublishedOperation } from '../../lib/generic/model.js';
import { publishedOperations } from '../../lib/generic/operations.js';
import { agents31, operation, widgets30 } from '../generic/fixtures.js';

const BASE = 'http://127.0.0.1:8787';
const all = () =>
  publishedOperations([
    { specName: 'widgets', document: widgets30() },
    { specName: 'agents', document: agents31() },
  ]);
const byId = (id: string): PublishedOperation => {
  const found = all().find((candidate) => candidate.id === id);
  if (!found) throw new Error(`the fixtures publish no ${id}`);
  return found;
};

describe('generatedListing', () => {
  it('lists each document once with its operations, each with its checks, whatever order they come in', () => {
    const listing = generatedListing(BASE, [byId('listWidgets'), byId('listSpecs'), byId('updateWidget')]);
    expect(listing.split('\n')).toEqual([
      `Generated from what ${BASE} publishes beyond the specification's 20 endpoints: 10 checks for 3 operations in 2 documents.`,
      '  published: widgets',
      '    listWidgets (GET /v1/widgets)',
      '      published.widgets.list-widgets.implemented: [GENERIC-IMPLEMENTED] is served, as published',
      '      published.widgets.list-widgets.auth: [GENERIC-AUTH, GENERIC-ERROR-ENVELOPE] no key and a wrong key each give UNAUTHENTICATED naming X-API-Key',
      '      published.widgets.list-widgets.read: [GENERIC-SCHEMA-PUBLISHED] answers a published status with a body matching its published schema',
      '      published.widgets.list-widgets.timestamps: [GENERIC-TIMESTAMPS] every timestamp it publishes is an ISO 8601 UTC string',
      '      published.widgets.list-widgets.pagination: [GENERIC-PAGINATION, GENERIC-ERROR-ENVELOPE] pages as the list rules say: 3 pages at page_size 7 serve what a page of 21 lists, each once; page_size 50 served; a forged page_token refused',
      '    updateWidget (PATCH /v1/widgets/{widget_id})',
      '      published.widgets.update-widget.implemented: [GENERIC-IMPLEMENTED] is served, as published',
      '      published.widgets.update-widget.auth: [GENERIC-AUTH, GENERIC-ERROR-ENVELOPE] no key and a wrong key each give UNAUTHENTICATED naming X-API-Key',
      '  published: agents',
      '    listSpecs (GET /v1/openapi)',
      '      published.agents.list-specs.implemented: [GENERIC-IMPLEMENTED] is served, as published',
      '      published.agents.list-specs.auth: [GENERIC-AUTH, GENERIC-ERROR-ENVELOPE] no key and a wrong key each give UNAUTHENTICATED naming X-API-Key',
      '      published.agents.list-specs.read: [GENERIC-SCHEMA-PUBLISHED] answers a published status with a body matching its published schema',
    ]);
  });

  it('counts every check of every operation, and each document once', () => {
    const operations = all();
    const listing = generatedListing(BASE, operations);
    const checkLines = listing.split('\n').filter((line) => line.startsWith('      published.'));
    expect(listing.split('\n')[0]).toBe(
      `Generated from what ${BASE} publishes beyond the specification's 20 endpoints: ${checkLines.length} checks for ${operations.length} operations in 2 documents.`,
    );
    expect(operations.length).toBe(9);
    expect(listing.match(/^ {2}published: /gm)).toHaveLength(2);
    expect(listing.match(/^ {4}\S/gm)).toHaveLength(9);
  });

  it('names an operation without operationId by method and path, its checks without the label', () => {
    const listing = generatedListing(BASE, [byId('GET /v1/widgets/{widget_id}')]);
    expect(listing).toContain('\n    GET /v1/widgets/{widget_id}\n');
    expect(listing).toContain('.wrapped: [GENERIC-WRAPPED] answers the resource wrapped under "widget"\n');
    expect(listing).toContain(
      '.absent: [GENERIC-ERROR-ENVELOPE] path parameters naming nothing are answered, if with an error, with the error envelope',
    );
    expect(listing).not.toMatch(/\] :/);
  });

  it('says when nothing is published beyond the 20 endpoints', () => {
    expect(generatedListing(BASE, [])).toBe(
      `Generated from what ${BASE} publishes beyond the specification's 20 endpoints: 0 checks for 0 operations in 0 documents.`,
    );
    const [head, group] = generatedListing(BASE, [operation('/v1/x', { document: 'solo' })]).split('\n');
    expect(head).toMatch(/: 3 checks for 1 operations? in 1 documents?\.$/);
    expect(group).toBe('  published: solo');
  });
});

// `--list`: the requirement catalog with the checks verifying each, narrowed by --only and --exclude,
// as text and as JSON; and with BASE_URL, the checks a target's published operations beyond the 20
// endpoints generate, grouped by the document publishing them (generatedListing).

import { describe, expect, it } from 'vitest';
import { catalogJson, catalogListing, generatedListing } from '../../lib/cli/listing.js';
import { REQUIREMENTS } from '../../lib/contract/requirements/index.js';
import { UNTESTABLE } from '../../lib/contract/untestable.js';
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

/** A suite of three checks over three requirements. */
const INVENTORY = [
  {
    id: 'agents.get',
    file: 'suites/agents.suite.ts',
    name: '[AGENT-GET] an agent is read back',
    requirements: ['AGENT-GET'],
  },
  {
    id: 'agents.create',
    file: 'suites/agents.suite.ts',
    name: '[AGENT-CREATE, AGENT-GET] a created agent is read back',
    requirements: ['AGENT-CREATE', 'AGENT-GET'],
  },
  {
    id: 'auth.missing',
    file: 'suites/auth.suite.ts',
    name: '[AUTH-MISSING-KEY] no key',
    requirements: ['AUTH-MISSING-KEY'],
  },
];
const uncovered = REQUIREMENTS.length - 3;
const lineOf = (id: string) => new RegExp(`^${id} +(MUST|SHOULD) +\\S+ +\\S`, 'm');

describe('catalogListing', () => {
  it('shows every requirement with its checks by id and title, then the totals and what cannot be tested', () => {
    const lines = catalogListing(INVENTORY).split('\n');
    const at = lines.findIndex((line) => line.startsWith('AGENT-GET '));
    expect(lines[at]).toMatch(lineOf('AGENT-GET'));
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '    verified by 2 checks:',
      '      agents.get: an agent is read back',
      '      agents.create: a created agent is read back',
    ]);
    const auth = lines.findIndex((line) => line.startsWith('AUTH-MISSING-KEY '));
    expect(lines[auth + 1]).toBe('    verified by 1 check:');
    expect(lines.filter((line) => line === '    NOT VERIFIED BY ANY CHECK')).toHaveLength(uncovered);
    expect(lines.filter((line) => /^[A-Z]/.test(line) && lineOf('[A-Z0-9-]+').test(line))).toHaveLength(
      REQUIREMENTS.length,
    );
    const must = REQUIREMENTS.filter((r) => r.level === 'MUST').length;
    expect(lines).toContain(
      `${REQUIREMENTS.length} requirements (${must} MUST, ${REQUIREMENTS.length - must} SHOULD, the latter checked with --profile strict), 3 checks, ${uncovered} requirements without a check.`,
    );
    const untestable = lines.indexOf('Not testable from outside the service:');
    expect(lines.slice(untestable + 1)).toEqual(UNTESTABLE.map((u) => `  - ${u.topic} (${u.section}): ${u.reason}`));
    expect(lines[0]).not.toMatch(/^Selected by/);
  });

  it('narrowed by --only, shows the requirements chosen or carried by a kept check, and says so', () => {
    const listing = catalogListing(INVENTORY, { only: ['agents'], exclude: [] });
    expect(listing.split('\n')[0]).toBe(
      `Selected by --only agents: 2 of ${REQUIREMENTS.length} requirements, 2 of 3 checks.`,
    );
    expect(listing).toMatch(lineOf('AGENT-CREATE'));
    expect(listing).not.toMatch(lineOf('AUTH-MISSING-KEY'));
    expect(listing).not.toContain('auth.missing');
    // The totals are the suite's, whatever the selection.
    expect(listing).toContain(`3 checks, ${uncovered} requirements without a check.`);
  });

  it('shows a requirement --only names even when --exclude leaves none of its checks', () => {
    const listing = catalogListing(INVENTORY, { only: ['AGENT-GET'], exclude: ['agents.get', 'agents.create'] });
    expect(listing.split('\n')[0]).toBe(
      `Selected by --only AGENT-GET --exclude agents.get,agents.create: 1 of ${REQUIREMENTS.length} requirements, 0 of 3 checks.`,
    );
    expect(listing).toMatch(/^AGENT-GET .*\n {4}NOT VERIFIED BY ANY CHECK$/m);
  });

  it('narrowed by --grep, keeps the checks whose id or title matches (any case), as a run does', () => {
    const listing = catalogListing(INVENTORY, { only: [], exclude: [], grep: 'AN AGENT IS READ|^auth\\.' });
    expect(listing.split('\n')[0]).toBe(
      `Selected by --grep AN AGENT IS READ|^auth\\.: 2 of ${REQUIREMENTS.length} requirements, 2 of 3 checks.`,
    );
    expect(listing).toContain('agents.get: an agent is read back');
    expect(listing).toContain('auth.missing: no key');
    expect(listing).not.toContain('agents.create:');
  });

  it('narrowed by --exclude alone, keeps the other checks and their requirements', () => {
    const listing = catalogListing(INVENTORY, { only: [], exclude: ['auth'] });
    expect(listing.split('\n')[0]).toBe(
      `Selected by --exclude auth: 2 of ${REQUIREMENTS.length} requirements, 2 of 3 checks.`,
    );
  });
});

describe('catalogJson', () => {
  it('lists the requirements shown with their checks by id, the checks kept, and what cannot be tested', () => {
    const catalog = JSON.parse(catalogJson(INVENTORY, { only: ['agents'], exclude: ['agents.create'] })) as Record<
      string,
      unknown
    >;
    const agentGet = REQUIREMENTS.find((r) => r.id === 'AGENT-GET')!;
    expect(catalog).toEqual({
      requirements: [
        {
          id: 'AGENT-GET',
          level: agentGet.level,
          area: agentGet.area,
          summary: agentGet.summary,
          checks: ['agents.get'],
        },
      ],
      checks: [
        {
          id: 'agents.get',
          file: 'suites/agents.suite.ts',
          title: 'an agent is read back',
          requirements: ['AGENT-GET'],
        },
      ],
      untestable: UNTESTABLE.map(({ topic, section, reason }) => ({ topic, section, reason })),
    });
  });

  it("adds the checks a target's published operations generate, each with its document and operation", () => {
    const operations = [byId('listWidgets')];
    const catalog = JSON.parse(catalogJson(INVENTORY, { only: [], exclude: [] }, { baseUrl: BASE, operations })) as {
      requirements: unknown[];
      generated: { baseUrl: string; checks: Array<Record<string, unknown>> };
    };
    expect(catalog.requirements).toHaveLength(REQUIREMENTS.length);
    expect(catalog.generated.baseUrl).toBe(BASE);
    const listed = generatedListing(BASE, operations)
      .split('\n')
      .filter((line) => line.startsWith('      published.'));
    expect(catalog.generated.checks.map((check) => check['id'])).toEqual(
      listed.map((line) => line.trim().split(':')[0]),
    );
    expect(catalog.generated.checks[0]).toMatchObject({
      id: 'published.widgets.list-widgets.implemented',
      document: 'widgets',
      operation: 'listWidgets (GET /v1/widgets)',
      requirements: ['GENERIC-IMPLEMENTED'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { detailNamesField, detailsName, parseDetailField } from '../../lib/assert/detail-field.js';
import { rejectsNaming } from '../../lib/assert/error-details.js';
import type { Exchange } from '../../lib/http/exchange.js';

describe('parseDetailField', () => {
  it('reads dotted, bracketed, slashed and pointer paths into keys and indexes', () => {
    expect(parseDetailField('agent.display_name')).toEqual([{ key: 'agent' }, { key: 'display_name' }]);
    expect(parseDetailField('assignees[0].email')).toEqual([{ key: 'assignees' }, { index: 0 }, { key: 'email' }]);
    expect(parseDetailField('assignees.12')).toEqual([{ key: 'assignees' }, { index: 12 }]);
    expect(parseDetailField('/assignees/0')).toEqual([{ key: 'assignees' }, { index: 0 }]);
    expect(parseDetailField('metadata["chat.endpoint"]')).toEqual([{ key: 'metadata' }, { key: 'chat.endpoint' }]);
    expect(parseDetailField("metadata['a']")).toEqual([{ key: 'metadata' }, { key: 'a' }]);
    expect(parseDetailField('agent[display_name]')).toEqual([{ key: 'agent' }, { key: 'display_name' }]);
  });

  it('unescapes JSON pointer tokens (~1 before ~0) and reads URI-fragment pointers', () => {
    expect(parseDetailField('/metadata/a~1b')).toEqual([{ key: 'metadata' }, { key: 'a/b' }]);
    expect(parseDetailField('/metadata/a~01')).toEqual([{ key: 'metadata' }, { key: 'a~1' }]);
    expect(parseDetailField('#/display%20name/0')).toEqual([{ key: 'display name' }, { index: 0 }]);
  });
});

describe('detailNamesField', () => {
  const NAMING_DISPLAY_NAME = [
    'display_name',
    'agent.display_name',
    'Agent.display_name',
    'AGENT.display_name',
    'review_project.display_name',
    'body.display_name',
    'request.display_name',
    '.body.display_name',
    '$.display_name',
    "$['display_name']",
    'agent[display_name]',
    '/display_name',
    '#/display_name',
    '/body/display_name',
    'displayName',
    'DisplayName',
    ' display_name ',
  ];
  it.each(NAMING_DISPLAY_NAME)('%s names display_name', (detail) => {
    expect(detailNamesField(detail, 'display_name')).toBe(true);
  });

  const NOT_NAMING_DISPLAY_NAME = [
    'display_name_x',
    'other',
    'name',
    'display',
    'agent.name',
    'x_display_name',
    '/display_name_x',
    '',
    'display_name.length',
    '/display_name/max',
  ];
  it.each(NOT_NAMING_DISPLAY_NAME)('%j does not name display_name', (detail) => {
    expect(detailNamesField(detail, 'display_name')).toBe(false);
  });

  const NAMING_ASSIGNEES = [
    'assignees',
    'assignees[0]',
    'assignees[12]',
    'assignees.0',
    'assignees[0].email',
    'assignees.0.email',
    '/assignees/0',
    '/assignees/0/email',
    'review_project.assignees[0]',
    'body.assignees[0]',
    'assignees[0][1]',
  ];
  it.each(NAMING_ASSIGNEES)('%s names assignees', (detail) => {
    expect(detailNamesField(detail, 'assignees')).toBe(true);
  });

  it.each(['assignee', 'assignees_x', 'linked_metric_ids[0]', 'assignees.email', '0', '[0]'])(
    '%s does not name assignees',
    (detail) => {
      expect(detailNamesField(detail, 'assignees')).toBe(false);
    },
  );

  it('matches a dotted field as a path, under any parent, indexes between its keys stepped over', () => {
    expect(detailNamesField('metadata.chat_endpoint', 'metadata.chat_endpoint')).toBe(true);
    expect(detailNamesField('/agent/metadata/chat_endpoint', 'metadata.chat_endpoint')).toBe(true);
    expect(
      detailNamesField('simulation_metadata_input.script_turns[2]', 'simulation_metadata_input.script_turns'),
    ).toBe(true);
    expect(detailNamesField('items[3].value', 'items.value')).toBe(true);
    expect(detailNamesField('chat_endpoint', 'metadata.chat_endpoint')).toBe(false);
    expect(detailNamesField('workflows.chat_endpoint', 'metadata.chat_endpoint')).toBe(false);
  });

  it('reads a pointer key with an escaped slash as one key', () => {
    expect(detailNamesField('/config_overrides/a~1b', 'a/b')).toBe(false); // a wanted field is a dotted path: `a/b` is two keys
    expect(detailNamesField('/config_overrides/a~1b', 'config_overrides')).toBe(false);
    expect(detailsName(['/config_overrides/a~1b'], ['config_overrides'], { within: true })).toBe(true);
    expect(detailNamesField('/a~0b', 'a~b')).toBe(true);
  });

  it('names a header in any case and under a request part', () => {
    for (const detail of [
      'X-API-Key',
      'x-api-key',
      'X-Api-Key',
      'headers.x-api-key',
      'header.X-API-Key',
      '/headers/x-api-key',
      'headers["X-API-Key"]',
    ]) {
      expect(detailNamesField(detail, 'X-API-Key'), detail).toBe(true);
    }
    expect(detailNamesField('Authorization', 'X-API-Key')).toBe(false);
    expect(detailNamesField('X-API-Key-Id', 'X-API-Key')).toBe(false);
  });

  it('names query parameters under query, as the request spells them', () => {
    expect(detailNamesField('query.page_size', 'page_size')).toBe(true);
    expect(detailNamesField('/query/page_size', 'page_size')).toBe(true);
    expect(detailNamesField('page_token', 'page_size')).toBe(false);
    for (const detail of ['pageSize', 'PageSize', 'page-size', 'query.pageSize'])
      expect(detailNamesField(detail, 'page_size'), detail).toBe(false);
    expect(detailNamesField('orderBy', 'order_by')).toBe(false);
    expect(detailNamesField('Filter', 'filter')).toBe(false);
  });

  it('never matches an empty wanted field', () => {
    expect(detailNamesField('display_name', '')).toBe(false);
  });
});

describe('detailsName', () => {
  it('holds when any detail names any of the fields, and not for no details', () => {
    expect(detailsName(['phone_number', 'agent.endpoint'], ['model_type', 'endpoint'])).toBe(true);
    expect(detailsName(['phone_number'], ['model_type', 'endpoint'])).toBe(false);
    expect(detailsName([], ['endpoint'])).toBe(false);
    expect(detailsName(['config_overrides.no_such_key'], ['config_overrides'])).toBe(false);
  });

  it('with `within`, also counts something inside the field', () => {
    expect(detailsName(['config_overrides'], ['config_overrides'], { within: true })).toBe(true);
    expect(detailsName(['mutation.config_overrides.no_such_key'], ['config_overrides'], { within: true })).toBe(true);
    expect(detailsName(['/config_overrides/no_such_key'], ['config_overrides'], { within: true })).toBe(true);
    expect(detailsName(['configOverrides.noSuchKey'], ['config_overrides'], { within: true })).toBe(true);
    expect(detailsName(['config_overrides_x'], ['config_overrides'], { within: true })).toBe(false);
    expect(detailsName(['other'], ['config_overrides'], { within: true })).toBe(false);
  });
});

describe('rejectsNaming', () => {
  const answer = (status: number, body: unknown): Exchange => ({
    request: { method: 'POST', url: 'http://127.0.0.1/x', headers: {} },
    response: { status, headers: {}, text: JSON.stringify(body), json: body, truncated: false },
    startedAt: 0,
    durationMs: 0,
    retries: 0,
  });
  const error = (code: string, field: string) => ({
    error: { code, message: 'm', details: [{ field, description: 'd' }] },
  });

  it('is a 4xx INVALID_ARGUMENT naming one of the fields, or something inside one', () => {
    expect(
      rejectsNaming(
        answer(400, error('INVALID_ARGUMENT', 'mutation.workflows.retries')),
        'config_overrides',
        'workflows',
      ),
    ).toBe(true);
    expect(rejectsNaming(answer(422, error('INVALID_ARGUMENT', '/config_overrides/x')), 'config_overrides')).toBe(true);
  });

  it('is nothing else: another field, another code, a 5xx, a success', () => {
    expect(rejectsNaming(answer(400, error('INVALID_ARGUMENT', 'display_name')), 'config_overrides', 'workflows')).toBe(
      false,
    );
    expect(rejectsNaming(answer(409, error('ALREADY_EXISTS', 'config_overrides')), 'config_overrides')).toBe(false);
    expect(rejectsNaming(answer(500, error('INVALID_ARGUMENT', 'config_overrides')), 'config_overrides')).toBe(false);
    expect(rejectsNaming(answer(200, { mutation: { config_overrides: {} } }), 'config_overrides')).toBe(false);
  });
});

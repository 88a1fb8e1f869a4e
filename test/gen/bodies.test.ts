// lib/gen/bodies.ts: minimal valid request bodies. Each is valid per the contract (its
// limits, and the canonical schema of the resource a server would return for it), sends
// what the spec requires, and changes exactly the field an override names.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_TYPES } from '../../lib/contract/enums.js';
import { ID_RULES, matchesIdRule } from '../../lib/contract/ids.js';
import {
  agentBody,
  dashboardBody,
  mutationBody,
  PUBLIC_CHAT_URL,
  PUBLIC_WEBHOOK_URL,
  reviewProjectBody,
  testCaseBody,
  VALID_PHONE,
} from '../../lib/gen/bodies.js';
import { alnum } from '../../lib/gen/ids.js';
import { inRangeString } from '../../lib/gen/strings.js';
import { echoIssues, limitProblems } from './valid-body.js';

/** Display names valid for every resource (1 to 200 characters by every reading). */
const displayName = inRangeString({ min: 1, max: 200 });
const E164 = /^\+[1-9]\d{1,14}$/;

/** A URL the spec's "public" reading accepts: https, a DNS name, no IP literal, no localhost. */
function isPublicHttpsUrl(text: string): boolean {
  const url = new URL(text);
  return (
    url.protocol === 'https:' &&
    !/^[\d.]+$|^\[|localhost/i.test(url.hostname) &&
    url.hostname.includes('.') &&
    url.href === text
  );
}

describe('constants', () => {
  it('VALID_PHONE is an E.164 number', () => {
    expect(VALID_PHONE).toMatch(E164);
  });

  it('the chat and webhook URLs are public HTTPS URLs no normaliser changes', () => {
    expect(isPublicHttpsUrl(PUBLIC_CHAT_URL)).toBe(true);
    expect(isPublicHttpsUrl(PUBLIC_WEBHOOK_URL)).toBe(true);
  });
});

describe('agentBody', () => {
  it('is display_name, a model type and a phone number: valid per the limits and the Agent schema', () => {
    fc.assert(
      fc.property(displayName, (name) => {
        const body = agentBody(name);
        expect(body).toEqual({ display_name: name, model_type: 'MODEL_TYPE_VOICE', phone_number: VALID_PHONE });
        expect(MODEL_TYPES).toContain(body['model_type']);
        expect(limitProblems('agent', body)).toEqual([]);
        expect(echoIssues('agent', body)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('an override replaces its field and touches no other', () => {
    const base = agentBody('cft agent');
    const over = agentBody('cft agent', { phone_number: 'sip:a@pbx.example.com', prompt: 'p' });
    expect(over).toEqual({ ...base, phone_number: 'sip:a@pbx.example.com', prompt: 'p' });
    expect(agentBody('cft agent', { display_name: 'other' })['display_name']).toBe('other');
  });

  it('with every optional field the spec lists, still valid', () => {
    const body = agentBody('cft full', {
      model_type: 'MODEL_TYPE_OUTBOUND_VOICE',
      endpoint: PUBLIC_WEBHOOK_URL,
      prompt: 'be brief',
      workflows: { steps: [] },
      metric_ids: [alnum(22, 1)],
      test_set_ids: [alnum(22, 2)],
    });
    expect(limitProblems('agent', body)).toEqual([]);
    expect(echoIssues('agent', body)).toEqual([]);
  });

  it('the helpers would see an invalid body (so the checks above can fail)', () => {
    expect(limitProblems('agent', agentBody('x'.repeat(201)))).toHaveLength(1);
    expect(limitProblems('agent', agentBody(''))).toHaveLength(1);
    expect(echoIssues('agent', agentBody('cft', { model_type: 'MODEL_TYPE_FAX' }))).not.toEqual([]);
    expect(echoIssues('agent', agentBody('cft', { metric_ids: ['short'] }))).not.toEqual([]);
  });
});

describe('mutationBody', () => {
  it('is the display name alone (the one required field), valid per the limits and the Mutation schema', () => {
    fc.assert(
      fc.property(displayName, (name) => {
        const body = mutationBody(name);
        expect(body).toEqual({ display_name: name });
        expect(limitProblems('mutation', body)).toEqual([]);
        expect(echoIssues('mutation', body)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('takes overrides beside it', () => {
    const body = mutationBody('cft m', { description: 'd', config_overrides: { prompt: 'x' } });
    expect(body).toEqual({ display_name: 'cft m', description: 'd', config_overrides: { prompt: 'x' } });
    expect(limitProblems('mutation', body)).toEqual([]);
    expect(echoIssues('mutation', body)).toEqual([]);
  });
});

describe('testCaseBody', () => {
  it('is input_str with a test_set_id of exactly 8 characters in the body, valid per the limits and the TestCase schema', () => {
    fc.assert(
      fc.property(inRangeString({ min: 1, max: 300 }), (input) => {
        const body = testCaseBody(input);
        expect(body['input_str']).toBe(input);
        expect([...(body['test_set_id'] as string)]).toHaveLength(8);
        expect(limitProblems('testCase', body)).toEqual([]);
        expect(echoIssues('test_case', body)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('an override replaces the test set', () => {
    expect(testCaseBody('in', { test_set_id: 'abcdefgh' })).toEqual({ input_str: 'in', test_set_id: 'abcdefgh' });
  });
});

describe('reviewProjectBody', () => {
  it('has all four required fields, each list with one element, valid per the limits and the ReviewProject schema', () => {
    fc.assert(
      fc.property(displayName, fc.nat(1000), (name, salt) => {
        const body = reviewProjectBody(name, alnum(22, salt), alnum(26, salt));
        expect(Object.keys(body).sort()).toEqual([
          'assignees',
          'display_name',
          'linked_metric_ids',
          'linked_simulation_ids',
        ]);
        expect(body['linked_simulation_ids']).toEqual([alnum(22, salt)]);
        expect(body['linked_metric_ids']).toEqual([alnum(26, salt)]);
        expect(limitProblems('reviewProject', body)).toEqual([]);
        expect(echoIssues('review_project', body)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('the assignee is an e-mail address, and the simulation id given fits the simulation ID rule', () => {
    const body = reviewProjectBody('cft rp', alnum(22, 1), alnum(22, 2));
    expect(body['assignees']).toEqual([expect.stringMatching(/^[^@\s]+@[^@\s]+\.[a-z]+$/)]);
    expect(matchesIdRule(ID_RULES.simulation, (body['linked_simulation_ids'] as string[])[0])).toBe(true);
  });

  it('an override replaces its field', () => {
    expect(reviewProjectBody('n', 's', 'm', { assignees: ['a@example.com', 'b@example.com'] })['assignees']).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });
});

describe('dashboardBody', () => {
  it('is the display name alone, valid for display names of up to 255 characters', () => {
    fc.assert(
      fc.property(inRangeString({ min: 1, max: 255 }), (name) => {
        const body = dashboardBody(name);
        expect(body).toEqual({ display_name: name });
        expect(limitProblems('dashboard', body)).toEqual([]);
        expect(echoIssues('dashboard', body)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});

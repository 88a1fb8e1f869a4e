// Round 16 of the independent fault writers: slips written from the specification alone, each
// one behaviour changed, each shown by its probe on both services.

import { alreadyExists } from '../../lib/reference/http/errors.js';
import type { MutationRecord } from '../../lib/reference/store/records.js';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, presentWith, respondWith } from './define.js';

const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** A new VOICE agent's id (each probe makes its own). */
async function newAgent(call: Call, extra: JsonObject = {}): Promise<string> {
  const created = await call('POST', '/v1/agents', {
    body: { display_name: 'ind16 probe agent', model_type: 'MODEL_TYPE_VOICE', ...extra },
  });
  return String(created.body?.agent?.id);
}

const mutationsOf = (agentId: string) => `/v1/agents/${agentId}/mutations`;

export const INDEPENDENT_16_FAULTS = [
  fault({
    id: 'ind16-mutation-name-reusable-once',
    requirements: ['MUTATION-DISPLAY-NAME-REUSABLE'],
    slips: ['state'],
    description:
      'Mutation names are held unique by an index on (agent, display_name, deleted), the soft-delete flag included: a name is free again after one deletion, but deleting the second mutation of that name collides with the first deleted one, so the DELETE answers ALREADY_EXISTS and the mutation stays active, keeping the name taken.',
    behaviour: (b) => {
      const deletes = b.mutationRules.deletes;
      b.mutationRules = {
        ...b.mutationRules,
        deletes: (target, all) => {
          const collides = (other: MutationRecord) =>
            other !== target &&
            other.deleted &&
            !target.deleted &&
            other.agent_id === target.agent_id &&
            other.display_name === target.display_name;
          if (all.some(collides)) throw alreadyExists('display_name', 'a deleted mutation already holds this name');
          return deletes(target, all);
        },
      };
    },
    probe: async (call) => {
      const agentId = await newAgent(call);
      const name = { display_name: 'Reused variant' };
      const first = await call('POST', mutationsOf(agentId), { body: name });
      await call('DELETE', `${mutationsOf(agentId)}/${first.body?.mutation?.id}`);
      const second = await call('POST', mutationsOf(agentId), { body: name });
      const deleteSecond = await call('DELETE', `${mutationsOf(agentId)}/${second.body?.mutation?.id}`);
      const third = await call('POST', mutationsOf(agentId), { body: name });
      return { second: second.status, deleteSecond: deleteSecond.status, third: third.status };
    },
    shows: { second: 200, deleteSecond: 409, third: 409 },
  }),
  fault({
    id: 'ind16-chat-response-format-substring',
    requirements: ['CHAT-RESPONSE-FORMAT'],
    slips: ['broken'],
    description:
      "A CHAT agent's response_format is checked with `'chat_completions|responses'.includes(value)`, a substring test where membership was meant: `completions` (or `responses|chat`) is accepted and stored.",
    behaviour: (b) => {
      const chat = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
      b.agentRules = {
        ...b.agentRules,
        config: {
          ...b.agentRules.config,
          MODEL_TYPE_CHAT: {
            ...chat,
            response_format: (c, k) => {
              const value = c.string(k);
              if (value !== null && !'chat_completions|responses'.includes(value))
                c.fail(k, 'must be chat_completions or responses');
            },
          },
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: {
          display_name: 'ind16 chat',
          model_type: 'MODEL_TYPE_CHAT',
          metadata: { chat_endpoint: 'https://chat.example.com/v1/messages', response_format: 'completions' },
        },
      });
      return { status: answer.status, response_format: answer.body?.agent?.metadata?.response_format ?? null };
    },
    shows: { status: 200, response_format: 'completions' },
  }),
  fault({
    id: 'ind16-auth-key-nfkc',
    requirements: ['AUTH-INVALID-KEY'],
    slips: ['broken'],
    description:
      'Header values pass a Unicode compatibility normalisation (NFKC, meant to tidy text headers) before the key is compared: the valid key written with full-width letters (`ｒｅｆ-…`), another string, is accepted.',
    behaviour: (b) => {
      const accepts = b.auth.accepts;
      b.auth.accepts = (endpoint, presented) => accepts(endpoint, presented?.normalize('NFKC'));
      const presented = b.auth.presented;
      b.auth.presented = (req) => {
        const raw = req.headers['x-api-key'];
        // The header's bytes read as UTF-8 (Node hands them over as Latin-1).
        const value = presented(req);
        return typeof raw === 'string' && value !== undefined ? Buffer.from(value, 'latin1').toString('utf8') : value;
      };
    },
    probe: async (call) => {
      const wide = Buffer.from('ｒｅｆ-test-key-0001', 'utf8').toString('latin1');
      const answer = await call('GET', `/v1/scheduled-runs/${FIXTURES.scheduledRunId}`, { key: wide });
      return answer.status;
    },
    shows: 200,
  }),
] as const;

/** Faults of this round that no check detects yet, with the class of check each needs (none known yet). */
export const UNDETECTED: Readonly<Record<string, string>> = {};

// Independent faults, round 35: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Review (coordinator): 15 written, 1 dropped: `ind35-waf-blocks-missing-user-agent` (a firewall refusing requests
// without a User-Agent: a deployment's choice, AWS WAF's managed core rule set makes it by default; a user agent SHOULD
// send one, RFC 9110 10.1.5). It showed the suite sent none: every request now names the suite.
// Against the suite at c4add5e, as written: 11 of 14 detected, 3 missed; at d3f6d4d (every class of the session), the same.

import { gunzipSync, gzipSync } from 'node:zlib';
import { flattenToStrings } from '../../lib/reference/validation/mutations.js';
import type { JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { fault, type Fault, lastRequest } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {
  'ind35-duplicate-name-error-json-by-hand':
    'Error answers stay JSON whatever value they quote: a refusal of a value holding a double quote, a backslash or a control character (an ALREADY_EXISTS of such a name, an INVALID_ARGUMENT of such a field) parses as the error object, on every write that can refuse one.',
  'ind35-override-key-error-sticks-to-agent':
    'A refusal leaves no trace in later validation: after each kind of refused write (an unknown override key, a value too long), the same parent accepts a valid write of the same kind at once.',
};

/** A new VOICE agent with a prompt, its id. */
async function newAgent(call: Call, name: string): Promise<string> {
  const answer = await call('POST', '/v1/agents', {
    body: { display_name: name, model_type: 'MODEL_TYPE_VOICE', prompt: 'Be helpful.' },
  });
  return String(answer.body.agent.id);
}

/** A new mutation of the agent, its answer's resource. */
async function newMutation(call: Call, agentId: string, body: JsonObject): Promise<JsonObject> {
  const answer = await call('POST', `/v1/agents/${agentId}/mutations`, { body });
  return (answer.body.mutation ?? { status: answer.status }) as JsonObject;
}

/** A SQL LIKE pattern as a regular expression: `_` one character, `%` any run, the rest itself. */
function likePattern(pattern: string): RegExp {
  const body = [...pattern]
    .map((c) => (c === '_' ? '.' : c === '%' ? '.*' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 's');
}

const FAULTS_35 = [
  fault({
    id: 'ind35-mutation-name-unique-like-wildcards',
    requirements: ['MUTATION-CREATE', 'MUTATION-DISPLAY-NAME-UNIQUE'],
    slips: ['broken'],
    description:
      "A mutation's display_name is held unique by a query `WHERE agent_id = ? AND display_name LIKE ? AND NOT deleted` (LIKE chosen for its collation), the new name bound as the pattern without escaping: a name holding `_` or `%` collides with every active name of the agent it matches, so `Variant_1` is refused with ALREADY_EXISTS once `Variant-1` exists, though the two names differ.",
    behaviour: (b) => {
      b.mutationRules = {
        ...b.mutationRules,
        nameTakenBy: (other, agentId, displayName) =>
          other.agent_id === agentId && !other.deleted && likePattern(displayName).test(other.display_name),
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call, 'Wildcard agent');
      await newMutation(call, agent, { display_name: 'Variant-1' });
      const second = await call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: 'Variant_1' } });
      return { status: second.status, code: second.body?.error?.code ?? null };
    },
    shows: { status: 409, code: 'ALREADY_EXISTS' },
  }),

  fault({
    id: 'ind35-mutation-redelete-removes-name-successor',
    requirements: ['MUTATION-DELETE-IDEMPOTENT', 'MUTATION-GET', 'MUTATION-DELETE-GONE'],
    slips: ['state'],
    description:
      "A mutation DELETE soft-deletes by the key the name index holds, `UPDATE mutations SET deleted = true WHERE agent_id = ? AND display_name = (SELECT display_name FROM mutations WHERE id = ?)`: a first DELETE removes the mutation alone, but once a new mutation has taken the deleted one's name (which the specification allows), a second DELETE of the old id, which must merely succeed again, also deletes the new mutation, whose GET then answers NOT_FOUND.",
    behaviour: (b) => {
      b.mutationRules = {
        ...b.mutationRules,
        deletes: (target, all) =>
          all.filter((m) => m.agent_id === target.agent_id && m.display_name === target.display_name),
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call, 'Redelete agent');
      const first = await newMutation(call, agent, { display_name: 'Calm tone' });
      await call('DELETE', `/v1/agents/${agent}/mutations/${String(first.id)}`);
      const successor = await newMutation(call, agent, { display_name: 'Calm tone' });
      const again = await call('DELETE', `/v1/agents/${agent}/mutations/${String(first.id)}`);
      const read = await call('GET', `/v1/agents/${agent}/mutations/${String(successor.id)}`);
      return { redelete: again.status, successor: read.status };
    },
    shows: { redelete: 200, successor: 404 },
  }),

  fault({
    id: 'ind35-parameter-values-accumulated-across-creations',
    requirements: ['MUTATION-PARAMETER-VALUES-DERIVED', 'MUTATION-GET'],
    slips: ['read-back'],
    description:
      "parameter_values left out are derived by a flattening helper whose result dictionary is a default argument (`def flatten(value, prefix=\"\", out={})`, Python's shared mutable default): every derivation adds its pairs to the one dictionary every earlier derivation filled, and each mutation stores that dictionary. A mutation overriding display_name alone, created after another agent's mutation overrode prompt, derives `{prompt: ..., display_name: ...}`, and the earlier mutation's GET shows the later pair too.",
    behaviour: (b) => {
      const shared: Record<string, string> = {};
      b.mutationRules = {
        ...b.mutationRules,
        parameterValues: (given, overrides) => given ?? Object.assign(shared, flattenToStrings(overrides)),
      };
    },
    probe: async (call) => {
      const calm = await newAgent(call, 'Derivation agent A');
      const other = await newAgent(call, 'Derivation agent B');
      await newMutation(call, calm, { display_name: 'Calmer', config_overrides: { prompt: 'Be calm.' } });
      const renamed = await newMutation(call, other, {
        display_name: 'Renamed',
        config_overrides: { display_name: 'Renamed agent' },
      });
      return Object.keys(renamed.parameter_values as JsonObject).sort();
    },
    shows: ['display_name', 'prompt'],
  }),

  fault({
    id: 'ind35-answer-second-content-length-in-characters',
    requirements: ['HTTP-MESSAGE-FRAMING', 'AGENT-CREATE'],
    slips: { 'HTTP-MESSAGE-FRAMING': ['unit'], 'AGENT-CREATE': ['broken'] },
    description:
      'A response middleware appends its own Content-Length, the JSON text\'s length in characters, to answers the framework has already framed by their UTF-8 bytes (`res.append("Content-Length", body.length)`, written for an ASCII-only proxy): an answer whose text is ASCII carries the one value twice, which HTTP lets a client read, but one holding non-ASCII text (an agent named `Café`) carries two different Content-Length values, a message no HTTP client can frame (RFC 9112 6.3), so the create is unreadable.',
    behaviour: (b) => {
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = code(req, bytes);
        const characters = bytes.toString('utf8').length;
        if (coded.bytes !== bytes || characters === bytes.length) return coded;
        const both = [String(bytes.length), String(characters)] as unknown as string;
        return { bytes: coded.bytes, headers: { ...coded.headers, 'Content-Length': both } };
      };
    },
    probe: async (call) => {
      try {
        const answer = await call('POST', '/v1/agents', {
          body: { display_name: 'Café agent', model_type: 'MODEL_TYPE_VOICE' },
        });
        return answer.status;
      } catch {
        return 'unframed';
      }
    },
    shows: 'unframed',
  }),
  fault({
    id: 'ind35-duplicate-name-error-json-by-hand',
    requirements: ['ERROR-ENVELOPE', 'MUTATION-DUPLICATE-ALREADY-EXISTS'],
    slips: ['scope'],
    description:
      'The ALREADY_EXISTS answer of a mutation create is written by hand from a template (`{"error": {"code": "ALREADY_EXISTS", "message": "a mutation named %s already exists", ...}}`), the name put in unescaped, while every other answer is serialized: a duplicate of a name holding a double quote or a backslash (`Say "hi"`) is answered with text that is not JSON, so the error object cannot be read; other duplicates read as before.',
    behaviour: (b) => {
      const byHand = (text: string): string => {
        if (!text.startsWith('{"error":{"code":"ALREADY_EXISTS"')) return text;
        const error = (JSON.parse(text) as { error: { message: string } }).error;
        const name = /named "(.*)"$/s.exec(error.message)?.[1] ?? '';
        return `{"error":{"code":"ALREADY_EXISTS","message":"a mutation named ${name} already exists","details":[{"field":"display_name","description":"already taken"}]}}`;
      };
      const length = b.contentLength;
      const bytes = b.responseBytes;
      b.contentLength = (text) => length(byHand(text));
      b.responseBytes = (text) => bytes(byHand(text));
    },
    probe: async (call) => {
      const agent = await newAgent(call, 'Quoted names agent');
      await newMutation(call, agent, { display_name: 'Say "hi"' });
      const again = await call('POST', `/v1/agents/${agent}/mutations`, { body: { display_name: 'Say "hi"' } });
      return { status: again.status, errorRead: typeof again.body === 'object' ? again.body.error.code : null };
    },
    shows: { status: 409, errorRead: null },
  }),

  fault({
    id: 'ind35-review-rules-need-two-assignees',
    requirements: ['REVIEW-PROJECT-RULES', 'REVIEW-PROJECT-CREATE'],
    slips: ['broken'],
    description:
      'project_rules `require_disagreement_notes` is read as notes on disagreements between reviewers (not between ground truth and model output, as the specification defines it): a project carrying the rule with a single assignee, where no two reviewers can disagree, is refused with INVALID_ARGUMENT naming project_rules; with two assignees or more, or without the rule, it is created.',
    behaviour: (b) => {
      const rules = b.reviewProjectFields.project_rules;
      b.reviewProjectFields = {
        ...b.reviewProjectFields,
        project_rules: (f) => {
          const read = rules(f);
          const assignees = f.strings('assignees') ?? [];
          if (read?.includes('require_disagreement_notes') && assignees.length < 2)
            f.fail('project_rules', 'require_disagreement_notes needs at least two assignees to disagree');
          return read;
        },
      };
    },
    probe: async (call) => {
      const project = (assignees: string[]) => ({
        display_name: 'Rules review',
        assignees,
        linked_simulation_ids: ['AbCdEfGhIjKlMnOpQrStUv'],
        linked_metric_ids: ['MeTrIcAbCdEfGhIjKlMnOp'],
        project_rules: ['require_disagreement_notes'],
      });
      const one = await call('POST', '/v1/review-projects', { body: project(['lead@example.com']) });
      const two = await call('POST', '/v1/review-projects', {
        body: project(['lead@example.com', 'second@example.com']),
      });
      return { one: one.status, two: two.status };
    },
    shows: { one: 400, two: 200 },
  }),

  fault({
    id: 'ind35-workflows-nested-lists-refused',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: ['broken'],
    description:
      'Agents are kept in a document store that holds no list directly inside a list (as Firestore), and the create checks for it to give a clean error: workflows (valid JSON, "workflow configuration") holding a list of lists, such as a routing table `{"routes": [["billing", "queue-b"]]}`, are refused with INVALID_ARGUMENT naming workflows; lists of objects and of scalars pass.',
    behaviour: (b) => {
      const nestedList = (value: unknown): boolean =>
        Array.isArray(value)
          ? value.some((item) => Array.isArray(item) || nestedList(item))
          : typeof value === 'object' && value !== null && Object.values(value).some(nestedList);
      const workflows = b.agentRules.fields.workflows;
      b.agentRules.fields = {
        ...b.agentRules.fields,
        workflows: (f, request) => {
          const read = workflows(f, request);
          if (nestedList(read)) f.fail('workflows', 'lists may not hold lists');
          return read;
        },
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Routing agent',
          model_type: 'MODEL_TYPE_VOICE',
          workflows: { routes: [['billing', 'queue-b']] },
        },
      });
      return answer.status;
    },
    shows: 400,
  }),

  fault({
    id: 'ind35-overrides-size-measured-indented',
    requirements: ['MUTATION-CONFIG-OVERRIDES-SIZE', 'MUTATION-CREATE'],
    slips: { 'MUTATION-CONFIG-OVERRIDES-SIZE': ['unit'], 'MUTATION-CREATE': ['broken'] },
    description:
      "config_overrides' 10 KB is measured on the text the service logs and stores it as, `json.dumps(overrides, indent=2)`, line breaks and indentation included: overrides whose JSON is 9 KB, within the limit, take over 10 KB once indented and are refused with INVALID_ARGUMENT naming config_overrides.",
    behaviour: (b) => {
      b.limits = {
        ...b.limits,
        'mutation.config_overrides': {
          ...b.limits['mutation.config_overrides'],
          measure: (value) => Buffer.byteLength(JSON.stringify(value, null, 2)),
        },
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: { display_name: 'Wide workflows agent', model_type: 'MODEL_TYPE_VOICE', workflows: { steps: 1 } },
      });
      const agent = String(created.body.agent.id);
      const steps = Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`k${String(i).padStart(3, '0')}`, 'v']));
      const answer = await call('POST', `/v1/agents/${agent}/mutations`, {
        body: { display_name: 'Many steps', config_overrides: { workflows: steps } },
      });
      return { compactBytes: JSON.stringify({ workflows: steps }).length, status: answer.status };
    },
    shows: { compactBytes: 8815, status: 400 },
  }),
  fault({
    id: 'ind35-override-key-error-sticks-to-agent',
    requirements: ['MUTATION-CONFIG-OVERRIDES-KEYS', 'MUTATION-CREATE'],
    slips: ['state'],
    description:
      'config_overrides are checked by a validator built once per parent agent from its configuration keys and cached, whose list of errors is never cleared between requests: once a create under an agent was refused for a key its configuration lacks, every later create under that agent that carries config_overrides is refused with the same error, existing keys (`prompt`) included; creates without overrides, and under other agents, pass.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const agentOf = (): string =>
        /^\/v1\/agents\/([^/]+)\/mutations$/.exec(new URL(String(request()?.url), 'http://x').pathname)?.[1] ?? '';
      const kept = new Map<string, string>();
      const details = b.errors.details;
      b.errors.details = (error) => {
        const first = error.details[0];
        if (first?.field === 'config_overrides' && first.description.includes('does not exist'))
          kept.set(agentOf(), first.description);
        return details(error);
      };
      const overrides = b.mutationRules.fields.config_overrides;
      b.mutationRules = {
        ...b.mutationRules,
        fields: {
          ...b.mutationRules.fields,
          config_overrides: (f, body) => {
            const read = overrides(f, body);
            const error = kept.get(agentOf());
            if (error !== undefined && Object.keys(read).length > 0) f.fail('config_overrides', error);
            return read;
          },
        },
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call, 'Sticky validator agent');
      const create = async (body: JsonObject) => (await call('POST', `/v1/agents/${agent}/mutations`, { body })).status;
      const stray = await create({ display_name: 'Stray', config_overrides: { tone: 'warm' } });
      const existing = await create({ display_name: 'Calmer', config_overrides: { prompt: 'Be calm.' } });
      const plain = await create({ display_name: 'Plain' });
      return { stray, existing, plain };
    },
    shows: { stray: 400, existing: 400, plain: 200 },
  }),
  fault({
    id: 'ind35-mutation-read-touches-update-time',
    requirements: ['MUTATION-UPDATE-TIME-NULL', 'MUTATION-GET'],
    slips: ['state'],
    description:
      "GET of a mutation records when it was last viewed (`UPDATE mutations SET last_viewed_at = now()` after the read, for the dashboard's recently-viewed list), and the table's update_time is declared `ON UPDATE CURRENT_TIMESTAMP`, so the bookkeeping write stamps it: a mutation never updated reads with update_time null the first time, and with the time of the previous read on every later GET.",
    behaviour: (b) => {
      const request = lastRequest(b);
      const present = b.present;
      b.present = (kind, view, record) => {
        const shaped = present(kind, view, record);
        if (kind === 'mutation' && request()?.method === 'GET') {
          const touched = record as { update_time: number | null; create_time: number };
          touched.update_time = Math.max(Date.now(), touched.create_time);
        }
        return shaped;
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call, 'Viewed mutations agent');
      const mutation = await newMutation(call, agent, { display_name: 'Viewed' });
      const path = `/v1/agents/${agent}/mutations/${String(mutation.id)}`;
      const first = await call('GET', path);
      const second = await call('GET', path);
      return {
        created: mutation.update_time,
        firstRead: first.body.mutation.update_time,
        secondRead: second.body.mutation.update_time === null ? null : 'a timestamp',
      };
    },
    shows: { created: null, firstRead: null, secondRead: 'a timestamp' },
  }),
  fault({
    id: 'ind35-small-answer-labelled-gzip-uncoded',
    requirements: ['RESPONSE-ACCEPT-JSON'],
    slips: ['scope'],
    description:
      'The compression step decides to code an answer when its headers are written (the client offers gzip) and sets `Content-Encoding: gzip` then, but skips the coding itself for bodies under its 1 KiB threshold: a small answer to a request offering gzip (a mutation create, the `{}` of a DELETE, most refusals) is labelled gzip while its bytes are the plain JSON, which a client decoding as labelled cannot read; larger answers are coded and labelled alike.',
    behaviour: (b) => {
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = code(req, bytes);
        const offered = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
        if (!offered || coded.bytes !== bytes) return coded;
        return bytes.length < 1024
          ? { bytes, headers: { ...coded.headers, 'Content-Encoding': 'gzip' } }
          : { bytes: gzipSync(bytes), headers: { ...coded.headers, 'Content-Encoding': 'gzip' } };
      };
    },
    probe: async (call) => {
      const agent = await newAgent(call, 'Compression agent');
      const answer = await call('POST', `/v1/agents/${agent}/mutations`, {
        headers: { 'Accept-Encoding': 'gzip' },
        body: { display_name: 'Small answer' },
      });
      const label = answer.headers['content-encoding'] ?? null;
      let read: string;
      try {
        const text = label === 'gzip' ? gunzipSync(answer.bytes).toString('utf8') : answer.text;
        read = typeof JSON.parse(text) === 'object' ? 'JSON' : 'other';
      } catch {
        read = 'undecodable';
      }
      return { label, read };
    },
    shows: { label: 'gzip', read: 'undecodable' },
  }),

  fault({
    id: 'ind35-large-answer-gzipped-twice',
    requirements: ['RESPONSE-ACCEPT-JSON', 'AGENT-GET'],
    slips: ['broken'],
    description:
      "Answers over 8 KiB to a request offering gzip are compressed twice, by the application's compression middleware and again by the reverse proxy in front of it (configured to gzip JSON, and unaware the body already is), while the proxy overwrites the one Content-Encoding: gzip label instead of listing both codings: a client that decodes as labelled gets gzip bytes, not JSON. Small answers, and requests that offer no coding, are unaffected.",
    behaviour: (b) => {
      const code = b.codeAnswer;
      b.codeAnswer = (req, bytes) => {
        const coded = code(req, bytes);
        const offered = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
        if (!offered || coded.bytes !== bytes || bytes.length <= 8192) return coded;
        return { bytes: gzipSync(gzipSync(bytes)), headers: { ...coded.headers, 'Content-Encoding': 'gzip' } };
      };
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: {
          display_name: 'Long prompt agent',
          model_type: 'MODEL_TYPE_VOICE',
          prompt: 'Be patient. '.repeat(1000),
        },
      });
      const answer = await call('GET', `/v1/agents/${String(created.body.agent.id)}`, {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      const label = answer.headers['content-encoding'] ?? null;
      const decoded = label === 'gzip' ? gunzipSync(answer.bytes) : answer.bytes;
      let read: string;
      try {
        read = typeof JSON.parse(decoded.toString('utf8')) === 'object' ? 'JSON' : 'other';
      } catch {
        read = decoded[0] === 0x1f && decoded[1] === 0x8b ? 'gzip bytes' : 'other';
      }
      return { label, read };
    },
    shows: { label: 'gzip', read: 'gzip bytes' },
  }),
  fault({
    id: 'ind35-raw-control-characters-in-strings-accepted',
    requirements: ['REQUEST-MALFORMED-JSON'],
    slips: ['broken'],
    description:
      'Request bodies are parsed with `json.loads(text, strict=False)` (set so that prompts pasted with their line breaks go through): a string holding a raw line break or tab, which JSON forbids (control characters in strings must be escaped, RFC 8259 7), is accepted instead of being refused as malformed, and the prompt is stored with the line break.',
    behaviour: (b) => {
      const body = b.requestBody;
      b.requestBody = (text, headers) => {
        let inString = false;
        let escaped = false;
        let out = '';
        for (const c of body(text, headers)) {
          if (inString && !escaped && c < ' ') out += `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
          else out += c;
          if (escaped) escaped = false;
          else if (c === '\\') escaped = inString;
          else if (c === '"') inString = !inString;
        }
        return out;
      };
    },
    probe: async (call) => {
      const answer = await call('POST', '/v1/agents', {
        raw: '{"display_name": "Pasted prompt agent", "model_type": "MODEL_TYPE_VOICE", "prompt": "Line one\nLine two"}',
      });
      return { status: answer.status, prompt: answer.body?.agent?.prompt ?? null };
    },
    shows: { status: 200, prompt: 'Line one\nLine two' },
  }),
  fault({
    id: 'ind35-answers-ascii-escaped-by-code-point',
    requirements: ['AGENT-CREATE', 'READ-BACK-UNCHANGED'],
    slips: { 'AGENT-CREATE': ['broken'], 'READ-BACK-UNCHANGED': ['unit'] },
    description:
      'Answers are written ASCII-only by a hand-made escaper (kept from a client that mangled UTF-8) that writes every non-ASCII character as `\\u` and its code point in hexadecimal, at least four digits: right for the Basic Multilingual Plane (`é` as `\\u00e9`), but an astral character gets five digits where JSON wants a surrogate pair, so `🚀` (U+1F680) is written `\\u1f680`, which JSON reads as U+1F68 followed by `0`: a display_name with an emoji comes back as other text, on every answer.',
    behaviour: (b) => {
      const escaped = (text: string): string =>
        [...text]
          .map((c) => (c < '\u0080' ? c : `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`))
          .join('');
      const length = b.contentLength;
      const bytes = b.responseBytes;
      b.contentLength = (text) => length(escaped(text));
      b.responseBytes = (text) => bytes(escaped(text));
    },
    probe: async (call) => {
      const created = await call('POST', '/v1/agents', {
        body: { display_name: 'Launch 🚀 café', model_type: 'MODEL_TYPE_VOICE' },
      });
      return created.body.agent.display_name;
    },
    shows: 'Launch \u1f680 café',
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_35_FAULTS: readonly Fault<(typeof FAULTS_35)[number]['id']>[] = FAULTS_35;

// Independent faults, round 30: written from the specification and the reference alone, without
// reading the suite's checks (issue #30, point 4).
//
// Review (coordinator): 7 written, none dropped. Against the suite at 3e8591c, as written: 6 of 7 detected, 1 missed (14 %).

import { connect, isIP } from 'node:net';
import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { invalidArgument } from '../../lib/reference/http/errors.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';
import { isPublicHttpUrl } from '../../lib/reference/validation/formats.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';
import type { Call } from '../probes/call.js';
import { DEFAULT_API_KEY, type Behaviour } from '../../lib/reference/behaviour.js';
import type { DashboardRecord } from '../../lib/reference/store/records.js';
import { fault, type Fault, lastRequest, presentWith, respondWith } from './define.js';

/** The faults of this round no check detects yet, with the class of check each needs. */
export const UNDETECTED: Readonly<Record<string, string>> = {};

/** The fixtures the embedded service is seeded with (the ids the suite's settings name). */
const FIXTURES = seedStore(ALPHANUMERIC).fixtures;

/** The host of a URL as a legacy parser reads it: the text between the scheme and the port, path or query, as written. */
const hostAsWritten = (value: string): string =>
  /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^:/?#]*)/.exec(value)?.[1] ?? '';

/** A chat_endpoint check whose private-address screen accepts what `passes` says, the rest as the reference checks it. */
function chatEndpointAlsoPassing(b: Behaviour, passes: (url: URL, value: string) => boolean): void {
  const rules = b.agentRules.config.MODEL_TYPE_CHAT ?? {};
  const test = (value: string): boolean => {
    if (isPublicHttpUrl(value)) return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && passes(url, value);
    } catch {
      return false;
    }
  };
  b.agentRules = {
    ...b.agentRules,
    config: {
      ...b.agentRules.config,
      MODEL_TYPE_CHAT: {
        ...rules,
        chat_endpoint: (c, k) =>
          void c.string(k, {
            required: true,
            check: { test, description: 'an HTTP or HTTPS URL whose host is not localhost or a private address' },
          }),
      },
    },
  };
}

/** The status of a CHAT agent creation for each chat_endpoint, in order. */
async function chatEndpointStatuses(call: Call, endpoints: readonly string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const endpoint of endpoints) {
    const created = await call('POST', '/v1/agents', {
      body: { display_name: 'Support bot', model_type: 'MODEL_TYPE_CHAT', metadata: { chat_endpoint: endpoint } },
    });
    statuses.push(created.status);
  }
  return statuses;
}

/** A request written by hand on a socket of its own (`Connection: close`): the answer's Content-Length and its body's bytes as received. */
async function framedAnswer(
  call: Call,
  method: string,
  path: string,
  key: string,
): Promise<{ length: number; body: Buffer }> {
  const listing = await call('GET', '/v1/openapi');
  const url = new URL(String((listing.body.specs as { url: string }[])[0]?.url));
  const received = await new Promise<Buffer>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nX-API-Key: ${key}\r\nConnection: close\r\n\r\n`);
  });
  const end = received.indexOf('\r\n\r\n');
  const head = received.subarray(0, end).toString('latin1');
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? -1);
  return { length, body: received.subarray(end + 4) };
}

/** Creates an agent and reads it back: the GET's agent. */
async function createdAndRead(call: Call, body: JsonObject): Promise<JsonObject> {
  const created = await call('POST', '/v1/agents', { body });
  const id = String((created.body as { agent?: JsonObject }).agent?.id);
  const read = await call('GET', `/v1/agents/${id}`);
  return (read.body as { agent: JsonObject }).agent;
}

/** The value without the object members named by the empty string, at every depth. */
function withoutEmptyNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyNames);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '')
      .map(([key, item]) => [key, withoutEmptyNames(item)]),
  );
}

const FAULTS_30 = [
  fault({
    id: 'ind30-chat-endpoint-mapped-loopback-accepted',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['scope'],
    description:
      'chat_endpoint screens an IPv6 host against the IPv6 private ranges alone (::1, fc00::/7, fe80::/10), without reading an IPv4-mapped address (`::ffff:0:0/96`) as the IPv4 address it carries: `http://[::ffff:127.0.0.1]/chat`, the loopback address in IPv6 form, is accepted, and so is `http://[::ffff:10.0.0.1]/chat`; `http://127.0.0.1/chat` and `http://[::1]/chat` are still refused.',
    behaviour: (b) => chatEndpointAlsoPassing(b, (url) => /^\[::ffff:/i.test(url.hostname)),
    probe: async (call) => {
      const [mapped, plain] = await chatEndpointStatuses(call, [
        'http://[::ffff:127.0.0.1]/chat',
        'http://127.0.0.1/chat',
      ]);
      return { mapped, plain };
    },
    shows: { mapped: 200, plain: 400 },
  }),

  fault({
    id: 'ind30-chat-endpoint-numeric-ipv4-host',
    requirements: ['CHAT-ENDPOINT-PUBLIC'],
    slips: ['broken'],
    description:
      "chat_endpoint's host is screened as a legacy URL parser reads it, the text as written, which takes an IPv4 address written as one number or in hexadecimal or octal parts (`http://2130706433/chat`, `http://0x7f.0.0.1/chat`, `http://0177.0.0.1/chat`) for a host name, while the URL standard (and every HTTP client that later calls it) reads it as 127.0.0.1: the loopback and private addresses in those forms are accepted. Dotted decimal addresses are still refused.",
    behaviour: (b) =>
      chatEndpointAlsoPassing(b, (url, value) => {
        const written = hostAsWritten(value);
        return isIP(url.hostname) === 4 && written !== url.hostname && isIP(written) === 0;
      }),
    probe: async (call) => {
      const [decimal, hex, dotted] = await chatEndpointStatuses(call, [
        'http://2130706433/chat',
        'http://0x0a.0.0.1/chat',
        'http://10.0.0.1/chat',
      ]);
      return { decimal, hex, dotted };
    },
    shows: { decimal: 200, hex: 200, dotted: 400 },
  }),

  fault({
    id: 'ind30-chat-message-path-under-wrapper',
    requirements: ['AGENT-CONFIG-ECHO', 'READ-BACK-UNCHANGED'],
    slips: { 'AGENT-CONFIG-ECHO': ['broken'], 'READ-BACK-UNCHANGED': ['read-back'] },
    description:
      'A CHAT configuration that has both payload_wrapper and response_message_path is saved with the message path resolved under the wrapper, as the response extractor walks it (`data` and `choices.0.message.content` stored as `data.choices.0.message.content`): the agent is answered, and read back, with a response_message_path it was not sent. Without a payload_wrapper the path is kept as sent.',
    behaviour: (b) =>
      presentWith(b, 'agent', (agent) => {
        const config = agent.metadata;
        if (!isJsonObject(config)) return agent;
        const wrapper = config.payload_wrapper;
        const path = config.response_message_path;
        if (typeof wrapper !== 'string' || wrapper === '' || typeof path !== 'string') return agent;
        return { ...agent, metadata: { ...config, response_message_path: `${wrapper}.${path}` } };
      }),
    probe: async (call) => {
      const agent = await createdAndRead(call, {
        display_name: 'Wrapped chat bot',
        model_type: 'MODEL_TYPE_CHAT',
        metadata: {
          chat_endpoint: 'https://chat.example.com/v1/messages',
          payload_wrapper: 'data',
          response_message_path: 'choices.0.message.content',
        },
      });
      return (agent.metadata as JsonObject).response_message_path;
    },
    shows: 'data.choices.0.message.content',
  }),

  fault({
    id: 'ind30-agent-workflows-empty-member-name-dropped',
    requirements: ['AGENT-GET', 'READ-BACK-UNCHANGED'],
    slips: ['read-back'],
    description:
      'An agent\'s workflows are stored in a document store addressed by dotted paths, where a member named by the empty string (`""`, a valid JSON member name) has no path: such members are dropped at every depth, so `{"": "default branch", "steps": ["greet"]}` is read back as `{"steps": ["greet"]}`. Every other member name is kept.',
    behaviour: (b) =>
      presentWith(b, 'agent', (agent) => ({ ...agent, workflows: withoutEmptyNames(agent.workflows) as JsonObject })),
    probe: async (call) => {
      const agent = await createdAndRead(call, {
        display_name: 'Workflow bot',
        model_type: 'MODEL_TYPE_VOICE',
        phone_number: '+14155550123',
        workflows: { '': 'default branch', steps: ['greet'], routes: { '': 'fallback', billing: 'queue-2' } },
      });
      return agent.workflows;
    },
    shows: { steps: ['greet'], routes: { billing: 'queue-2' } },
  }),

  fault({
    id: 'ind30-error-answer-longer-than-its-length',
    requirements: ['HTTP-MESSAGE-FRAMING'],
    slips: ['scope'],
    description:
      'Error answers are written by the error filter with a line break after the JSON (`json + "\\n"`, the line its log sink writes), under the Content-Length the framework set from the JSON alone: every error answer (a NOT_FOUND, an INVALID_ARGUMENT, an UNAUTHENTICATED) carries one byte more than its Content-Length says, and a keep-alive client reads that stray byte as the start of the next answer. Success answers are framed exactly.',
    behaviour: (b) => {
      const bytes = b.responseBytes;
      b.responseBytes = (text) =>
        text.startsWith('{"error"') ? Buffer.concat([bytes(text), Buffer.from('\n')]) : bytes(text);
    },
    probe: async (call) => {
      const missing = await framedAnswer(call, 'GET', '/v1/agents/AAAAAAAAAAAAAAAAAAAAAA', DEFAULT_API_KEY);
      return {
        beyondLength: missing.body.length - missing.length,
        after: missing.body.subarray(missing.length).toString(),
      };
    },
    shows: { beyondLength: 1, after: '\n' },
  }),

  fault({
    id: 'ind30-dashboard-patch-merge-patch-only',
    requirements: ['DASHBOARD-PATCH', 'REQUEST-JSON-FORMS'],
    slips: { 'DASHBOARD-PATCH': ['broken'], 'REQUEST-JSON-FORMS': ['scope'] },
    description:
      "PATCH /v1/dashboards/{dashboard_id} declares the media types of a partial update, RFC 7396's `application/merge-patch+json` (and `application/json-patch+json`), as the only ones it consumes, a framework's PATCH convention: a body labelled `application/json`, as every body of the API is, is refused with INVALID_ARGUMENT naming Content-Type, and the dashboard keeps its name. The POST endpoints read `application/json` as before.",
    behaviour: (b) => {
      const refusal = b.bodyRefusal;
      b.bodyRefusal = (contentType, endpoint) => {
        if (endpoint.method !== 'PATCH') return refusal(contentType, endpoint);
        const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        return type === 'application/merge-patch+json' || type === 'application/json-patch+json'
          ? undefined
          : invalidArgument('Content-Type', 'a partial update is application/merge-patch+json', 'header');
      };
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURES.dashboardId}`;
      const json = await call('PATCH', path, { body: { display_name: 'Weekly quality' } });
      const merge = await call('PATCH', path, {
        body: { display_name: 'Weekly quality' },
        contentType: 'application/merge-patch+json',
      });
      return { json: json.status, merge: merge.status };
    },
    shows: { json: 400, merge: 200 },
  }),

  fault({
    id: 'ind30-dashboard-patch-needs-update-mask',
    requirements: ['DASHBOARD-PATCH'],
    slips: ['broken'],
    description:
      'A dashboard PATCH applies the fields an `update_mask` query parameter names (the partial-update convention of resource-oriented APIs, AIP-134), and reads a request without one as an empty mask: the display_name in the body is ignored, the dashboard keeps its name, and the answer is the dashboard unchanged with a success status. With `?update_mask=display_name`, which the specification does not list, the rename is applied.',
    behaviour: (b) => {
      const request = lastRequest(b);
      const masked = (): boolean =>
        new URL(String(request()?.url ?? '/'), 'http://reference.invalid').searchParams
          .getAll('update_mask')
          .some((mask) => mask.split(',').includes('display_name'));
      let previous: DashboardRecord | undefined;
      const kept = b.kept;
      b.kept = (kind, updated, before) => {
        if (kind !== 'dashboard' || masked()) return kept(kind, updated, before);
        previous = before as DashboardRecord;
        return before;
      };
      respondWith(b, 'PATCH /v1/dashboards/{dashboard_id}', (body) => {
        const unchanged = previous;
        previous = undefined;
        if (unchanged === undefined) return body;
        const dashboard = body.dashboard as JsonObject;
        return {
          ...body,
          dashboard: {
            ...dashboard,
            display_name: unchanged.display_name,
            update_time: b.formatTime(unchanged.update_time),
          },
        };
      });
    },
    probe: async (call) => {
      const path = `/v1/dashboards/${FIXTURES.dashboardId}`;
      const plain = await call('PATCH', path, { body: { display_name: 'Renamed without a mask' } });
      const masked = await call('PATCH', `${path}?update_mask=display_name`, {
        body: { display_name: 'Renamed with a mask' },
      });
      return { plain: plain.body.dashboard.display_name, masked: masked.body.dashboard.display_name };
    },
    shows: { plain: 'Quality overview', masked: 'Renamed with a mask' },
  }),
] as const;

/** One element type for the round (a union of many record types is more than the type checker represents). */
export const INDEPENDENT_30_FAULTS: readonly Fault<(typeof FAULTS_30)[number]['id']>[] = FAULTS_30;

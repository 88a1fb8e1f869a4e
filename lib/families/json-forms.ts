// A request body is JSON however it is written (REQUEST-JSON-FORMS): a create whose body is
// written the less common ways RFC 8259 allows (lib/gen/json-text.ts) and labelled
// `application/json; charset=utf-8`, one labelled `application/json;charset=UTF-8`, and one sent
// chunked: each accepted, each field read back as the value the text writes.

import type { RequirementId } from '../contract/requirements/index.js';
import { echoMismatches } from '../assert/echo.js';
import { unusualJsonText } from '../gen/json-text.js';
import { check, type Call, type CheckContext } from '../harness/index.js';
import { sentBody, type Written } from '../harness/resources.js';

export interface JsonFormsTarget {
  /** The check id's first words (`agents.create`). */
  readonly id: string;
  /** `POST /v1/agents`, as the title says it. */
  readonly operation: string;
  /** The create's own rule. */
  readonly requirement: RequirementId;
  /** A create whose name field holds `name`, its body written and labelled as `written` says. */
  send(t: CheckContext, name: string, written: Written): Promise<Call>;
}

/** Beyond ASCII, astral, and a solidus: what escapes change. */
const NAME = 'JSON é/😀';

const FORMS: ReadonlyArray<{ readonly how: string; readonly written: Written }> = [
  {
    how: 'written with CR LF, tabs, \\u escapes (a surrogate pair too) and \\/, labelled application/json; charset=utf-8',
    written: {
      jsonText: (value) => unusualJsonText(value),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    },
  },
  {
    how: 'labelled application/json;charset=UTF-8',
    written: { headers: { 'content-type': 'application/json;charset=UTF-8' } },
  },
  // HTTP/1.1 framing is the transport's: a body of unknown length (a streaming client's) is read like any other.
  { how: 'sent chunked (Transfer-Encoding: chunked, no Content-Length)', written: { chunked: true } },
];

export function jsonFormsCheck(target: JsonFormsTarget): void {
  const requirements: RequirementId[] = ['REQUEST-JSON-FORMS', target.requirement];
  check(
    `${target.id}.json-forms`,
    requirements,
    `${target.operation} reads a body ${FORMS.map((f) => f.how).join(', and one ')} as the JSON it is`,
    async (t) => {
      for (const [i, { how, written }] of FORMS.entries()) {
        const call = await target.send(t, t.name(`${NAME} ${i + 1}`), written);
        const resource = t.expectResource(call, requirements, `a body ${how}`);
        const mismatches = echoMismatches(sentBody(call), resource);
        t.assert(
          !mismatches.length,
          ['REQUEST-JSON-FORMS'],
          `${target.operation} with a body ${how} did not store what the text writes: ${mismatches.join('; ')}`,
          call,
        );
      }
    },
    { writes: true },
  );
}

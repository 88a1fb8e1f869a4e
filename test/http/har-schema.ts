// The required parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) as a JSON Schema, for
// ajv: har-validator, the package browsers' tooling once used, is deprecated, and no maintained one is
// the standard answer. Optional fields the spec names are typed where present; extra fields are allowed
// (the spec lets a writer add `_custom` ones).

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
/** -1 where the spec allows "not available". */
const sizeOrUnknown = { type: 'integer', minimum: -1 } as const;
const timing = { type: 'number', minimum: -1 } as const;
const nameValues = {
  type: 'array',
  items: { type: 'object', required: ['name', 'value'], properties: { name: str, value: str, comment: str } },
} as const;
const cookies = {
  type: 'array',
  items: { type: 'object', required: ['name', 'value'], properties: { name: str, value: str } },
} as const;
/** ISO 8601 with a time zone, as `startedDateTime` must be. */
const isoDateTime = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
} as const;

export const HAR_12_SCHEMA = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: { type: 'object', required: ['name', 'version'], properties: { name: str, version: str } },
        pages: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'id', 'title', 'pageTimings'],
          },
        },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              pageref: str,
              startedDateTime: isoDateTime,
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: [
                  'method',
                  'url',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'queryString',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  method: str,
                  url: { type: 'string', pattern: '^https?://' },
                  httpVersion: str,
                  cookies,
                  headers: nameValues,
                  queryString: nameValues,
                  postData: {
                    type: 'object',
                    required: ['mimeType'],
                    properties: { mimeType: str, text: str, params: { type: 'array' } },
                    // params and text are mutually exclusive.
                    not: { required: ['params', 'text'] },
                  },
                  headersSize: sizeOrUnknown,
                  bodySize: sizeOrUnknown,
                },
              },
              response: {
                type: 'object',
                required: [
                  'status',
                  'statusText',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'content',
                  'redirectURL',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  status: int,
                  statusText: str,
                  httpVersion: str,
                  cookies,
                  headers: nameValues,
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: { size: int, compression: int, mimeType: str, text: str, encoding: str },
                  },
                  redirectURL: str,
                  headersSize: sizeOrUnknown,
                  bodySize: sizeOrUnknown,
                },
              },
              cache: { type: 'object' },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: {
                  blocked: timing,
                  dns: timing,
                  connect: timing,
                  ssl: timing,
                  send: num,
                  wait: num,
                  receive: num,
                },
              },
              serverIPAddress: str,
              connection: str,
              comment: str,
            },
          },
        },
        comment: str,
      },
    },
  },
} as const;

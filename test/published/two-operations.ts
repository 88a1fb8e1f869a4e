// One small valid OpenAPI document, as JSON and as YAML written with merge keys, for the tests of
// reading YAML (yaml.test.ts) and of comparing and validating the two forms (forms.test.ts).

export const ERROR = { description: 'Error.', content: { 'application/json': { schema: { type: 'object' } } } };

/** A small valid OpenAPI document whose two operations share an error response and a parameter. */
export function twoOperations(): Record<string, unknown> {
  const id = { name: 'agent_id', in: 'path', required: true, schema: { type: 'string' } };
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/v1/agents/{agent_id}': {
        get: { parameters: [id], responses: { 200: { description: 'Agent.' }, default: ERROR } },
        delete: { parameters: [id], responses: { 200: { description: 'Deleted.' }, default: ERROR } },
      },
    },
  };
}

/** The same document as people write it: the second operation merges the first one's maps. */
export const MERGED = `
openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /v1/agents/{agent_id}:
    get:
      parameters:
        - &agent-id {name: agent_id, in: path, required: true, schema: {type: string}}
      responses:
        '200': &ok {description: Agent.}
        default: &error
          description: Error.
          content: {application/json: {schema: {type: object}}}
    delete:
      parameters:
        - <<: *agent-id
      responses:
        '200': {<<: *ok, description: Deleted.}
        default:
          <<: *error
`;

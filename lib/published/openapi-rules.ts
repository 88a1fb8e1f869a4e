// OpenAPI's own rules that its JSON schema cannot state, which swagger-parser checks for
// Swagger 2.0 only: operationIds unique in the document; every template expression of a path a
// declared path parameter, every path parameter a template expression, and required; no
// parameter twice (by name and location) in one list; every security requirement names a
// scheme components.securitySchemes declares; no two templated paths that differ only in the names
// of their template expressions (`/v1/personas/{persona_id}` beside `/v1/personas/{id}`: "MUST NOT
// exist as they are identical", Paths Object). Read on the dereferenced document.

import { isJsonObject, type JsonObject } from '../util/json.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const parametersOf = (holder: JsonObject): JsonObject[] =>
  Array.isArray(holder['parameters']) ? holder['parameters'].filter(isJsonObject) : [];

/** The rules a document breaks, each once, as `<where>: <what>`. */
export function openApiRuleIssues(document: unknown): string[] {
  if (!isJsonObject(document) || !isJsonObject(document['paths'])) return [];
  const issues = new Set<string>();
  const operationIds = new Map<string, string>();
  const schemes = isJsonObject(document['components']) ? document['components']['securitySchemes'] : undefined;
  const undeclared = (owner: JsonObject, where: string) => {
    for (const requirement of Array.isArray(owner['security']) ? owner['security'].filter(isJsonObject) : [])
      for (const name of Object.keys(requirement))
        if (!isJsonObject(schemes) || !Object.hasOwn(schemes, name))
          issues.add(`${where}: security requirement "${name}" names no scheme of components.securitySchemes`);
  };
  undeclared(document, 'the document');
  const shapes = new Map<string, string>();
  for (const path of Object.keys(document['paths'])) {
    const shape = path.replace(/\{[^}]*\}/g, '{}');
    const first = shapes.get(shape);
    if (first === undefined) shapes.set(shape, path);
    else issues.add(`${path}: the path is identical to ${first} but for its parameter names (it must not exist)`);
  }
  for (const [path, item] of Object.entries(document['paths'])) {
    if (!isJsonObject(item)) continue;
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const shared = parametersOf(item);
    duplicates(shared, path, issues);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isJsonObject(operation)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const id = operation['operationId'];
      if (typeof id === 'string') {
        const first = operationIds.get(id);
        if (first) issues.add(`${where}: operationId "${id}" is also ${first}'s (it must be unique)`);
        else operationIds.set(id, where);
      }
      undeclared(operation, where);
      const own = parametersOf(operation);
      duplicates(own, where, issues);
      // An operation's parameter overrides the path's of the same name and location.
      const key = (p: JsonObject) => `${String(p['in'])} ${String(p['name'])}`;
      const effective = [...shared.filter((p) => !own.some((o) => key(o) === key(p))), ...own];
      const inPath = effective.filter((p) => p['in'] === 'path');
      for (const name of templated)
        if (!inPath.some((p) => p['name'] === name)) issues.add(`${where}: {${name}} is declared by no path parameter`);
      for (const p of inPath) {
        if (!templated.includes(String(p['name'])))
          issues.add(`${where}: path parameter "${String(p['name'])}" is no template expression of the path`);
        if (p['required'] !== true) issues.add(`${where}: path parameter "${String(p['name'])}" is not required: true`);
      }
    }
  }
  return [...issues];
}

function duplicates(list: readonly JsonObject[], where: string, issues: Set<string>): void {
  const seen = new Set<string>();
  for (const p of list) {
    const key = `${String(p['in'])} parameter "${String(p['name'])}"`;
    if (seen.has(key)) issues.add(`${where}: ${key} is listed twice`);
    seen.add(key);
  }
}

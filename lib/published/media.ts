import { isJsonObject } from '../util/json.js';
// Picking the JSON representation out of an OpenAPI `content` map.

/** The schema of `application/json`, else of the first `…/…+json` type; undefined when neither has one. */
export function jsonMediaSchema(content: unknown): unknown {
  if (!isJsonObject(content)) return undefined;
  // Keys may carry parameters (`application/json; charset=utf-8`) and any case.
  const media = Object.entries(content).map(
    ([type, value]) => [(type.split(';')[0] ?? '').trim().toLowerCase(), value] as const,
  );
  const json =
    media.find(([type]) => type === 'application/json') ?? media.find(([type]) => /^[^/]+\/[^/]+\+json$/.test(type));
  return json && isJsonObject(json[1]) ? json[1]['schema'] : undefined;
}

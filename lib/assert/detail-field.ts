// The one reading of an error detail's `field`: does it name a given request field?
// The spec says only that the details "name" the field; servers spell that many ways:
//
//   display_name                 the field itself
//   agent.display_name           under the resource wrapper, in any case (`Agent.display_name`)
//   body.display_name            under the part of the request (`request.`, `query.`, `headers.`, ...)
//   metadata.chat_endpoint       under its parent object
//   assignees[0]  assignees.0    an element of a list (and `assignees[0].email`, inside one)
//   /assignees/0                 a JSON pointer (`~1` is `/`, `~0` is `~`; also `#/...`)
//   agent[display_name]          a form-style key; `metadata["chat_endpoint"]` a quoted one
//   displayName                  the camelCase JSON name (proto3 JSON, google.rpc.BadRequest)
//
// Segments compare without regard to case, `_` or `-`, so `X-API-Key`, `x-api-key` and
// `displayName` match; a segment must match whole, so `display_name_x`, `name` or `other`
// never name `display_name`. A query parameter has no JSON name: it is named as the request
// spells it (`page_size`, `query.page_size`; never `pageSize`).

/** One step of a path: a key, or an element index. */
type Segment = { readonly key: string } | { readonly index: number };

const isIndex = (segment: Segment): segment is { readonly index: number } => 'index' in segment;

const indexOrKey = (text: string): Segment => (/^\d+$/.test(text) ? { index: Number(text) } : { key: text });

/** `#/a%20b/0` or `/a~1b/0`: the JSON pointer's reference tokens. */
function pointerSegments(pointer: string): Segment[] {
  let text = pointer;
  if (text.startsWith('#')) {
    try {
      text = decodeURIComponent(text.slice(1));
    } catch {
      text = text.slice(1);
    }
  }
  return text
    .slice(1)
    .split('/')
    .map((token) => indexOrKey(token.replace(/~1/g, '/').replace(/~0/g, '~')));
}

// A bracketed quoted key, a bracketed index or bare key, or a run of name characters.
const TOKEN = /\[\s*"((?:[^"\\]|\\.)*)"\s*\]|\[\s*'((?:[^'\\]|\\.)*)'\s*\]|\[([^\]]*)\]|([^.[\]/]+)/g;

/** `a.b[0]["c.d"]`, `a/b/0`, `a[b]`, `$.a`: the dotted, bracketed or slashed path's steps. */
function pathSegments(path: string): Segment[] {
  const segments: Segment[] = [];
  for (const m of path.matchAll(TOKEN)) {
    const quoted = m[1] ?? m[2];
    if (quoted !== undefined) segments.push({ key: quoted.replace(/\\(.)/g, '$1') });
    else segments.push(indexOrKey((m[3] ?? m[4] ?? '').trim()));
  }
  return segments;
}

/** The steps of a detail's `field`, in whichever notation it is written. */
export function parseDetailField(field: string): Segment[] {
  const text = field.trim();
  return text.startsWith('/') || text.startsWith('#/') ? pointerSegments(text) : pathSegments(text);
}

/** The form keys compare in: `displayName`, `Display_Name`, `display-name` all read `displayname`. */
const normalized = (key: string): string => key.toLowerCase().replace(/[_-]/g, '');

/** The list query parameters: the URL spells each one way, and a detail names it so. */
const QUERY_PARAMETERS: ReadonlySet<string> = new Set(['page_size', 'page_token', 'filter', 'order_by']);

/** The form a key compares in: a query parameter as written, any other key normalized. */
const comparable = (key: string, field: string): string => (QUERY_PARAMETERS.has(field) ? key : normalized(key));

/**
 * Where `wanted` (keys, already normalized) matches `segments` starting at `at`: the index
 * just after the match, or undefined. Element indexes between the wanted keys are stepped
 * over (`assignees[0].email` matches `assignees.email`).
 */
function matchAt(
  segments: readonly Segment[],
  at: number,
  wanted: readonly string[],
  field: string,
): number | undefined {
  let i = at;
  for (let w = 0; w < wanted.length; w++) {
    if (w > 0) while (i < segments.length && isIndex(segments[i] as Segment)) i++;
    const segment = segments[i];
    if (segment === undefined || isIndex(segment) || comparable(segment.key, field) !== wanted[w]) return undefined;
    i++;
  }
  return i;
}

function wantedKeys(field: string): string[] {
  return parseDetailField(field)
    .flatMap((s) => (isIndex(s) ? [] : [comparable(s.key, field)]))
    .filter((k) => k !== '');
}

export interface NamingOptions {
  /**
   * Also count a detail naming something inside the field (`config_overrides.no_such_key`
   * names `config_overrides`). Off: only the field itself, or an element of it.
   */
  readonly within?: boolean;
}

/**
 * Whether a detail's `field` names `field` (a name, or a dotted path such as
 * `metadata.chat_endpoint`): the field may sit under any parent (wrapper, request part,
 * object), and be followed by an element index (and what is inside the element).
 */
export function detailNamesField(detailField: string, field: string, options: NamingOptions = {}): boolean {
  const wanted = wantedKeys(field);
  if (!wanted.length) return false;
  const segments = parseDetailField(detailField);
  for (let at = 0; at < segments.length; at++) {
    const end = matchAt(segments, at, wanted, field);
    if (end === undefined) continue;
    const next = segments[end];
    if (options.within || next === undefined || isIndex(next)) return true;
  }
  return false;
}

/**
 * The one judgement of an error naming the field at fault: whether any of the details (their `field`s)
 * names one of `fields`; the assertions (responses.ts) and the decisions (error-details.ts) both ask it.
 */
export function detailsName(
  detailFields: readonly string[],
  fields: readonly string[],
  options: NamingOptions = {},
): boolean {
  return detailFields.some((detail) => fields.some((field) => detailNamesField(detail, field, options)));
}

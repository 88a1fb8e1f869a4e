// Content negotiation of a published spec: YAML unless the client asks for JSON.

export type SpecForm = 'yaml' | 'json';

/** True when an Accept header lists application/json with a non-zero quality. */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== 'application/json') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export const negotiateSpecForm = (accept: string | undefined): SpecForm => (acceptsJson(accept) ? 'json' : 'yaml');

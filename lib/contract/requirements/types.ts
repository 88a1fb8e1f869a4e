import type { Group } from '../endpoints.js';

/** MUST: the spec states it (default profile). SHOULD: a common convention where the spec is silent (strict profile only). */
export type Level = 'MUST' | 'SHOULD';

/** Where a requirement belongs in reports: an endpoint group, or a cross-cutting concern. */
export type RequirementArea = Group | 'auth' | 'general' | 'lists' | 'published';

export interface Requirement<Id extends string = string> {
  readonly id: Id;
  readonly area: RequirementArea;
  readonly level: Level;
  /** Section of the spec the rule comes from. */
  readonly section: string;
  /** One line: what a conforming server does. */
  readonly summary: string;
  /** The spec's own words the rule rests on. */
  readonly quote: string;
  /** Where the spec is silent: what the suite accepts, and why. */
  readonly decision?: string;
}

export const must = <const Id extends string>(
  area: RequirementArea,
  id: Id,
  section: string,
  summary: string,
  quote: string,
  decision?: string,
): Requirement<Id> =>
  decision === undefined
    ? { id, area, level: 'MUST', section, summary, quote }
    : { id, area, level: 'MUST', section, summary, quote, decision };

export const should = <const Id extends string>(
  area: RequirementArea,
  id: Id,
  section: string,
  summary: string,
  quote: string,
  decision: string,
): Requirement<Id> => ({ id, area, level: 'SHOULD', section, summary, quote, decision });

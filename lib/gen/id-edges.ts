// Well-formed IDs that name nothing, at both ends of their characters: one beginning with a digit, one with a capital
// letter, one with a small letter, each ending with another of the three classes. A server that reads an ID by its
// first or last character (a pattern copied from identifiers, a legacy numeric ID, a case rule) answers one of them
// otherwise than the rest.

import { alnum } from './ids.js';

/** The three classes of an alphanumeric ID's characters. */
const CLASSES = ['7', 'Q', 'q'] as const;

/** `length` alphanumeric characters naming nothing: each begins with one class and ends with the next. */
export function edgeClassIds(length: number, salt = 0): string[] {
  const middle = alnum(Math.max(length - 2, 0), salt);
  return CLASSES.map((first, i) => `${first}${middle}${CLASSES[(i + 1) % CLASSES.length]}`.slice(0, length));
}

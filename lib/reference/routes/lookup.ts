// Finding a stored resource by a path parameter, or answering NOT_FOUND for it.

import { notFound } from '../http/errors.js';

export function existing<T>(value: T | undefined, what: string, param: string): T {
  if (value === undefined) throw notFound(what, param);
  return value;
}

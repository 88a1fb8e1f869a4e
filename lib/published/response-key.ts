// Which of an operation's published responses stands for a status: the exact code, then its
// range (`4XX`, in any case), then `default` — OpenAPI's order of precedence.

/** The response key (as written) a status falls under, or undefined when none does. */
export function responseKeyFor(keys: readonly string[], status: number): string | undefined {
  for (const wanted of [String(status), `${Math.floor(status / 100)}XX`, 'DEFAULT']) {
    const found = keys.find((key) => key.toUpperCase() === wanted);
    if (found !== undefined) return found;
  }
  return undefined;
}

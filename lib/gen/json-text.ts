// JSON text written the less common ways RFC 8259 allows: blanks, tabs and CR LF before and after
// the value; every token on a line of its own, indented by tabs and ended by CR LF; every character
// beyond ASCII, a double quote (as PHP's JSON_HEX_QUOT writes it) and the first letter of each string
// as a `\uXXXX` escape (characters beyond the BMP as surrogate pairs); `/` as `\/`; every number with an exponent
// (`4e+0`, `2.5e-1`: the shortest digits that read back as the same number).
// Any JSON reader reads it as the same value.

const escaped = (char: string): string =>
  [...char].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** A string literal with every non-ASCII character, `"`, its first letter and `/` escaped. */
function unusualString(text: string): string {
  const plain = JSON.stringify(text).slice(1, -1);
  let letterEscaped = false;
  let out = '';
  for (let i = 0; i < plain.length; i++) {
    const c = plain[i]!;
    if (c === '\\') {
      const next = plain[++i]!;
      out += next === '"' ? escaped(next) : c + next;
      continue;
    }
    const code = c.charCodeAt(0);
    if (code > 0x7e) out += escaped(c);
    else if (c === '/') out += '\\/';
    else if (!letterEscaped && /[A-Za-z]/.test(c)) {
      out += escaped(c);
      letterEscaped = true;
    } else out += c;
  }
  return `"${out}"`;
}

/** RFC 8259's whitespace (space, tab, CR, LF) around the whole text: a reader sniffing the first character misses it. */
const LEADING_BLANKS = ' \t\r\n\t';
const TRAILING_BLANKS = '\r\n \t';

/** `value` as JSON text in the unusual forms above. */
export function unusualJsonText(value: unknown): string {
  return LEADING_BLANKS + unusualValue(value, 0) + TRAILING_BLANKS;
}

function unusualValue(value: unknown, depth: number): string {
  const indent = '\t'.repeat(depth + 1);
  const close = `\r\n${'\t'.repeat(depth)}`;
  if (typeof value === 'string') return unusualString(value);
  if (Array.isArray(value))
    return value.length
      ? `[\r\n${value.map((item) => indent + unusualValue(item, depth + 1)).join(' ,\r\n')}${close}]`
      : '[ ]';
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length
      ? `{\r\n${entries.map(([k, v]) => `${indent}${unusualString(k)} :\t${unusualValue(v, depth + 1)}`).join(' ,\r\n')}${close}}`
      : '{ }';
  }
  if (typeof value === 'number' && Number.isFinite(value)) return value.toExponential();
  return JSON.stringify(value);
}

// A string matching a simple `pattern`: literal characters, `.`, `\d`-style escapes and
// character classes, each optionally repeated (`{n}`, `{n,m}`, `{n,}`, `?`, `*`, `+`), with or
// without `^`/`$` (`^[A-Za-z0-9]{22}$`, `^[0-9A-HJKMNP-TV-Z]{26}$`, `^run_[a-z0-9]+$`). Groups,
// alternation, lookarounds and back-references are not read: undefined then.

/** Classes are drawn from these: alphanumerics when the class has any, else a few URL-safe marks. */
export const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const MARKS = '-_.~';
/** Longer fixed repetitions are taken as a pattern not meant for IDs. */
const MAX_REPEAT = 1000;

/** One piece and its repetition: the characters it may be, how often it may occur. */
interface Atom {
  readonly chars: string;
  readonly min: number;
  readonly max: number;
}

// A piece (escape, class, `.`, literal) and its quantifier, read where the last one ended.
const PIECE = /(\\[dDwWsS]|\\[^A-Za-z0-9]|\[(?:\\.|[^\]\\])*\]|\.|[^\\^$.|?*+()[\]{}])(?:\{(\d+)(,?)(\d*)\}|([?*+]))?/y;

/** A match of `pattern` as near `length` characters as its repetitions allow, drawn with `random`; undefined when the pattern is not simple. */
export function patternValue(pattern: string, length: number, random: () => number): string | undefined {
  const atoms = atomsOf(pattern);
  if (!atoms) return undefined;
  let extra = length - atoms.reduce((sum, atom) => sum + atom.min, 0);
  return atoms
    .map((atom) => {
      const count = atom.min + Math.max(0, Math.min(extra, atom.max - atom.min));
      extra -= count - atom.min;
      return draw(atom.chars, count, random);
    })
    .join('');
}

/** `count` characters of `chars`, drawn with `random`. */
export const draw = (chars: string, count: number, random: () => number): string =>
  Array.from({ length: count }, () => chars[Math.floor(random() * chars.length)]).join('');

function atomsOf(pattern: string): Atom[] | undefined {
  const body = pattern.replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
  const atoms: Atom[] = [];
  for (PIECE.lastIndex = 0; PIECE.lastIndex < body.length;) {
    const match = PIECE.exec(body);
    const chars = match && charsOf(match[1] ?? '');
    if (!match || !chars) return undefined;
    const [, , least, comma, most, symbol] = match;
    const min = least !== undefined ? Number(least) : symbol === '+' ? 1 : symbol ? 0 : 1;
    const max =
      least !== undefined
        ? comma
          ? most
            ? Number(most)
            : Infinity
          : min
        : symbol === '*' || symbol === '+'
          ? Infinity
          : 1;
    if (max < min || min > MAX_REPEAT) return undefined;
    atoms.push({ chars, min, max });
  }
  return atoms;
}

/** The characters a piece stands for (from those above, for a class); undefined when none. */
function charsOf(piece: string): string | undefined {
  if (piece.length === 1 && piece !== '.') return piece;
  if (/^\\[^A-Za-z0-9]$/.test(piece)) return piece.slice(1);
  let expression: RegExp;
  try {
    expression = new RegExp(`^${piece}$`, 'u');
  } catch {
    return undefined;
  }
  const fits = (alphabet: string) => [...alphabet].filter((char) => expression.test(char)).join('');
  return fits(ALPHANUMERICS) || fits(MARKS) || undefined;
}

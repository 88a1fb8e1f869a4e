// The reference service's own reading of the list `filter` grammar (Filter and pagination
// rules, rule 1): comparisons `field op value`, joined by uppercase AND / OR, AND binding
// tighter than OR, with parentheses and double-quoted values (escapes \" and \\ only).
//
// Written apart from the suite's parser (lib/contract/filter) on purpose: the suite judges
// the reference with that one, so the two must not share code, or a slip in one would
// move both sides together and no fault could show it. Here the text is first cut into
// tokens (words, quoted texts, parentheses), then read by recursive descent over them;
// a word in a comparison's place is split into field, operator and value by character class.

import { FILTER_OPERATORS, type FilterOperator } from '../../contract/list-endpoints.js';
import { isDigit } from './values.js';

export interface Comparison {
  readonly kind: 'cmp';
  readonly field: string;
  readonly op: FilterOperator;
  readonly value: string;
  /** Whether the value was written in double quotes (it means the same either way). */
  readonly quoted: boolean;
}

export interface Junction {
  readonly kind: 'and' | 'or';
  readonly terms: readonly FilterExpr[];
}

export type FilterExpr = Comparison | Junction;

export type FilterReading =
  | { readonly ok: true; readonly expr: FilterExpr }
  | { readonly ok: false; readonly message: string; readonly position: number };

type Token =
  | { readonly type: 'open'; readonly at: number }
  | { readonly type: 'close'; readonly at: number }
  | { readonly type: 'word'; readonly text: string; readonly at: number }
  | { readonly type: 'quoted'; readonly text: string; readonly at: number };

class SyntaxProblem {
  constructor(
    readonly message: string,
    readonly position: number,
  ) {}
}

const problem = (message: string, position: number): never => {
  throw new SyntaxProblem(message, position);
};

const isBlank = (c: string): boolean => /\s/.test(c);
const isLetter = (c: string): boolean => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_';
const isFieldChar = (c: string): boolean => isLetter(c) || isDigit(c) || c === '.';
const OPERATOR_CHARS = '=!<>~';
const isOperatorChar = (c: string): boolean => c.length === 1 && OPERATOR_CHARS.includes(c);
const isKeyword = (word: string): boolean => word === 'AND' || word === 'OR';
const isWordChar = (c: string): boolean => c !== '"' && c !== '(' && c !== ')' && !isBlank(c);

/** Cuts the text into tokens; a word runs up to a blank, a quote or a parenthesis. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (isBlank(c)) {
      i += 1;
    } else if (c === '(' || c === ')') {
      tokens.push(c === '(' ? { type: 'open', at: i } : { type: 'close', at: i });
      i += 1;
    } else if (c === '"') {
      const at = i;
      const chars: string[] = [];
      i += 1;
      for (;;) {
        if (i >= text.length) problem('unterminated quote', at);
        const d = text.charAt(i);
        if (d === '"') break;
        if (d === '\\') {
          const next = text.charAt(i + 1);
          if (next === '') problem('unterminated quote', at);
          if (next !== '"' && next !== '\\') problem(`unknown escape "\\${next}" (only \\" and \\\\ are allowed)`, i);
          chars.push(next);
          i += 2;
        } else {
          chars.push(d);
          i += 1;
        }
      }
      i += 1; // the closing quote
      tokens.push({ type: 'quoted', text: chars.join(''), at });
    } else {
      const at = i;
      while (i < text.length && isWordChar(text.charAt(i))) i += 1;
      tokens.push({ type: 'word', text: text.slice(at, i), at });
    }
  }
  return tokens;
}

/** Length of the leading run of `text` whose characters satisfy `accept` (the first may be held to `first`). */
function runLength(text: string, accept: (c: string) => boolean, first: (c: string) => boolean = accept): number {
  let n = 0;
  while (n < text.length && (n === 0 ? first : accept)(text.charAt(n))) n += 1;
  return n;
}

const OPERATORS: ReadonlySet<string> = new Set(FILTER_OPERATORS);

function describe(token: Token | undefined): string {
  if (token === undefined) return 'the end of the filter';
  if (token.type === 'open') return '"("';
  if (token.type === 'close') return '")"';
  return JSON.stringify(token.type === 'quoted' ? `"${token.text}"` : token.text);
}

function readTokens(text: string, tokens: readonly Token[]): FilterExpr {
  let next = 0;
  const peek = (): Token | undefined => tokens[next];
  const take = (): Token | undefined => tokens[next++];
  const where = (token: Token | undefined): number => token?.at ?? text.length;
  const isWord = (token: Token | undefined, word: string): boolean => token?.type === 'word' && token.text === word;

  /** Joins terms of one kind; a term that is itself that kind is spliced in (AND and OR are associative). */
  const join = (kind: Junction['kind'], terms: FilterExpr[]): FilterExpr => {
    const spliced: FilterExpr[] = [];
    for (const term of terms) {
      if (term.kind === kind) spliced.push(...term.terms);
      else spliced.push(term);
    }
    return spliced.length === 1 ? spliced[0]! : { kind, terms: spliced };
  };

  const series = (keyword: 'AND' | 'OR', operand: () => FilterExpr): FilterExpr => {
    const terms = [operand()];
    while (isWord(peek(), keyword)) {
      const at = where(take());
      const after = peek();
      if (after === undefined || after.type === 'close') problem(`dangling ${keyword}: no comparison follows it`, at);
      terms.push(operand());
    }
    return join(keyword === 'AND' ? 'and' : 'or', terms);
  };

  const disjunction = (): FilterExpr => series('OR', conjunction);
  const conjunction = (): FilterExpr => series('AND', primary);

  const primary = (): FilterExpr => {
    const first = peek();
    if (first?.type !== 'open') return comparison();
    take();
    const inner = disjunction();
    const closing = take();
    if (closing === undefined) problem('unbalanced parentheses: "(" is never closed', first.at);
    if (closing?.type !== 'close') problem(`expected ")", AND or OR, found ${describe(closing)}`, where(closing));
    return inner;
  };

  const comparison = (): FilterExpr => {
    const head = take();
    if (head?.type !== 'word') return problem(head === undefined ? 'expected a comparison' : `expected a field name, found ${describe(head)}`, where(head));
    const fieldLength = runLength(head.text, isFieldChar, isLetter);
    if (fieldLength === 0) problem(`expected a field name, found ${describe(head)}`, head.at);
    const field = head.text.slice(0, fieldLength);
    if (isKeyword(field)) problem(`dangling ${field}: no comparison before it`, head.at);

    // The operator follows in the same word or opens the next one.
    let rest = head.text.slice(fieldLength);
    let restAt = head.at + fieldLength;
    if (rest === '') {
      const following = peek();
      if (following?.type !== 'word') return problem(`missing operator after field "${field}"`, where(following));
      take();
      rest = following.text;
      restAt = following.at;
    }
    const opLength = runLength(rest, isOperatorChar);
    if (opLength === 0) problem(`missing operator after field "${field}"`, restAt);
    const op = rest.slice(0, opLength);
    if (!OPERATORS.has(op)) problem(`unknown operator "${op}" (known: ${FILTER_OPERATORS.join(' ')})`, restAt);

    // The value: what is left of the word, else the next token.
    const left = rest.slice(opLength);
    if (left !== '') return bareComparison(field, op as FilterOperator, left, restAt + opLength);
    const valueToken = peek();
    if (valueToken?.type === 'quoted') {
      take();
      return { kind: 'cmp', field, op: op as FilterOperator, value: valueToken.text, quoted: true };
    }
    if (valueToken?.type !== 'word') return problem(`missing value after "${field} ${op}"`, where(valueToken));
    take();
    return bareComparison(field, op as FilterOperator, valueToken.text, valueToken.at);
  };

  const bareComparison = (field: string, op: FilterOperator, value: string, at: number): Comparison => {
    if (isKeyword(value)) problem(`missing value after "${field} ${op}"`, at);
    if (isOperatorChar(value.charAt(0))) problem(`value "${value}" starts with an operator character and must be quoted`, at);
    return { kind: 'cmp', field, op, value, quoted: false };
  };

  if (tokens.length === 0) problem('the filter is empty', 0);
  const expr = disjunction();
  const extra = peek();
  if (extra?.type === 'close') problem('unbalanced parentheses: ")" has no matching "("', extra.at);
  if (extra !== undefined) {
    const hint = extra.type === 'word' && /^(and|or)$/i.test(extra.text) ? ' (AND and OR must be uppercase)' : '';
    problem(`unexpected ${describe(extra)} after a complete expression${hint}`, extra.at);
  }
  return expr;
}

/** Reads filter text; never throws: a syntax error comes back with its position. */
export function readFilterText(text: string): FilterReading {
  try {
    return { ok: true, expr: readTokens(text, tokenize(text)) };
  } catch (err) {
    if (err instanceof SyntaxProblem) return { ok: false, message: err.message, position: err.position };
    throw err;
  }
}

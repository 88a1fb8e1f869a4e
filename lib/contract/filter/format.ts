// AST → canonical filter text: `field op value`, single spaces (or `field=value`, compact),
// parentheses only where precedence needs them. parseFilter(formatFilter(e)) gives e back, up to `quoted` and
// the flattening of nested same-kind junctions.

import type { FilterExpr } from './ast.js';
import { isBareValue } from './parse.js';

export interface FormatOptions {
  /** 'auto' (default) quotes only values that cannot be written bare; 'never' throws for those. */
  readonly quote?: 'always' | 'auto' | 'never';
  /** No blanks around a comparison's operator (`status=COMPLETED`), as the service's own examples write them. */
  readonly compact?: boolean;
}

type QuoteMode = NonNullable<FormatOptions['quote']>;

export function formatFilter(expr: FilterExpr, opts: FormatOptions = {}): string {
  return format(expr, opts.quote ?? 'auto', opts.compact ? '' : ' ');
}

function format(expr: FilterExpr, quote: QuoteMode, blank: string): string {
  const e = unwrap(expr);
  if (e.kind === 'cmp') return `${e.field}${blank}${e.op}${blank}${formatValue(e.value, quote)}`;
  if (e.terms.length === 0) throw new RangeError(`an empty ${e.kind.toUpperCase()} has no filter text`);
  const parts = e.terms.map((t) => {
    const text = format(t, quote, blank);
    return e.kind === 'and' && unwrap(t).kind === 'or' ? `(${text})` : text;
  });
  return parts.join(` ${e.kind.toUpperCase()} `);
}

/** A junction of one term is that term: it has no text of its own. */
function unwrap(expr: FilterExpr): FilterExpr {
  return expr.kind !== 'cmp' && expr.terms.length === 1 ? unwrap(expr.terms[0]!) : expr;
}

function formatValue(value: string, quote: QuoteMode): string {
  const bare = isBareValue(value);
  if (quote === 'never' && !bare) throw new RangeError(`value ${JSON.stringify(value)} cannot be written unquoted`);
  if (quote === 'never' || (quote === 'auto' && bare)) return value;
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * How a table fits a terminal: which columns shrink, which drop, and when rows become stacked
 * records. The rule people rely on: an id they copy (ticker, slug, order id, token id) is never
 * cut. Titles shrink first (down to a floor), then optional columns drop (the caller names them
 * in a hint with `--wide`), and when even the ids and the required columns cannot share a line,
 * each row is printed as a small record whose ids sit on lines of their own.
 */

export interface LayoutColumn {
  header: string;
  /** Shrinks (with an ellipsis) so the table fits. Never set together with `id`. */
  flex?: boolean;
  /** An identifier people copy: never cut, never dropped. */
  id?: boolean;
  /**
   * May be left out when the terminal is too narrow; higher numbers go first. Columns without it
   * are required.
   */
  drop?: number;
}

/** Columns between two cells. */
export const GAP = 2;
/** A flexible column is not squeezed below this (unless its content is narrower). */
export const MIN_FLEX = 8;
/**
 * Optional columns are dropped before a title goes below this: eight characters of a title say
 * nothing, while the columns that make room for it can be had back with `--wide`.
 */
export const READABLE_FLEX = 24;

export interface Layout {
  /** 'table': one line per row; 'stacked': a record per row (see stackedLines). */
  mode: 'table' | 'stacked';
  /** Indices of the columns shown, in order. */
  shown: number[];
  /** Width of each shown column (same order as `shown`). */
  widths: number[];
  /** Headers of the optional columns left out to fit. */
  dropped: string[];
}

const total = (widths: number[]) => widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1);

/**
 * Column widths: natural (widest cell) unless the total exceeds `max`; then the widest flexible
 * column gives up a column at a time (down to MIN_FLEX), so a short flexible column keeps its
 * text whole while a long one takes the cut.
 */
export function shrinkFlex(natural: number[], columns: LayoutColumn[], max: number, minFlex = MIN_FLEX): number[] {
  const widths = natural.slice();
  const flex = columns.map((c, i) => (c.flex && !c.id ? i : -1)).filter((i) => i >= 0);
  let over = total(widths) - max;
  const floor = (i: number) => Math.min(minFlex, natural[i]!);
  while (over > 0) {
    let widest = -1;
    for (const i of flex) if (widths[i]! > floor(i) && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    if (widest < 0) break;
    widths[widest]! -= 1;
    over -= 1;
  }
  return widths;
}

/**
 * Decide the layout of a table whose columns have these natural widths on a terminal `max`
 * columns wide. `wide` keeps every column at its natural width (the user asked for all of it).
 */
export function layout(columns: LayoutColumn[], natural: number[], max: number, wide = false): Layout {
  let shown = columns.map((_, i) => i);
  if (wide) return { mode: 'table', shown, widths: natural.slice(), dropped: [] };
  const attempt = (floor = READABLE_FLEX) => shrinkFlex(shown.map((i) => natural[i]!), shown.map((i) => columns[i]!), max, floor);
  let widths = attempt();
  // Optional columns go, highest `drop` first, until the row fits.
  const optional = columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.drop !== undefined && !c.id)
    .sort((a, b) => b.c.drop! - a.c.drop! || b.i - a.i);
  const dropped: string[] = [];
  for (const { c, i } of optional) {
    if (total(widths) <= max) break;
    shown = shown.filter((x) => x !== i);
    dropped.push(c.header);
    widths = attempt();
  }
  if (total(widths) > max) widths = attempt(MIN_FLEX);
  if (total(widths) <= max) return { mode: 'table', shown, widths, dropped: dropped.reverse() };
  // Even the required columns do not fit on one line: records, with every column back.
  const all = columns.map((_, i) => i);
  return { mode: 'stacked', shown: all, widths: all.map((i) => natural[i]!), dropped: [] };
}

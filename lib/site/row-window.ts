// Which rows of a long table to render (a leaderboard of ~1,100 configurations at 100× the sample,
// docs/scale.md): the rows on screen and a margin, the rest stood in for by two spacer rows of the same
// height. Short tables (≤ WINDOW_FROM rows, every published release today) render every row.

export const WINDOW_FROM = 200;
/**
 * Rows the static HTML and the first render hold: what a tall screen shows (rows are ~45 px, and the table starts
 * ~300 px down): more rows made a scaled release's first paint lay out several times the sample's numbers.
 */
export const FIRST_ROWS = 30;
export const OVERSCAN = 20;

export interface RowWindow {
  start: number;
  end: number;
  /** Spacer heights (px) above and below the rendered rows. */
  before: number;
  after: number;
}

/**
 * `top`: the table body's top relative to the viewport (getBoundingClientRect().top), `viewport`: the
 * window's height, `rowHeight`: a measured row's height.
 */
export function rowWindow(count: number, top: number | null, viewport: number, rowHeight: number): RowWindow {
  if (count <= WINDOW_FROM) return { start: 0, end: count, before: 0, after: 0 };
  let start = 0;
  let end = Math.min(count, FIRST_ROWS);
  if (top !== null && rowHeight > 0) {
    const first = Math.floor(Math.max(0, -top) / rowHeight);
    const shown = Math.ceil(viewport / rowHeight);
    start = Math.max(0, Math.min(count - 1, first - OVERSCAN));
    end = Math.min(count, Math.max(start + 1, first + shown + OVERSCAN));
  }
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

/** Configurations a long per-configuration panel shows before "Show all" (every published release has fewer). */
export const PANEL_CONFIGS = 30;

/**
 * The first `limit` items in their order, or every item once asked; `hidden` is how many are left out. A panel of
 * every configuration of a scaled release was tens of thousands of elements on the leaderboard.
 */
export function firstItems<T>(
  items: readonly T[],
  all: boolean,
  limit = PANEL_CONFIGS,
): { shown: T[]; hidden: number } {
  const shown = all ? [...items] : items.slice(0, limit);
  return { shown, hidden: items.length - shown.length };
}

// The rows a scrolled list must render: those in view plus a margin on each side. Everything else is
// represented by the list's height alone, so 10,000 steps cost as much DOM as 40.

export interface RowWindow {
  start: number;
  /** Exclusive. */
  end: number;
}

export function rowWindow(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan: number,
): RowWindow {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + viewport) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}

/**
 * The scrollTop that brings row i into view (null: already in view). A row just off either edge (a step
 * with j/k) scrolls by as little as possible; a row further away (a jump) lands in the middle.
 */
export function scrollToRow(i: number, scrollTop: number, viewport: number, rowHeight: number): number | null {
  const top = i * rowHeight;
  if (top >= scrollTop && top + rowHeight <= scrollTop + viewport) return null;
  if (top < scrollTop && top >= scrollTop - rowHeight) return top;
  if (top + rowHeight > scrollTop + viewport && top < scrollTop + viewport + rowHeight)
    return top + rowHeight - viewport;
  return Math.max(0, Math.round(top + rowHeight / 2 - viewport / 2));
}

// Where the panels of a hand-drawn small-multiples chart go (the forest plot: overall, near, far side by side):
// side by side when the box they are drawn in holds them all, else one under the other, each with its own row
// labels, at a width the box holds, so that no panel's title starts off-screen on a phone (docs/charts.md).

/** Row-label room and the characters a name may keep in it when the panels stack on a narrow screen. */
export const NARROW_LABEL = { width: 160, chars: 21 } as const;
const MIN_PANEL = 180;
const MAX_PANEL = 400;
/** Room right of a stacked panel, so its last tick label is not cut by the box's edge. */
const RIGHT = 8;

export interface SmallMultiplesInput {
  /** Width of the box the chart is drawn in, px; null before it is measured (build time): side by side. */
  box: number | null;
  count: number;
  /** The side-by-side layout: row-label room, characters a name keeps there, each panel's width, the gap between. */
  wide: { label: number; chars: number; panel: number; gap: number };
  /** Height of the rows, one panel's. */
  rows: number;
  /** Space above the first panel's rows (legend, title) in each layout; the stacked legend may take more lines. */
  head: { wide: number; stacked: number };
  /** Space above each later panel's rows when stacked (its title). */
  between: number;
  /** Space below a panel's rows (tick labels, axis title). */
  foot: number;
}

export interface SmallMultiples {
  stacked: boolean;
  /** Row-label room left of every panel, and how many characters a name keeps there. */
  label: number;
  chars: number;
  panel: number;
  width: number;
  height: number;
  /** Each panel's left edge and the top of its rows. */
  at: { x: number; top: number }[];
}

export function smallMultiples(o: SmallMultiplesInput): SmallMultiples {
  const { wide, count } = o;
  const sideBySide = wide.label + count * (wide.panel + wide.gap);
  if (o.box === null || o.box >= sideBySide)
    return {
      stacked: false,
      label: wide.label,
      chars: wide.chars,
      panel: wide.panel,
      width: sideBySide,
      height: o.head.wide + o.rows + o.foot,
      at: Array.from({ length: count }, (_, p) => ({ x: wide.label + p * (wide.panel + wide.gap), top: o.head.wide })),
    };
  const roomy = o.box >= wide.label + wide.panel + RIGHT;
  const label = roomy ? wide.label : NARROW_LABEL.width;
  const panel = Math.min(MAX_PANEL, Math.max(MIN_PANEL, o.box - label - RIGHT));
  const step = o.rows + o.foot + o.between;
  return {
    stacked: true,
    label,
    chars: roomy ? wide.chars : NARROW_LABEL.chars,
    panel,
    width: label + panel + RIGHT,
    height: o.head.stacked + count * step - o.between,
    at: Array.from({ length: count }, (_, p) => ({ x: label, top: o.head.stacked + p * step })),
  };
}

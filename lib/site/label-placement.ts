// Names beside the points of a scatter, placed so that no two overlap and none covers another point: each point
// tries the spots around it in turn (right, left, above, below, the corners, then twice as far above and below and
// at those heights left and right, so that points crowded in one place get names) and takes the first free one inside the plot; a point with no free
// spot is left unlabelled, and the chart says so (its name is in the tooltip and the table).

export interface LabelPoint {
  /** The point's position, px. */
  x: number;
  y: number;
  text: string;
}

export interface PlacedLabel {
  /** Where the text is drawn (its anchor point, baseline in the middle), or null when no spot was free. */
  at: { x: number; y: number; anchor: "start" | "middle" | "end" } | null;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Estimated size of a text: a character's mean width and the line's height, px. */
export interface TextMetrics {
  charWidth: number;
  height: number;
}

/** Room kept clear around each point, px: its dot and a little air. */
const DOT = 5;
/** Distance from the point to the label's near edge, px. */
const OFF = 7;

type Spot = { dx: number; dy: number; anchor: "start" | "middle" | "end" };

function spots(h: number): Spot[] {
  const up = -(OFF + h / 2);
  const down = OFF + h / 2;
  return [
    { dx: OFF, dy: 0, anchor: "start" },
    { dx: -OFF, dy: 0, anchor: "end" },
    { dx: 0, dy: up, anchor: "middle" },
    { dx: 0, dy: down, anchor: "middle" },
    { dx: OFF, dy: up, anchor: "start" },
    { dx: OFF, dy: down, anchor: "start" },
    { dx: -OFF, dy: up, anchor: "end" },
    { dx: -OFF, dy: down, anchor: "end" },
    { dx: 0, dy: up - h, anchor: "middle" },
    { dx: 0, dy: down + h, anchor: "middle" },
    { dx: -OFF, dy: up - h, anchor: "end" },
    { dx: -OFF, dy: down + h, anchor: "end" },
    { dx: OFF, dy: up - h, anchor: "start" },
    { dx: OFF, dy: down + h, anchor: "start" },
  ];
}

function boxOf(x: number, y: number, anchor: Spot["anchor"], width: number, height: number): Box {
  const x0 = anchor === "start" ? x : anchor === "end" ? x - width : x - width / 2;
  return { x0, y0: y - height / 2, x1: x0 + width, y1: y + height / 2 };
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const inside = (a: Box, b: Box) => a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1;

/** Each point's label spot, in the points' order (the first placed first). */
export function placeLabels(points: readonly LabelPoint[], plot: Box, metrics: TextMetrics): PlacedLabel[] {
  const dots = points.map((p) => ({ x0: p.x - DOT, y0: p.y - DOT, x1: p.x + DOT, y1: p.y + DOT }));
  const taken: Box[] = [];
  return points.map((p, i) => {
    const width = p.text.length * metrics.charWidth;
    for (const s of spots(metrics.height)) {
      const b = boxOf(p.x + s.dx, p.y + s.dy, s.anchor, width, metrics.height);
      if (!inside(b, plot)) continue;
      if (taken.some((t) => overlaps(b, t)) || dots.some((d, j) => j !== i && overlaps(b, d))) continue;
      taken.push(b);
      return { at: { x: p.x + s.dx, y: p.y + s.dy, anchor: s.anchor } };
    }
    return { at: null };
  });
}

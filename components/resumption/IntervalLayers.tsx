"use client";
// Layers drawn inside a recharts chart with its axes' scales: vertical and horizontal interval whiskers, and a
// fitted curve with its band. recharts draws the axes, grid, dots and tooltip; these draw what it has no series for.
import { useXAxisScale, useYAxisScale } from "recharts";

export interface Whisker {
  key: string;
  x: number;
  y: number;
  /** Vertical interval (y values). */
  yLo?: number;
  yHi?: number;
  /** Horizontal interval (x values). */
  xLo?: number;
  xHi?: number;
}

const CAP = 4;

export function Whiskers({ items, color, testId }: { items: Whisker[]; color: string; testId: string }) {
  const xs = useXAxisScale();
  const ys = useYAxisScale();
  if (!xs || !ys) return null;
  return (
    <g data-testid={testId}>
      {items.map((w) => {
        const x = xs(w.x);
        const y = ys(w.y);
        if (x === undefined || y === undefined) return null;
        const parts: React.ReactNode[] = [];
        if (w.yLo !== undefined && w.yHi !== undefined) {
          const [a, b] = [ys(w.yLo), ys(w.yHi)];
          if (a !== undefined && b !== undefined)
            parts.push(<path key="v" d={`M${x},${a}V${b}M${x - CAP},${a}H${x + CAP}M${x - CAP},${b}H${x + CAP}`} />);
        }
        if (w.xLo !== undefined && w.xHi !== undefined) {
          const [a, b] = [xs(w.xLo), xs(w.xHi)];
          if (a !== undefined && b !== undefined)
            parts.push(<path key="h" d={`M${a},${y}H${b}M${a},${y - CAP}V${y + CAP}M${b},${y - CAP}V${y + CAP}`} />);
        }
        return (
          <g key={w.key} stroke={color} strokeWidth={1.3} fill="none">
            {parts}
          </g>
        );
      })}
    </g>
  );
}

export interface BandPoint {
  x: number;
  p: number;
  lo: number;
  hi: number;
}

export function FitBand({ points, color }: { points: BandPoint[]; color: string }) {
  const xs = useXAxisScale();
  const ys = useYAxisScale();
  if (!xs || !ys || points.length < 2) return null;
  const at = (x: number, y: number) => {
    const [px, py] = [xs(x), ys(y)];
    return px === undefined || py === undefined ? null : `${px},${py}`;
  };
  const upper = points.map((q) => at(q.x, q.hi));
  const lower = points.map((q) => at(q.x, q.lo)).reverse();
  const curve = points.map((q) => at(q.x, q.p));
  if ([...upper, ...lower, ...curve].some((v) => v === null)) return null;
  return (
    <g data-testid="fit-band">
      <polygon points={[...upper, ...lower].join(" ")} fill={color} fillOpacity={0.15} stroke="none" />
      <polyline points={curve.join(" ")} fill="none" stroke={color} strokeWidth={2} />
    </g>
  );
}

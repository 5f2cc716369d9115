// Histogram bins for per-task switching cost. The bounds are chosen here (round numbers, shared by every
// configuration so their histograms compare); the SQL assigns each task to a bin with the same
// floating-point expression at build time and in the browser, so a bin's list always matches its count.

export interface BinSpec {
  /** Lower edge of bin 0. */
  lo: number;
  /** Width of every bin (≥ 1: token counts are whole numbers). */
  width: number;
  count: number;
}

const STEPS = [1, 2, 5, 10];

/** A round width of at least `raw` (1, 2 or 5 times a power of ten, never below 1). */
export function niceWidth(raw: number): number {
  if (!(raw > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((s) => s * power >= raw) ?? 10;
  return step * power;
}

/** Round-width bins covering [min, max]: at most about `target`, at least two-fifths as many; none when there is nothing to bin. */
export function niceBins(min: number | null, max: number | null, target = 20): BinSpec {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max))
    return { lo: 0, width: 1, count: 0 };
  const width = niceWidth((max - min) / target);
  const lo = Math.floor(min / width) * width;
  return { lo, width, count: Math.floor((max - lo) / width) + 1 };
}

/** SQL expression of the bin a value falls in. */
export function binExpr(value: string, bins: BinSpec): string {
  return `LEAST(GREATEST(FLOOR((${value} - (${bins.lo})) / ${bins.width}), 0), ${Math.max(bins.count - 1, 0)})::INTEGER`;
}

/** [from, to) of bin i. */
export function binRange(bins: BinSpec, i: number): [number, number] {
  return [bins.lo + i * bins.width, bins.lo + (i + 1) * bins.width];
}

// The arithmetic of the hand-drawn charts (components/uncertainty, components/signatures/PrevalenceDotPlot.tsx):
// a linear scale and round tick values. Small SVGs drawn by hand stay out of the chart library's bundle.

/** Maps [d0, d1] onto [r0, r1]; a domain of zero width maps everything to the middle of the range. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  return (x: number) => (span === 0 ? (r0 + r1) / 2 : r0 + ((x - d0) / span) * (r1 - r0));
}

/** The round step (1, 2 or 5 × 10^k) that cuts `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/** A domain widened to round ends and its ticks: about `count` of them, every one a multiple of the step. */
export function niceTicks(lo: number, hi: number, count = 5): { lo: number; hi: number; ticks: number[] } {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return { lo: 0, hi: 1, ticks: [0, 1] };
  if (lo > hi) [lo, hi] = [hi, lo];
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const step = niceStep(hi - lo, count);
  const a = Math.floor(lo / step) * step;
  const b = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  // Rounded so that 0.1 + 0.2 reads 0.3 on the axis.
  for (let i = 0; a + i * step <= b + step / 2; i++) ticks.push(Number((a + i * step).toPrecision(12)));
  return { lo: ticks[0]!, hi: ticks[ticks.length - 1]!, ticks };
}

/** Integer ticks 1..n (ranks): every one up to 10, else about ten round ones, always with 1 and n. */
export function rankTicks(n: number): number[] {
  if (n <= 1) return [1];
  if (n <= 10) return Array.from({ length: n }, (_, i) => i + 1);
  const step = Math.max(1, niceStep(n - 1, 8));
  const ticks = [1];
  for (let t = step; t < n; t += step) if (t - ticks[ticks.length - 1]! >= step / 2) ticks.push(t);
  if (n - ticks[ticks.length - 1]! < step / 2) ticks.pop();
  ticks.push(n);
  return ticks;
}

// Number formats of the cost page: tokens in millions (as Table 2 reports them), calls, ratios, dollars.
import { fmt } from "@/lib/site/labels";

export const millions = (tokens: number | null | undefined, decimals = 3) =>
  fmt(tokens === null || tokens === undefined ? tokens : tokens / 1e6, decimals);
export const calls = (n: number | null | undefined) => fmt(n, 1);
export const ratio = (r: number | null | undefined) => (r === null || r === undefined ? "—" : `${r.toFixed(2)}×`);
export const usd = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `$${v.toFixed(2)}`);

/** Decimals that show the edges of bins of this width (in tokens) in millions. */
export function binDecimals(width: number): number {
  return Math.max(0, -Math.floor(Math.log10(width / 1e6)));
}

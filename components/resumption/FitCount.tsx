// How many logistic fits the page draws under the shown condition, and how many of their slope intervals exclude 0:
// at 95%, about one in twenty would with no trend anywhere, so one exclusion among many is a reason to look, not a
// finding. The counts are the page data's (lib/queries/resumption/model.ts fitCount).
import type { FitCount as Count } from "@/lib/queries/resumption/model";

export function FitCount({ fits, scopes }: { fits: Count; scopes: number }) {
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="fit-count">
      Under this condition the page fits a curve for each of {scopes} scopes (pooled and each configuration), three
      outcomes and three loads: <span data-stat="series">{fits.series}</span> series with returns,{" "}
      <span data-stat="fitted">{fits.fitted}</span> of them fitted, and{" "}
      <span data-stat="excluding-zero">{fits.excludingZero}</span> of those slope intervals exclude 0. With no trend
      anywhere, about one 95% interval in twenty (here about {(fits.fitted / 20).toFixed(1)}) would exclude 0 by chance;
      the intervals are not adjusted for the number of fits.
    </p>
  );
}

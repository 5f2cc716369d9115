// One detector share as shown everywhere: k/n, the percentage and its Wilson 95% interval. The counts ride
// on data-k / data-n and the bounds on data-stat spans, so exports get them as their own columns
// (lib/site/table-export.ts); data-value, data-lo and data-hi hold the unrounded percentages. An empty denominator is unknown ("no readable run"), never 0 %.
import type { Share } from "@/lib/queries/signatures/prevalence-model";
import { fmt } from "@/lib/site/labels";

export function ShareText({ s, what = "readable run" }: { s: Share | undefined; what?: string }) {
  if (!s || s.n === 0)
    return (
      <span className="text-zinc-500" data-share="unknown">
        no {what}
      </span>
    );
  return (
    <span
      data-share={`${s.k}/${s.n}`}
      data-k={s.k}
      data-n={s.n}
      data-value={s.pct ?? undefined}
      data-lo={s.lo ?? undefined}
      data-hi={s.hi ?? undefined}
    >
      <span className="whitespace-nowrap">
        {s.k}/{s.n}
      </span>{" "}
      <span className="whitespace-nowrap">{fmt(s.pct)} %</span>{" "}
      <span className="whitespace-nowrap text-zinc-500">
        [<span data-stat="lo">{fmt(s.lo)}</span>, <span data-stat="hi">{fmt(s.hi)}</span>]
      </span>
    </span>
  );
}

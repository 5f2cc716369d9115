"use client";
// Interruption tasks: per configuration, how many of the interrupting tasks it resolved beside how often it resolved
// the focus task under the same condition, as a table (static HTML, exported) and as a trade-off scatter.
import dynamic from "next/dynamic";
import { ChartFigure } from "@/components/ui/ChartFigure";
import { TableExport } from "@/components/site/TableExport";
import type { ConditionResumption } from "@/lib/queries/resumption/model";
import { conditionLabel } from "@/lib/site/labels";
import { InterruptionTable } from "./InterruptionTable";
import { tradeoffDots } from "@/lib/queries/resumption/view";

const TradeoffChart = dynamic(() => import("./TradeoffChart").then((m) => m.TradeoffChart), { ssr: false });

const round = (v: number) => Number(v.toFixed(3));

export function InterruptionSection({ releaseId, cond }: { releaseId: string; cond: ConditionResumption }) {
  const rows = cond.interruptions;
  const scored = rows.filter((r) => r.completion).length;
  const label = conditionLabel(cond.condition);
  const dots = tradeoffDots(rows);
  const title = `Interruption completion against ${label} focus resolution`;
  return (
    <section aria-labelledby="interruptions" className="space-y-3">
      <h2 id="interruptions" className="text-base font-semibold">
        Interruption tasks: does holding focus cost the other tasks?
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="scored-note">
        {scored} of {rows.length} configurations list interruption outcomes (a release scores them where its team did;
        the paper scores only the focus task). Completion is resolved interruption tasks over those listed; focus
        resolution is the leaderboard&apos;s overall {label} number. The interruption tasks of one run go together (and
        so do the repeats of one session), so completion&apos;s interval is clustered by focus task (Wilson&apos;s at
        the effective sample size, tasks over the design effect); focus resolution&apos;s is the leaderboard&apos;s.
      </p>
      <div className="overflow-x-auto" data-export-scope>
        <TableExport releaseId={releaseId} view="interruption-completion" subset={cond.condition} what={title} />
        <InterruptionTable rows={rows} condition={cond.condition} />
      </div>
      {dots.length > 0 ? (
        <ChartFigure
          releaseId={releaseId}
          id="interruption-tradeoff"
          title={title}
          table={{
            caption: title,
            columns: [
              { key: "name", label: "Configuration" },
              { key: "x", label: "Interruption completion %" },
              { key: "xLo", label: "95% low" },
              { key: "xHi", label: "95% high" },
              { key: "y", label: `Focus resolution (${label}) %` },
              { key: "yLo", label: "95% low" },
              { key: "yHi", label: "95% high" },
            ],
            rows: dots.map((d) => ({
              name: d.name,
              x: round(d.x),
              xLo: round(d.xLo),
              xHi: round(d.xHi),
              y: round(d.y),
              yLo: round(d.yLo),
              yHi: round(d.yHi),
            })),
          }}
        >
          <TradeoffChart rows={rows} yLabel={`Focus resolution (${label})`} />
        </ChartFigure>
      ) : null}
      <p className="text-xs text-zinc-500">
        The scatter compares configurations, not runs: a configuration that finishes more interruption tasks and
        resolves fewer focus tasks is consistent with a trade-off, but also with a model that is simply better at small
        tasks. Each point rests on its own configuration&apos;s runs; with a handful of points no trend across them is a
        test of anything.
      </p>
    </section>
  );
}

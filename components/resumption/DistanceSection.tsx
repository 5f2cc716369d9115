"use client";
// One outcome of the focus returns (the stage held, or a trace signature at the return) against the chosen load, for
// the chosen configuration or all pooled: what was counted, the logistic fit in words, the chart (bins with Wilson
// intervals clustered by focus task, the fitted curve with its pointwise band) and the bins as a table with its export.
import dynamic from "next/dynamic";
import { ChartFigure, type ChartTable } from "@/components/ui/ChartFigure";
import { chartColor, ROLE_COLORS } from "@/components/ui/chart";
import { TableExport } from "@/components/site/TableExport";
import type { ResumptionScope } from "@/lib/queries/resumption/model";
import { fitCurve, type LoadMeasure, type LoadSeries, type ResumptionOutcome } from "@/lib/queries/resumption/series";
import { binLabel, MEASURES, OUTCOME_LABELS } from "@/lib/queries/resumption/view";
import { BinTable } from "./BinTable";
import { FitSummary } from "./FitSummary";

const DistanceChart = dynamic(() => import("./DistanceChart").then((m) => m.DistanceChart), { ssr: false });

const COLORS: Record<ResumptionOutcome, string> = {
  held: ROLE_COLORS.focus,
  requirement_state_loss: chartColor(6),
  cross_task_interference: chartColor(7),
};

const round = (v: number | null) => (v === null ? null : Number(v.toFixed(3)));

function chartTable(series: LoadSeries, measure: LoadMeasure, caption: string): ChartTable {
  const { scale, axis } = MEASURES[measure];
  return {
    caption,
    columns: [
      { key: "what", label: "Point" },
      { key: "load", label: axis },
      { key: "n", label: "Returns" },
      { key: "successes", label: "Successes" },
      { key: "rate", label: "Rate or fitted rate %" },
      { key: "lo", label: "95% low % (bins clustered by focus task, fit pointwise)" },
      { key: "hi", label: "95% high %" },
    ],
    rows: [
      ...series.bins.map((b) => ({
        what: `bin ${binLabel(b, measure)}`,
        load: round(b.meanLoad === null ? null : b.meanLoad / scale),
        n: b.n,
        successes: b.successes,
        rate: round(b.rate),
        lo: b.n > 0 ? round(b.ciLo) : null,
        hi: b.n > 0 ? round(b.ciHi) : null,
      })),
      ...(series.fit.ok ? fitCurve(series.fit) : []).map((c) => ({
        what: "logistic fit",
        load: round(c.x / scale),
        n: null,
        successes: null,
        rate: round(c.p),
        lo: round(c.lo),
        hi: round(c.hi),
      })),
    ],
  };
}

function Counted({
  outcome,
  scope,
  series,
}: {
  outcome: ResumptionOutcome;
  scope: ResumptionScope;
  series: LoadSeries;
}) {
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="counted" data-outcome={outcome}>
      {scope.label}: {scope.returns} focus returns, {scope.returns - scope.reached} of them never reached (the run ended
      first); <span data-stat="n">{series.n}</span> binned and fitted
      {series.unknown > 0 ? (
        <>
          , <span data-stat="unknown">{series.unknown}</span> left out as unknown (
          {outcome === "held"
            ? "a load not metered, or a stage without F2P tests"
            : "no readable trajectory, or a load not metered"}
          )
        </>
      ) : null}
      {series.outside > 0 ? `, ${series.outside} below the first bin` : ""}.
    </p>
  );
}

export function DistanceSection({
  releaseId,
  heading,
  outcome,
  measure,
  scope,
  exportSubset,
  children,
}: {
  releaseId: string;
  heading: string;
  outcome: ResumptionOutcome;
  measure: LoadMeasure;
  scope: ResumptionScope;
  exportSubset: string;
  /** Controls of this section only (the signature picker). */
  children?: React.ReactNode;
}) {
  const series = scope.series[outcome][measure];
  const spec = MEASURES[measure];
  const id = outcome === "held" ? "resumption-held" : "resumption-signature";
  const what = `${OUTCOME_LABELS[outcome]} against ${spec.label.toLowerCase()} in between, ${scope.label}`;
  return (
    <section aria-labelledby={id} className="space-y-3" data-section={id}>
      <h2 id={id} className="text-base font-semibold">
        {heading}
      </h2>
      {children}
      {scope.returns === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="counted" data-outcome={outcome}>
          {scope.label}: no focus returns under this condition (no session of it goes back to the focus task after work
          on another task).
        </p>
      ) : (
        <Counted outcome={outcome} scope={scope} series={series} />
      )}
      {series.n > 0 ? <FitSummary fit={series.fit} measure={measure} /> : null}
      {series.n > 0 ? (
        <ChartFigure
          releaseId={releaseId}
          id={`${id}-${measure}`}
          title={what}
          table={chartTable(series, measure, what)}
        >
          <DistanceChart
            series={series}
            labels={series.bins.map((b) => binLabel(b, measure))}
            scale={spec.scale}
            xLabel={spec.axis}
            yLabel={OUTCOME_LABELS[outcome]}
            color={COLORS[outcome]}
          />
        </ChartFigure>
      ) : null}
      <div className="overflow-x-auto" data-export-scope>
        <TableExport releaseId={releaseId} view={id} subset={exportSubset} what={what} />
        <BinTable outcome={outcome} measure={measure} scopeId={scope.id} scopeLabel={scope.label} series={series} />
      </div>
    </section>
  );
}

// The logistic fit of one outcome on one load in words: its slope per unit of load with the 95% interval (clustered by
// focus task: the larger of the clustered and the model-based standard error), or why there is no fit (never hidden).
import { fitCurve, type CurvePoint, type LoadMeasure, type ResumptionFit } from "@/lib/queries/resumption/series";
import { FIT_FAILURES, MEASURES } from "@/lib/queries/resumption/view";

const PLURAL: Record<LoadMeasure, string> = { requests: "requests", tokens: "M tokens", switches: "switches" };

const num = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3));

export function FitSummary({ fit, measure }: { fit: ResumptionFit; measure: LoadMeasure }) {
  const { scale, unit } = MEASURES[measure];
  if (!fit.ok) {
    return (
      <p className="text-sm" data-testid="fit" data-ok="no" data-reason={fit.reason}>
        <strong>No logistic fit</strong> ({fit.n} returns): {FIT_FAILURES[fit.reason]}.
      </p>
    );
  }
  const [slope, lo, hi, seClustered, seModel] = [fit.slope, fit.slopeLo, fit.slopeHi, fit.seClustered, fit.seModel].map(
    (v) => v * scale,
  );
  const curve = fitCurve(fit);
  const first = curve[0]!;
  const last = curve.at(-1)!;
  const pct = (c: CurvePoint) => `${c.p.toFixed(1)}%`;
  const load = (c: CurvePoint) => {
    const v = Number((c.x / scale).toFixed(1));
    return `${v} ${v === 1 || measure === "tokens" ? unit : PLURAL[measure]}`;
  };
  return (
    <p className="text-sm" data-testid="fit" data-ok="yes">
      Logistic fit over {fit.n} returns: the log-odds change by <span data-stat="slope">{num(slope!)}</span> per {unit}{" "}
      (95% interval{" "}
      <span data-stat="slope-interval">
        [{num(lo!)}, {num(hi!)}]
      </span>
      , clustered by <span data-stat="focus-tasks">{fit.focusTasks}</span> focus tasks: standard error{" "}
      <span data-stat="se-clustered">{num(seClustered!)}</span> against{" "}
      <span data-stat="se-model">{num(seModel!)}</span> if every return were independent; the larger is used)
      {lo! > 0 || hi! < 0 ? "" : ", an interval that holds 0: these returns cannot tell a trend from none"}; the fitted
      rate goes from {pct(first)} at {load(first)} to {pct(last)} at {load(last)}. The shaded band is the fitted
      rate&apos;s pointwise 95% interval: each load&apos;s own, not a band the whole curve stays inside 95% of the time.
    </p>
  );
}

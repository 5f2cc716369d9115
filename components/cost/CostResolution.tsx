"use client";
// Cost against resolution for the chosen group and condition: the scatter (drawn in the browser) and the same
// points as a table in the static HTML, in tokens or, when the release records it, USD.
import dynamic from "next/dynamic";
import { useMemo } from "react";
import type { CostPageData } from "@/lib/queries/cost/model";
import { scatterPoints, type CostViewState } from "@/lib/queries/cost/view";
import { conditionLabel } from "@/lib/site/labels";
import { CostSection, type CostPanelProps } from "./CostSection";
import { millions, usd } from "./format";
import { ScatterTable } from "./ScatterTable";
import { RadioGroup, type Option } from "@/components/ui/controls";

const CostScatter = dynamic(() => import("./CostScatter").then((m) => m.CostScatter), { ssr: false });

export function CostResolution({
  data,
  update,
  ...panel
}: CostPanelProps & { data: CostPageData; update: (patch: Partial<CostViewState>) => void }) {
  const { shown, state, withCost } = panel;
  const base = conditionLabel(data.baseline);
  const cond = conditionLabel(state.condition);
  const axis = withCost ? state.axis : "tokens";
  const points = useMemo(() => scatterPoints(shown, { ...state, axis }), [shown, state, axis]);
  const costLabel =
    axis === "usd" ? "USD per run" : `${state.mode === "cached" ? "tokens" : "tokens − cached"} per run (M)`;
  return (
    <CostSection
      id="scatter"
      title="Cost against resolution"
      view="cost-resolution"
      what="cost against resolution"
      panel={panel}
    >
      {withCost ? (
        <RadioGroup
          label="cost axis"
          name="cost-axis"
          className="flex items-center gap-2 text-sm"
          value={axis}
          options={COST_AXES}
          onValue={(a) => update({ axis: a })}
        />
      ) : null}
      <CostScatter
        points={points}
        baseline={data.baseline}
        condition={state.condition}
        xLabel={costLabel}
        scale={axis === "usd" ? 1 : 1e6}
      />
      <ScatterTable
        points={points}
        configs={shown.configs}
        conditions={[data.baseline, state.condition]}
        costLabel={axis === "usd" ? "USD" : "M tokens"}
        formatCost={(v) => (axis === "usd" ? usd(v) : millions(v))}
      />
      <p className="text-xs text-zinc-500">
        Arrows go from each configuration&apos;s {base} point to its {cond} point; dashed lines and ★ mark each
        condition&apos;s Pareto frontier (no other configuration is both cheaper and more resolved). Resolution is the
        leaderboard&apos;s.
      </p>
    </CostSection>
  );
}

const COST_AXES: Option<"tokens" | "usd">[] = [
  { value: "tokens", label: "tokens" },
  { value: "usd", label: "USD" },
];

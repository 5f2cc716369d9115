// The signature prevalence dot plot (components/signatures/PrevalenceDotPlot.tsx) as pure functions of the
// prevalence model: each configuration × condition's share of readable runs tagged with each signature and its
// Wilson interval (the numbers of the prevalence matrices), the rows drawn, and the table behind the picture.
import type { PrevalenceCell, Share } from "../queries/signatures/prevalence-model";
import { signatureLabel } from "../trajectory/tags";
import type { ChartTable } from "./chart-export";
import { niceTicks } from "./chart-scale";
import { conditionLabel, groupLabel } from "./labels";

/** Above this many configurations the dot plot draws the first ones (a filter of the page finds the others). */
export const DOT_PLOT_LIMIT = 60;

export type Strength = "strong" | "weak";

/** What each strength counts, in a sentence ("share of readable runs with …") and in a title's brackets. */
export const STRENGTH_TEXT: Record<Strength, { runs: string; short: string }> = {
  strong: { runs: "at least one strong tag", short: "strong tags" },
  weak: { runs: "weak tags only", short: "weak only" },
};

export const dotKey = (config: string, condition: string, grp: string, signature: string) =>
  [config, condition, grp, signature].join("\u0000");

/** The share drawn for a cell: runs with a strong tag, or with weak tags only. */
export function shareOf(cell: PrevalenceCell | undefined, strength: Strength): Share | undefined {
  return cell ? (strength === "strong" ? cell.strong : cell.weak) : undefined;
}

/** The model's cells of one group, by dotKey. */
export function cellsByKey(cells: readonly PrevalenceCell[]): Map<string, PrevalenceCell> {
  return new Map(cells.map((c) => [dotKey(c.config_id, c.condition, c.grp, c.signature), c]));
}

/** The whole scale of a share: the axis when no interval is known, or when the data reach it. */
const FULL = { lo: 0, hi: 100, ticks: [0, 20, 40, 60, 80, 100] };

type DotArgs = {
  cells: Map<string, PrevalenceCell>;
  configs: readonly { id: string; name: string }[];
  conditions: readonly string[];
  group: string;
  signatures: readonly string[];
  strength: Strength;
};

/**
 * The dot plot's axis, shared by its panels: from 0 to the highest drawn interval's upper end, widened to a round
 * tick (0–1% for shares of 0.3–0.9% with their intervals, not 0–100%, where they would be one blot at the left).
 */
export function prevalenceAxis(args: DotArgs): { lo: number; hi: number; ticks: number[] } {
  const { cells, configs, conditions, group, signatures, strength } = args;
  let top = 0;
  for (const c of configs)
    for (const cond of conditions)
      for (const s of signatures) {
        const sh = shareOf(cells.get(dotKey(c.id, cond, group, s)), strength);
        if (sh && sh.pct !== null && sh.hi !== null && sh.lo !== null) top = Math.max(top, sh.hi);
      }
  if (!(top > 0)) return FULL;
  const axis = niceTicks(0, top, 5);
  return axis.hi >= 100 ? FULL : axis;
}

const r1 = (x: number | null | undefined) => (x === null || x === undefined ? null : Number(x.toFixed(1)) + 0);

export function prevalenceDotTable(args: DotArgs): ChartTable {
  const { cells, configs, conditions, group, signatures, strength } = args;
  return {
    caption: `Share of readable runs with ${STRENGTH_TEXT[strength].runs} of each signature, ${groupLabel(group)} focus tasks, percent, with its Wilson 95% interval`,
    columns: [
      { key: "config", label: "Configuration" },
      { key: "condition", label: "Condition" },
      ...signatures.flatMap((s) => {
        const l = signatureLabel(s);
        return [
          { key: `${s}.pct`, label: `${l} (%)` },
          { key: `${s}.lo`, label: `${l} 95% low` },
          { key: `${s}.hi`, label: `${l} 95% high` },
          { key: `${s}.k`, label: `${l} runs tagged` },
          { key: `${s}.n`, label: `${l} readable runs` },
        ];
      }),
    ],
    rows: configs.flatMap((c) =>
      conditions.map((cond) => {
        const row: Record<string, string | number | null> = { config: c.name, condition: conditionLabel(cond) };
        for (const s of signatures) {
          const sh = shareOf(cells.get(dotKey(c.id, cond, group, s)), strength);
          row[`${s}.pct`] = r1(sh?.pct);
          row[`${s}.lo`] = r1(sh?.lo);
          row[`${s}.hi`] = r1(sh?.hi);
          row[`${s}.k`] = sh ? sh.k : null;
          row[`${s}.n`] = sh ? sh.n : null;
        }
        return row;
      }),
    ),
  };
}

// A local release's configurations as the compare picker lists them. Apart from union.sql.ts, which every page that
// shows local rows loads, because showing names as the site shows them reads the look-alike tables
// (lib/data/validate-names.ts), which only the compare page needs.
import type { ConfigRow } from "../leaderboard/sql";
import { shownDisplayNames, shownLabel } from "../../data/validate-names";
import { LOCAL_PREFIX } from "./union.sql";

type LocalConfig = Pick<ConfigRow, "config_id" | "model" | "harness" | "variant" | "display_name"> & {
  harness_version?: string | null;
  reasoning?: string | null;
  base_config_id?: string | null;
  submitted_at?: string | null;
  submitted_by?: string | null;
  report_url?: string | null;
  verified?: { by: string; at: string } | null;
};

/**
 * A local release's configurations as the compare picker lists them (ids prefixed, marked local), with their
 * labels as the combined schema shows them (lib/data/tables.ts): invisible characters (a bidi override) as
 * ⟦U+…⟧, and a display name that looks like another of the release's followed by its config id.
 */
export function localConfigRows(configs: readonly LocalConfig[], order: number): ConfigRow[] {
  const names = shownDisplayNames(configs);
  return configs.map((c, i) => ({
    config_id: LOCAL_PREFIX + c.config_id,
    model: shownLabel(c.model),
    harness: shownLabel(c.harness),
    harness_version: shownLabel(c.harness_version ?? null),
    reasoning: shownLabel(c.reasoning ?? null),
    variant: shownLabel(c.variant),
    base_config_id: c.base_config_id ? LOCAL_PREFIX + c.base_config_id : null,
    display_name: names[i]!,
    sort_order: order,
    is_local: true,
    // The same columns CONFIGS_SQL reads from the configs table (lib/data/tables.ts).
    submitted_at: c.submitted_at ?? null,
    submitted_by: shownLabel(c.submitted_by ?? null),
    report_url: c.report_url ?? null,
    verified_by: c.verified?.by ?? null,
    verified_at: c.verified?.at ?? null,
  }));
}

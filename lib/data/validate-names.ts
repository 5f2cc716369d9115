// Names shown as labels (docs/data-format.md, "Ids and names"): the site shows their invisible characters as
// ⟦U+202E⟧ and a configuration whose display name looks like another's with its id (shownDisplayNames), so a
// name never passes for another; the validator says so in warnings.
import { collapseSpace, confusableKeys, LookAlikes } from "../common/confusable";
import { invisibleCharacters, markInvisible } from "../common/unicode";
import { lineOf } from "./record-lines";
import type { Config } from "./schema";
import type { Context } from "./validate-context";

/** The configuration fields shown as labels (the leaderboard, its details, compare, cost, the run pages). */
export const CONFIG_LABELS = ["display_name", "model", "harness", "harness_version", "reasoning", "variant", "submitted_by"] as const;
/** The task fields shown as labels (the catalog, the repository breakdown). */
export const TASK_LABELS = ["repo", "title"] as const;

function invisibleWarning(field: string, value: string | undefined): string | null {
  const found = value === undefined ? [] : invisibleCharacters(value);
  if (found.length === 0) return null;
  return `${field} "${markInvisible(value!)}" holds ${found.join(", ")}; the site shows each as ⟦U+…⟧`;
}

export function checkNames(ctx: Context): void {
  for (const c of ctx.release.configs) {
    for (const field of CONFIG_LABELS) {
      const message = invisibleWarning(field, c[field]);
      if (message) ctx.warning("config", c, "name.invisible", message);
    }
  }
  for (const t of ctx.release.tasks) {
    for (const field of TASK_LABELS) {
      const message = invisibleWarning(field, t[field]);
      if (message) ctx.warning("task", t, "name.invisible", message);
    }
  }
  const seen = new LookAlikes<Config>();
  for (const c of ctx.release.configs) {
    const name = collapseSpace(c.display_name);
    const first = seen.find(name);
    seen.add(name, c);
    if (!first) continue;
    const where = lineOf(first) === undefined ? "" : ` (line ${lineOf(first)})`;
    ctx.warning(
      "config",
      c,
      "name.confusable",
      `display_name "${markInvisible(c.display_name)}" looks like "${markInvisible(first.display_name)}" of config ${first.config_id}${where}; the site shows both with their config id`,
    );
  }
}

/**
 * The display names as the site shows them: invisible characters as ⟦U+…⟧, and a name that still looks like
 * another configuration's (equal after case folding, white space and Unicode's confusable mapping) followed by
 * its config id, so two rows never look alike.
 */
export function shownDisplayNames(configs: readonly Pick<Config, "config_id" | "display_name">[]): string[] {
  const shown = configs.map((c) => markInvisible(c.display_name));
  const keys = shown.map((s) => confusableKeys(collapseSpace(s)));
  const counts = keys[0]?.map(() => new Map<string, number>()) ?? [];
  for (const k of keys) k.forEach((key, i) => counts[i]!.set(key, (counts[i]!.get(key) ?? 0) + 1));
  const alike = (i: number) => keys[i]!.some((key, j) => (counts[j]!.get(key) ?? 0) > 1);
  return shown.map((s, i) => (alike(i) ? `${s} (${configs[i]!.config_id})` : s));
}

/** A label field as shown: its invisible characters as ⟦U+…⟧ (null stays null). */
export function shownLabel<T extends string | null>(value: T): T {
  return (value === null ? null : markInvisible(value)) as T;
}

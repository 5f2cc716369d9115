// The small pill labels of the views ("local", "synthetic", provenance, outcome and tag labels): one shape, a
// tone for what the label says. Spans, so a badge sits inside text and table cells.
import type { ComponentProps } from "react";
import { cx } from "./Table";

const TONES = {
  neutral: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  muted: "bg-zinc-200 dark:bg-zinc-800",
  local: "bg-sky-100 text-sky-900",
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  bad: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100",
  alert: "bg-rose-600 text-white",
  info: "bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
  faint: "bg-rose-50 dark:bg-rose-950",
  /** The view gives the colours (a signature's, a source's). */
  plain: "",
} as const;

export type BadgeTone = keyof typeof TONES;

export type BadgeProps = ComponentProps<"span"> & { tone?: BadgeTone };

export function Badge({ tone = "neutral", className, ...rest }: BadgeProps) {
  return <span className={cx("rounded px-1", TONES[tone], className)} {...rest} />;
}

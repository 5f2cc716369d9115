// The session measures the profile reports, how their medians print, and which the glossary defines.
import type { GlossaryKey } from "@/lib/site/glossary";
import type { Measure } from "@/lib/queries/profile/sql";
import { fmt } from "@/lib/site/labels";

export const MEASURE_LABELS: Record<Measure, string> = {
  request_count: "Requests",
  workspace_switches: "Workspace switches",
  focus_returns: "Focus returns",
  interruption_tasks: "Interruption tasks",
};

/** Medians are whole numbers for odd counts; an even count may give a half. */
export const median = (v: number | null) => (v === null ? "—" : Number.isInteger(v) ? String(v) : fmt(v, 1));

/** The measures the glossary defines (the others, focus tasks and repositories, need no definition). */
export const TERMS: Partial<Record<string, GlossaryKey>> = {
  workspace_switches: "workspace_switches",
  focus_returns: "focus_returns",
  interruption_tasks: "interruption_tasks",
};

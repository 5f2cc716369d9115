// The two views beside the timeline: the steps, or the run's final focus patch (`tab=patch` in the URL).
import type { TrajectoryTab } from "@/lib/trajectory/url-state";

const TABS: { id: TrajectoryTab; label: string }[] = [
  { id: "steps", label: "Steps" },
  { id: "patch", label: "Final patch" },
];

export function PatchTabs({ tab, onTab }: { tab: TrajectoryTab; onTab: (t: TrajectoryTab) => void }) {
  return (
    <div
      role="tablist"
      aria-label="trajectory views"
      className="flex gap-1 border-b border-zinc-200 text-sm dark:border-zinc-800"
      data-testid="trajectory-tabs"
    >
      {TABS.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`trajectory-tab-${t.id}-button`}
          aria-selected={tab === t.id}
          aria-controls={`trajectory-tab-${t.id}`}
          data-testid={`tab-${t.id}`}
          onClick={() => onTab(t.id)}
          className={`-mb-px rounded-t border px-3 py-1 ${tab === t.id ? "border-zinc-300 border-b-white bg-white font-semibold dark:border-zinc-700 dark:border-b-zinc-950 dark:bg-zinc-950" : "border-transparent text-zinc-600 dark:text-zinc-400"}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

"use client";
// A visible control for the focus-task subset (?tasks=): paste or type task ids, apply; typing changes
// nothing until applied, so one subset is one history entry.
import { useEffect, useRef, useState } from "react";
import { useDismiss } from "@/components/site/useDismiss";

export function parseTaskList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

export function TaskSubsetControl({ value, onChange }: { value: string[]; onChange: (tasks: string[]) => void }) {
  const [draft, setDraft] = useState(value.join(", "));
  const root = useRef<HTMLDetailsElement>(null);
  useDismiss(root);
  useEffect(() => setDraft(value.join(", ")), [value]);
  return (
    <details ref={root} className="relative" data-filter="tasks">
      <summary className="btn cursor-pointer list-none">Tasks{value.length ? ` (${value.length})` : ": all"}</summary>
      <form
        className="absolute z-20 mt-1 w-72 rounded border border-zinc-200 bg-white p-2 shadow dark:border-zinc-700 dark:bg-zinc-900"
        onSubmit={(e) => {
          e.preventDefault();
          onChange(parseTaskList(draft));
          root.current?.removeAttribute("open");
        }}
      >
        <label className="block text-xs" htmlFor="task-subset">
          Focus task ids (separated by commas or spaces); the leaderboard is recomputed on them in your browser.
        </label>
        <textarea
          id="task-subset"
          className="mt-1 w-full rounded border border-zinc-300 p-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
          rows={3}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <span className="mt-1 flex gap-2">
          <button type="submit" className="btn">
            Apply
          </button>
          {value.length ? (
            <button type="button" className="btn" onClick={() => onChange([])}>
              All tasks
            </button>
          ) : null}
        </span>
      </form>
    </details>
  );
}

"use client";
// A multi-select filter: nothing ticked means no filter.
import { useRef } from "react";
import { useDismiss } from "@/components/site/useDismiss";

export interface FilterMenuProps {
  label: string;
  options: string[];
  value: string[];
  onChange: (value: string[]) => void;
}

export function FilterMenu({ label, options, value, onChange }: FilterMenuProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismiss(ref);
  return (
    <details ref={ref} className="relative" data-filter={label.toLowerCase()}>
      <summary className="btn cursor-pointer list-none">
        {label}
        {value.length ? ` (${value.length})` : ": all"}
      </summary>
      <div className="absolute z-20 mt-1 max-h-80 min-w-56 overflow-auto rounded border border-zinc-200 bg-white p-2 shadow dark:border-zinc-700 dark:bg-zinc-900">
        {options.map((o) => (
          <label key={o} className="flex items-center gap-2 whitespace-nowrap py-0.5">
            <input
              type="checkbox"
              checked={value.includes(o)}
              onChange={() => onChange(value.includes(o) ? value.filter((x) => x !== o) : [...value, o])}
            />
            {o}
          </label>
        ))}
        {value.length ? (
          <button type="button" className="mt-1 text-xs underline" onClick={() => onChange([])}>
            clear
          </button>
        ) : null}
      </div>
    </details>
  );
}

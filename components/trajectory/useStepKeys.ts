"use client";
// Keys: j/k step, J/K request, f next focus request, / search. Keys typed in a field stay there (Escape leaves it).
import { useEffect, useRef } from "react";
import { nextFocusRequest, requestMove, stepMove } from "@/lib/trajectory/navigation";
import type { Segmentation } from "@/lib/trajectory/segment";

/** A key typed in a field (or an editable element) belongs to the field. */
export function isTypingTarget(target: EventTarget | null): target is HTMLElement {
  const el = target as HTMLElement | null;
  return (
    el !== null &&
    (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable)
  );
}

/** Returns the search box that / focuses. */
export function useStepKeys(
  selected: number | null,
  shown: number[],
  seg: Segmentation | null,
  select: (n: number) => void,
) {
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target;
      if (isTypingTarget(target)) {
        if (e.key === "Escape") target.blur();
        return;
      }
      if (e.metaKey || e.ctrlKey || e.altKey || selected === null) return;
      let next: number | null;
      if (e.key === "j") next = stepMove(selected, shown, 1);
      else if (e.key === "k") next = stepMove(selected, shown, -1);
      else if (e.key === "J" && seg) next = requestMove(selected, seg, shown, 1);
      else if (e.key === "K" && seg) next = requestMove(selected, seg, shown, -1);
      else if (e.key === "f" && seg) next = nextFocusRequest(selected, seg, shown);
      else if (e.key === "/") {
        e.preventDefault();
        searchBox.current?.focus();
        return;
      } else return;
      e.preventDefault();
      if (next !== null && next !== selected) select(next);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selected, shown, seg, select]);
  return searchBox;
}

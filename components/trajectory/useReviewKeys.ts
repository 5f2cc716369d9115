"use client";
// Review mode's keys: r confirms the current tag, x rejects it, u jumps to the next tag without a review. Like the
// step keys, a key typed in a field (a note, the reviewer's name) stays there.
import { useEffect, useRef } from "react";
import { isTypingTarget } from "./useStepKeys";

export interface ReviewKeyActions {
  confirm: () => void;
  reject: () => void;
  next: () => void;
}

export function useReviewKeys(enabled: boolean, actions: ReviewKeyActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target) || e.metaKey || e.ctrlKey || e.altKey) return;
      const keys: Record<string, () => void> = {
        r: latest.current.confirm,
        x: latest.current.reject,
        u: latest.current.next,
      };
      const act = keys[e.key];
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}

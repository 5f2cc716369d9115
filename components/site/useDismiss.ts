"use client";
// A popover closes on Escape and on a pointer pressed outside it: a <details> popover (useDismiss, focus back
// on its summary) or one whose open state the component keeps (Term.tsx, through useCloseOnEscapeOrOutside).
import { useCallback, useEffect, type RefObject } from "react";

/** While `active`, calls `close` on Escape and on a pointer pressed outside `ref`, saying which it was. */
export function useCloseOnEscapeOrOutside(
  ref: RefObject<Element | null>,
  active: boolean,
  close: (by: "escape" | "outside") => void,
) {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close("escape");
    const onDown = (e: PointerEvent) => !ref.current?.contains(e.target as Node) && close("outside");
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [ref, active, close]);
}

export function useDismiss(ref: RefObject<HTMLDetailsElement | null>) {
  const close = useCallback(
    (by: "escape" | "outside") => {
      const d = ref.current;
      if (!d?.open) return;
      d.open = false;
      if (by === "escape") d.querySelector("summary")?.focus();
    },
    [ref],
  );
  useCloseOnEscapeOrOutside(ref, true, close);
}

"use client";
// Moving to a focus request scrolls the shared container so that row is at its top.
import { useEffect, useRef, useState } from "react";

/**
 * `result` is the aligned rows' result (null until they are in; a new one scrolls again), `k` the focus request
 * moved to; `go` moves to another through `onK`.
 */
export function useFocusScroll(result: object | null, k: number | null, onK: (k: number) => void) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolledTo, setScrolledTo] = useState<number | null>(null);
  useEffect(() => {
    if (!result || k === null || scrolledTo === k) return;
    const row = box.current?.querySelector<HTMLElement>(`[data-kind="focus"][data-k="${k}"]`);
    if (row && box.current) {
      box.current.scrollTo({ top: row.offsetTop });
      setScrolledTo(k);
    }
  }, [result, k, scrolledTo]);
  const go = (k: number) => {
    setScrolledTo(null);
    onK(k);
  };
  return { box, go };
}

"use client";
// A long table (≥ WINDOW_FROM rows, a scaled release) renders the rows on screen only (lib/site/row-window.ts):
// the window follows the page's scroll and size, measured from the table body and its first row.
import { useEffect, useRef, useState } from "react";
import { rowWindow, WINDOW_FROM, type RowWindow } from "@/lib/site/row-window";

export function useRowWindow(count: number) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [win, setWin] = useState<RowWindow>(() => rowWindow(count, null, 0, 45));
  useEffect(() => {
    const measure = () => {
      const b = body.current;
      if (!b) return;
      const rowHeight = b.querySelector("tr[data-config]")?.getBoundingClientRect().height ?? 45;
      const next = rowWindow(count, b.getBoundingClientRect().top, window.innerHeight, rowHeight);
      setWin((w) =>
        w.start === next.start && w.end === next.end && w.before === next.before && w.after === next.after ? w : next,
      );
    };
    measure();
    if (count <= WINDOW_FROM) return;
    window.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      window.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [count]);
  return { body, win };
}

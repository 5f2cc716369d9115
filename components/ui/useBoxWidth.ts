"use client";
// The width of the box a chart is drawn in, kept current as the window resizes: a hand-drawn chart lays out its
// panels for it (lib/site/chart-layout.ts). Null until measured, so the build's HTML has the desktop layout.
import { useLayoutEffect, useRef, useState } from "react";

export function useBoxWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

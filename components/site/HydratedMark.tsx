"use client";
// Marks <html data-hydrated> once React has hydrated the layout. The leaderboards load their chunk scripts after
// the first paint (scripts/first-paint.ts), so their load event can come before hydration; browser tests wait
// for this mark (e2e/fixtures.ts) before they click.
import { useEffect } from "react";

export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

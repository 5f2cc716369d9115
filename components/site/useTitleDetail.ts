"use client";
// Pages whose subject comes from the query string (a run, a pair) are one static file each, so the static
// <title> names only the view and the release. After hydration the subject goes in after the view:
// "Trajectory · <run> · <release> · Switch-SWE".
import { useEffect } from "react";

export function titleWithDetail(base: string, detail: string | null): string {
  if (!detail) return base;
  const [view, ...rest] = base.split(" · ");
  return [view, detail, ...rest].join(" · ");
}

export function useTitleDetail(detail: string | null) {
  useEffect(() => {
    // Whatever title is there and is not ours is the page's static one (also after a client navigation):
    // React re-renders the metadata's <title> on hydration and navigation, so the subject goes back in.
    let applied: string | null = null;
    let base = document.title;
    const apply = () => {
      if (document.title === applied) return;
      base = document.title;
      applied = titleWithDetail(base, detail);
      document.title = applied;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      // A new subject starts again from the static title.
      if (document.title === applied) document.title = base;
    };
  }, [detail]);
}

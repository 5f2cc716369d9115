"use client";
// Pages whose subject comes from the query string (a run, a pair) are one static file each, so the static
// <title> names only the view and the release. After hydration the subject goes in after the view:
// "Trajectory · <run> · <release> · Switch-SWE".
import { useEffect } from "react";

let staticTitle: string | null = null;

export function titleWithDetail(base: string, detail: string | null): string {
  if (!detail) return base;
  const [view, ...rest] = base.split(" · ");
  return [view, detail, ...rest].join(" · ");
}

export function useTitleDetail(detail: string | null) {
  useEffect(() => {
    staticTitle ??= document.title;
    const want = titleWithDetail(staticTitle, detail);
    // React re-renders the metadata's <title> on hydration and navigation: put the subject back each time.
    const apply = () => {
      if (document.title !== want) document.title = want;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [detail]);
}

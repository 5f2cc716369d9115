"use client";
// A shell command in one step-list row. Highlighted only once the row has stayed on screen for a moment,
// so scrolling through thousands of rows does not queue thousands of highlights.
import { useEffect, useState } from "react";
import { visibleControls } from "@/lib/trajectory/text-safety";
import { highlight } from "./highlight";

const SETTLE_MS = 150;
const INLINE =
  "[&_.shiki]:inline [&_.shiki]:bg-transparent! [&_code]:inline [&_.line]:inline dark:[&_.shiki_span]:text-(--shiki-dark)!";

export function CommandLine({ command }: { command: string }) {
  const shown = visibleControls(command);
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      highlight(shown, "bash").then(
        (h) => live && setHtml(h),
        () => undefined,
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [shown]);
  if (html === null) return <span className="font-mono">$ {shown}</span>;
  return (
    <span className="font-mono">
      $ {/* shiki's output, which escapes the command it was given */}
      <span className={INLINE} dangerouslySetInnerHTML={{ __html: html }} />
    </span>
  );
}

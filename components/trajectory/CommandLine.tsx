"use client";
// A shell command in one step-list row. Highlighted only once the row has stayed on screen for a moment,
// so scrolling through thousands of rows does not queue thousands of highlights.
import { useAsync } from "@/components/site/useAsync";
import { visibleControls } from "@/lib/trajectory/text-safety";
import { highlight } from "./highlight";

const SETTLE_MS = 150;
const INLINE =
  "[&_.shiki]:inline [&_.shiki]:bg-transparent! [&_code]:inline [&_.line]:inline dark:[&_.shiki_span]:text-(--shiki-dark)!";

export function CommandLine({ command }: { command: string }) {
  const shown = visibleControls(command);
  const highlighted = useAsync<string | null, string>(shown, async (text, { signal }) => {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    if (signal.aborted) return null;
    return highlight(text, "bash").catch(() => null);
  });
  const html = highlighted.value ?? null;
  if (html === null) return <span className="font-mono">$ {shown}</span>;
  return (
    <span className="font-mono">
      $ {/* shiki's output, which escapes the command it was given */}
      <span className={INLINE} dangerouslySetInnerHTML={{ __html: html }} />
    </span>
  );
}

// The final focus patch, the artifact Switch-SWE scores (docs/trajectory-explorer.md, "Final patch"): per
// file, its hunks highlighted with shiki's diff language, the file's mark against the focus task and the
// session's other tasks, and the added lines that name identifiers only another task's requests mention.
// Every path and line is patch text, untrusted: rendered as text (shiki escapes what it highlights).
import type { FileMark } from "@/lib/trajectory/patch-taint";
import { fileDiffText, type PatchView } from "@/lib/trajectory/patch-view";
import { visibleControls } from "@/lib/trajectory/text-safety";
import { CodeBlock } from "./CodeBlock";
import { Badge } from "@/components/ui/Badge";

export type PatchState =
  | { status: "loading" }
  | { status: "none"; message: string }
  | { status: "error"; message: string }
  | { status: "ready"; view: PatchView };

const MARKS: Record<FileMark, { label: string; cls: string }> = {
  focus: {
    label: "focus file",
    cls: "border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  },
  focus_adjacent: {
    label: "focus-adjacent",
    cls: "border-sky-500 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  },
  other_task: {
    label: "another session task's file",
    cls: "border-rose-500 bg-rose-50 text-rose-900 dark:bg-rose-950 dark:text-rose-100",
  },
  outside: {
    label: "outside the focus checkout",
    cls: "border-rose-700 bg-rose-100 text-rose-950 dark:bg-rose-900 dark:text-rose-50",
  },
  unmarked: {
    label: "elsewhere in the focus checkout",
    cls: "border-zinc-400 bg-zinc-50 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300",
  },
};

export function PatchPanel({ state, testId = "patch" }: { state: PatchState; testId?: string }) {
  if (state.status === "loading")
    return (
      <p className="text-sm text-zinc-500" data-testid={testId} data-state="loading">
        Reading the submitted patch (in a worker)…
      </p>
    );
  if (state.status === "none" || state.status === "error") {
    return (
      <p
        className={`text-sm ${state.status === "error" ? "text-red-700" : ""}`}
        data-testid={testId}
        data-state={state.status}
        role={state.status === "error" ? "alert" : undefined}
      >
        {state.message}
      </p>
    );
  }
  const { view } = state;
  const taint = view.taint;
  const additions = view.files.reduce((a, f) => a + f.additions, 0);
  const deletions = view.files.reduce((a, f) => a + f.deletions, 0);
  const flagged = taint ? taint.files.filter((f) => f.mark === "outside" || f.mark === "other_task").length : 0;
  return (
    <section aria-label="final focus patch" data-testid={testId} data-state="ready" className="space-y-2 text-sm">
      <p data-testid="patch-summary">
        {view.files.length} file{view.files.length === 1 ? "" : "s"}, +{additions} −{deletions}
        {taint ? (
          <>
            {" "}
            · <span data-testid="patch-flagged-files">{flagged}</span> file{flagged === 1 ? "" : "s"} of other tasks or
            outside the focus checkout · <span data-testid="patch-flagged-lines">{taint.lines.length}</span> added line
            {taint.lines.length === 1 ? "" : "s"} naming another task&apos;s identifiers
          </>
        ) : (
          " · the session's tasks are not known, so files are not marked"
        )}
      </p>
      {view.files.length === 0 && view.problems.length === 0 ? (
        <p data-testid="patch-empty">The submitted patch is empty: it changes nothing.</p>
      ) : null}
      {view.problems.length > 0 ? (
        <div
          role="note"
          data-testid="patch-problems"
          className="rounded border border-amber-400 p-2 text-amber-900 dark:text-amber-200"
        >
          This is not a clean unified diff:
          <ul className="list-disc pl-5 text-xs">
            {view.problems.slice(0, 10).map((p, i) => (
              <li key={i}>{visibleControls(`${p.line > 0 ? `line ${p.line}: ` : ""}${p.message}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.files.map((f, i) => {
        const mark = taint?.files[i];
        const lines = (taint?.lines ?? []).filter((l) => l.file === i);
        const { text, marked } = fileDiffText(f, i, taint);
        const cut = f.hunks.some((h) => h.truncated);
        return (
          <article
            key={i}
            data-testid="patch-file"
            data-path={f.path}
            data-mark={mark?.mark ?? ""}
            className="rounded border border-zinc-200 dark:border-zinc-800"
          >
            <header className="flex flex-wrap items-baseline gap-2 border-b border-zinc-200 p-1 dark:border-zinc-800">
              <span className="break-all font-mono text-xs" data-testid="patch-file-path">
                {visibleControls(
                  f.status === "renamed" || f.status === "copied" ? `${f.oldPath ?? ""} → ${f.path}` : f.path,
                )}
              </span>
              <span className="text-xs text-zinc-500">
                {f.status} · +{f.additions} −{f.deletions}
              </span>
              {mark ? (
                <Badge
                  tone="plain"
                  className={`border text-xs ${MARKS[mark.mark].cls}`}
                  data-testid="patch-file-mark"
                  title={visibleControls(mark.reason)}
                >
                  {MARKS[mark.mark].label}
                  {mark.tasks.length > 0 ? `: ${mark.tasks.join(", ")}` : ""}
                </Badge>
              ) : null}
            </header>
            {f.binary ? <p className="p-1 text-xs text-zinc-500">Binary file: no text diff.</p> : null}
            {cut ? (
              <p className="p-1 text-xs text-red-700" data-testid="patch-truncated">
                A hunk ends before its line counts: the patch was cut short and cannot apply.
              </p>
            ) : null}
            {f.hunks.length > 0 ? <CodeBlock code={text} lang="diff" marked={marked} testId="patch-diff" /> : null}
            {lines.length > 0 ? (
              <ul className="p-1 text-xs" data-testid="patch-tainted-lines">
                {lines.map((l, k) => (
                  <li key={k}>
                    {l.newLine !== null ? `line ${l.newLine}` : "an added line"} names{" "}
                    <code>{visibleControls(l.name)}</code>, which only {l.taskId}&apos;s requests mention
                  </li>
                ))}
              </ul>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}

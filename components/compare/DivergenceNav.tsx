// Where the two runs first diverge, in words, with buttons that jump to it, to the first action difference and
// from one focus request to the next.
import type { Divergence, FocusComparison } from "@/lib/trajectory/divergence";

export function DivergenceNav({
  divergence,
  comparisons,
  k,
  focusCount,
  go,
}: {
  divergence: Divergence;
  /** The divergence's comparisons by focus ordinal. */
  comparisons: Map<number, FocusComparison>;
  /** The focus request moved to, if any. */
  k: number | null;
  focusCount: number;
  go: (k: number) => void;
}) {
  return (
    <div
      className="space-y-1 text-sm"
      data-testid="divergence"
      data-first={divergence.first ?? "none"}
      data-first-action={divergence.firstAction ?? "none"}
    >
      <DivergenceText comparisons={comparisons} first={divergence.first} firstAction={divergence.firstAction} />
      <div className="flex flex-wrap gap-1">
        <button
          type="button"
          className="btn"
          data-testid="jump-divergence"
          disabled={divergence.first === null}
          onClick={() => divergence.first !== null && go(divergence.first)}
        >
          Jump to the first divergence
        </button>
        {divergence.firstAction !== null && divergence.firstAction !== divergence.first ? (
          <button type="button" className="btn" data-testid="jump-action" onClick={() => go(divergence.firstAction!)}>
            Jump to the first action difference
          </button>
        ) : null}
        <button
          type="button"
          className="btn"
          aria-label="previous focus request"
          disabled={(k ?? 0) <= 0}
          onClick={() => go(Math.max(0, (k ?? 0) - 1))}
        >
          ◀ focus request
        </button>
        <button
          type="button"
          className="btn"
          aria-label="next focus request"
          disabled={(k ?? -1) >= focusCount - 1}
          onClick={() => go(Math.min(focusCount - 1, (k ?? -1) + 1))}
        >
          focus request ▶
        </button>
      </div>
    </div>
  );
}

function DivergenceText({
  comparisons,
  first,
  firstAction,
}: {
  comparisons: Map<number, FocusComparison>;
  first: number | null;
  firstAction: number | null;
}) {
  if (first === null) {
    const unknown = [...comparisons.values()].some((c) => c.actions === "unknown" || c.tests === "unknown");
    return (
      <p data-testid="divergence-text">
        No divergence: the two agree on every focus request
        {unknown ? " that can be compared (some actions or tests are unknown)" : ""}.
      </p>
    );
  }
  const c = comparisons.get(first)!;
  const where = (x: FocusComparison) =>
    `focus request ${x.k + 1} (request ${x.left ?? "—"} ↔ ${x.right ?? "—"}, ${x.isSubmit ? "finalization" : `stage ${x.stage}`})`;
  const a = firstAction === null ? null : comparisons.get(firstAction)!;
  return (
    <p data-testid="divergence-text">
      First divergence: <strong>{where(c)}</strong>:{" "}
      {[
        c.actions === "differ" ? "tool actions differ" : c.actions === "same" ? "same tool actions" : "actions unknown",
        c.tests === "differ"
          ? `final tests differ (${c.testDiffs.map((t) => `${t.testId}: ${t.left ?? "—"} ↔ ${t.right ?? "—"}`).join("; ")})`
          : c.tests === "same"
            ? "same test outcomes"
            : "tests unknown",
      ].join(", ")}
      .{a && a.k !== c.k ? ` First difference in actions: ${where(a)}.` : ""}
    </p>
  );
}

// The leaderboard's legend: what the marks and the rank line under each number claim, in the words of the cells'
// titles and the glossary (lib/site/leaderboard-view.ts, lib/site/glossary.ts). Rendered by the page on the server
// and handed to the view, so its text is in the HTML and not in the page's JavaScript.
import { MIN_RANK_INTERVAL_TASKS } from "@/lib/queries/leaderboard/rank-rules";
import { Term } from "@/components/site/Term";

export function RankLegend() {
  return (
    <div className="space-y-1 text-xs text-zinc-500" data-testid="rank-legend">
      <p>
        Under each number: <strong className="font-semibold">#2</strong> its <Term term="rank">rank</Term> (equal values
        share a rank), <strong className="font-semibold">[1–10]</strong> its 95% rank interval, the ranks it takes in
        95% of resamples of the focus tasks (none below {MIN_RANK_INTERVAL_TASKS} tasks: the cell says why), and{" "}
        <strong className="font-semibold">T1</strong> its <Term term="tie">tie group</Term>: T1 is{" "}
        <em>not distinguished from the best</em> by an exact paired test with Holm&apos;s correction, which is not a
        claim that they are equal; T2 is not distinguished from the best of the rest. The two answer different
        questions: &ldquo;#2 [2–10] · T1&rdquo; says other configurations nearly always beat it in a resample, while no
        test against the best alone tells them apart.
      </p>
      <p>
        In a gap column, rank 1 is the smallest drop from uninterrupted to switched work. A configuration that resolves
        little under both conditions has a small gap, so a gap&apos;s rank is no ranking of switched work: read it
        beside the switched resolution. It is shown because the gap is the paper&apos;s measure of what switching costs.
      </p>
      <p>
        <span className="font-bold">Bold</span>: the highest resolution and the lowest gap in each column among the rows
        shown; <span className="underline decoration-2 underline-offset-4">underlined</span>: the lowest and highest
        (exact values, ties included). The marks are the paper&apos;s Table 1 typography, not a test: they are not drawn
        by tie group because T1 often holds most configurations, and the T mark already says which ones the data cannot
        tell from the best.
      </p>
    </div>
  );
}

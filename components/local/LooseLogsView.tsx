// Agent logs opened without a release: each one summarised, with a link that steps through it in the
// trajectory explorer, a page of LOGS_PER_PAGE at a time (an Inspect log may hold thousands of samples). The
// first page is shown while the rest are read. A log alone has no schedule and no verifier result, so it cannot
// join the leaderboard.
import Link from "next/link";
import type { LooseLogs, ProblemReport } from "@/lib/local";
import { formatCount } from "@/lib/site/format-count";
import { runHref } from "@/lib/site/nav";
import { ListPager } from "@/components/ui/Pager";
import { usePaged } from "@/components/ui/usePaged";
import { LocalProblems } from "./LocalProblems";
import { TrajectorySummaryView } from "./TrajectorySummaryView";

/** Logs summarised to a page; the worker sends its first batch as soon as it holds this many (lib/local/open-logs.ts). */
const LOGS_PER_PAGE = 50;

export function LooseLogsView({
  releaseId,
  logs,
  count,
  problems,
}: {
  releaseId: string;
  logs: LooseLogs;
  /** How many of `logs.logs` have arrived (the list grows while it is read). */
  count: number;
  /** null while the logs are still being read. */
  problems: ProblemReport | null;
}) {
  const paged = usePaged(logs.logs.slice(0, count), LOGS_PER_PAGE);
  return (
    <div className="space-y-3" data-testid="local-logs" data-reading={problems === null || undefined} data-logs={count}>
      <p>
        {logs.label}: {formatCount(count)} agent log(s) read{problems === null ? " so far, reading the rest…" : ""}
        {paged.pages > 1 ? `; ${formatCount(paged.offset + 1)}–${formatCount(paged.offset + paged.limit)} shown` : ""}.
        A log alone has no schedule and no verifier result: it opens in the trajectory explorer, not on the leaderboard.
      </p>
      <ol className="space-y-3">
        {paged.items.map((log, i) => (
          <li key={log.name} className="space-y-1" data-testid="local-log">
            <TrajectorySummaryView summary={log} />
            <Link
              className="underline"
              href={runHref(releaseId, `log:${logs.key}.${paged.offset + i}`)}
              prefetch={false}
              data-testid="local-log-open"
            >
              Step through {log.name}
            </Link>
          </li>
        ))}
      </ol>
      <ListPager
        paged={paged}
        label={`pages of ${logs.label}'s logs`}
        testIds={{ nav: "local-log-pager", page: "local-log-page" }}
        jump
      />
      {problems && problems.errors + problems.warnings > 0 ? (
        <LocalProblems problems={problems} of={logs.label} />
      ) : null}
    </div>
  );
}

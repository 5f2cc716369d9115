// Agent logs opened without a release: each one summarised, with a link that steps through it in the
// trajectory explorer. A log alone has no schedule and no verifier result, so it cannot join the leaderboard.
import Link from "next/link";
import type { LooseLogs } from "@/lib/local/loose-logs";
import type { ProblemReport } from "@/lib/local/problems";
import { runHref } from "@/lib/site/nav";
import { LocalProblems } from "./LocalProblems";
import { TrajectorySummaryView } from "./TrajectorySummaryView";

export function LooseLogsView({
  releaseId,
  logs,
  problems,
}: {
  releaseId: string;
  logs: LooseLogs;
  problems: ProblemReport;
}) {
  return (
    <div className="space-y-3" data-testid="local-logs">
      <p>
        {logs.label}: {logs.logs.length} agent log(s) read. A log alone has no schedule and no verifier result: it opens
        in the trajectory explorer, not on the leaderboard.
      </p>
      <ol className="space-y-3">
        {logs.logs.map((log, i) => (
          <li key={log.name} className="space-y-1" data-testid="local-log">
            <TrajectorySummaryView summary={log} />
            <Link
              className="underline"
              href={runHref(releaseId, `log:${logs.key}.${i}`)}
              prefetch={false}
              data-testid="local-log-open"
            >
              Step through {log.name}
            </Link>
          </li>
        ))}
      </ol>
      {problems.errors + problems.warnings > 0 ? <LocalProblems problems={problems} of={logs.label} /> : null}
    </div>
  );
}

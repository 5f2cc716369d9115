// Problems of a local release, one line each with file, line, record and rule, as `npm run data:validate`
// prints them. Text only: record ids and messages come from the user's files.
import type { Problem } from "@/lib/data/schema";
import { formatProblem, sortProblems } from "@/lib/data/validate-report";

const SHOWN = 200;

export function LocalProblems({ problems }: { problems: Problem[] }) {
  const sorted = sortProblems(problems);
  return (
    <ul className="max-h-48 overflow-auto font-mono text-xs" data-testid="local-problems">
      {sorted.slice(0, SHOWN).map((p, i) => (
        <li
          key={i}
          className={p.level === "error" ? "text-red-700 dark:text-red-400" : "text-amber-800 dark:text-amber-300"}
        >
          {formatProblem(p)}
        </li>
      ))}
      {sorted.length > SHOWN ? <li>… and {sorted.length - SHOWN} more</li> : null}
    </ul>
  );
}

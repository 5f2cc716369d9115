"use client";
// Problems of a local release, one line each with file, line, record and rule, as `npm run data:validate`
// prints them (lib/local/problems.ts), a page at a time: a release can have a problem per run. Past one page the
// counts by rule come first. Text only: record ids and messages come from the user's files.
import { useState } from "react";
import { isErrorLine, problemCount, problemLines, type ProblemReport } from "@/lib/local";
import { listPage } from "@/lib/queries/trajectory/run-list";
import { formatCount } from "@/lib/site/format-count";
import { Pager } from "@/components/ui/Pager";

const PER_PAGE = 200;
const ERROR = "text-red-700 dark:text-red-400";
const WARNING = "text-amber-800 dark:text-amber-300";

/** `of`: whose problems (a release's label), naming the pager. */
export function LocalProblems({ problems, of }: { problems: ProblemReport; of: string }) {
  const [asked, setAsked] = useState(0);
  const { byRule, unprinted } = problems;
  const { page, pages, offset, limit } = listPage(problemCount(problems), asked, PER_PAGE);
  return (
    <div className="space-y-1">
      {pages > 1 || unprinted > 0 ? (
        <ul className="font-mono text-xs" data-testid="local-problem-rules" aria-label="problems by rule">
          {byRule.map((r) => (
            <li key={`${r.level} ${r.rule}`} className={r.level === "error" ? ERROR : WARNING}>
              {r.level} {r.rule} × {formatCount(r.count)}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="max-h-48 overflow-auto font-mono text-xs" data-testid="local-problems">
        {problemLines(problems, offset, offset + limit).map((line, i) => (
          <li key={offset + i} className={isErrorLine(line) ? ERROR : WARNING}>
            {line}
          </li>
        ))}
        {unprinted > 0 && page === pages - 1 ? (
          <li>… and {formatCount(unprinted)} more, not listed here: npm run data:validate prints every one</li>
        ) : null}
      </ul>
      <Pager
        page={page}
        pages={pages}
        onPage={setAsked}
        label={`pages of ${of}'s problems`}
        testIds={{ nav: "local-problem-pager", page: "local-problem-page" }}
        jump
      />
    </div>
  );
}

// The submission check's report: Markdown for a pull-request comment (each rule passed or failed, with the
// first offending records) and the JSON twin (the whole report, every offence). Record names and messages
// come from the submission, so they are escaped: they must never become links, HTML or formatting.
import type { RuleResult, SubmissionReport } from "./submission-check";

/** How many offending records the Markdown shows per rule (the JSON has them all). */
export const FIRST_OFFENCES = 5;

const ICON = { pass: "✅ passed", fail: "❌ failed", warn: "⚠️ passed with warnings" } as const;

/**
 * Backslash-escapes the Markdown punctuation that can format or link (emphasis, code, links, tables, headings,
 * strike-through), a list marker at the start, and writes angle brackets as entities (no HTML, no autolinks).
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]|~#]/g, (c) => `\\${c}`)
    .replace(/^([-+])/, "\\$1")
    .replace(/^(\d+)\./, "$1\\.")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r?\n/g, " ");
}

function ruleSection(r: RuleResult): string[] {
  const lines = [`### ${ICON[r.status]}: ${escapeMarkdown(r.title)} (\`${r.code}\`)`, "", escapeMarkdown(r.summary)];
  const list = (label: string, items: RuleResult["offences"]) => {
    if (!items.length) return;
    lines.push("", `${label} (${items.length}${items.length > FIRST_OFFENCES ? `, first ${FIRST_OFFENCES} shown` : ""}):`, "");
    for (const o of items.slice(0, FIRST_OFFENCES)) lines.push(`- **${escapeMarkdown(o.record)}**: ${escapeMarkdown(o.message)}`);
  };
  list("Offending records", r.offences);
  list("Warnings", r.warnings);
  return [...lines, ""];
}

export function reportMarkdown(report: SubmissionReport, submissionName: string): string {
  const failed = report.rules.filter((r) => r.status === "fail");
  const head = [
    `## Switch-SWE submission check: ${report.ok ? "✅ passed" : `❌ failed (${failed.length} of ${report.rules.length} rules)`}`,
    "",
    `Submission ${escapeMarkdown(submissionName)} against the published release ${escapeMarkdown(report.published)}: ` +
      `${report.configs.length} configuration(s) (${report.configs.map(escapeMarkdown).join(", ") || "none"}), ${report.runs} run(s).`,
    "",
    "| rule | code | result |",
    "| --- | --- | --- |",
    ...report.rules.map((r) => `| ${escapeMarkdown(r.title)} | \`${r.code}\` | ${ICON[r.status]} |`),
    "",
  ];
  return [...head, ...report.rules.flatMap(ruleSection)].join("\n");
}

export function reportJson(report: SubmissionReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

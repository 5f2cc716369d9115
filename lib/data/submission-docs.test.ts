import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { submissionDocsMarkdown } from "./submission-docs";
import { SUBMISSION_RULE_CODES } from "./submission-rules";

describe("docs/submissions.md", () => {
  it("is what the rule descriptions generate (run `npx tsx scripts/write-submission-docs.ts` after changing them)", () => {
    expect(readFileSync("docs/submissions.md", "utf8")).toBe(submissionDocsMarkdown());
  });

  it("lists every rule code once", () => {
    const md = submissionDocsMarkdown();
    for (const code of SUBMISSION_RULE_CODES) expect(md.split(`\`${code}\``)).toHaveLength(2);
  });
});

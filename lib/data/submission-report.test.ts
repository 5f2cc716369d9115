import { describe, expect, it } from "vitest";
import type { SubmissionReport } from "./submission-check";
import { escapeMarkdown, FIRST_OFFENCES, reportMarkdown } from "./submission-report";

describe("escapeMarkdown", () => {
  it("leaves no link, HTML, emphasis, table cell or list marker from submitted text", () => {
    expect(escapeMarkdown("[x](javascript:alert(1))")).toBe("\\[x\\](javascript:alert(1))");
    expect(escapeMarkdown("<img src=x onerror=alert(1)>")).toBe("&lt;img src=x onerror=alert(1)&gt;");
    expect(escapeMarkdown("a | b *c* `d` __e__ ~~f~~ # g")).toBe("a \\| b \\*c\\* \\`d\\` \\_\\_e\\_\\_ \\~\\~f\\~\\~ \\# g");
    expect(escapeMarkdown("- item")).toBe("\\- item");
    expect(escapeMarkdown("1. item\nnext")).toBe("1\\. item next");
    expect(escapeMarkdown("my-agent.r0 (3)")).toBe("my-agent.r0 (3)");
  });
});

describe("reportMarkdown", () => {
  it("shows the first offences of a failed rule and says how many there are", () => {
    const offences = Array.from({ length: 7 }, (_, i) => ({ record: `run-${i}`, message: "no usage at all" }));
    const report: SubmissionReport = {
      ok: false, published: "sample", configs: ["c"], runs: 7,
      rules: [{ code: "submission.usage", title: "Usage for every request that ran", status: "fail", summary: "7 run(s)", offences, warnings: [] }],
    };
    const md = reportMarkdown(report, "sub");
    expect(md).toContain("## Switch-SWE submission check: ❌ failed (1 of 1 rules)");
    expect(md).toContain("| Usage for every request that ran | `submission.usage` | ❌ failed |");
    expect(md).toContain(`Offending records (7, first ${FIRST_OFFENCES} shown):`);
    expect(md).toContain("- **run-4**: no usage at all");
    expect(md).not.toContain("run-5");
  });
});

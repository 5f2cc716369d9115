// npx tsx scripts/write-submission-docs.ts: rewrites docs/submissions.md from lib/data/submission-rules.ts.
import { writeFileSync } from "node:fs";
import { submissionDocsMarkdown } from "../lib/data/submission-docs";

writeFileSync("docs/submissions.md", submissionDocsMarkdown());
console.log("wrote docs/submissions.md");

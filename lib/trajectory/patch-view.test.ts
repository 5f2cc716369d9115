import { describe, expect, it } from "vitest";
import { fileDiffText, patchView } from "./patch-view";

describe("patchView and fileDiffText", () => {
  it("gives each file's diff text with the tainted lines numbered as shown", () => {
    const text = [
      "--- a/a.py",
      "+++ b/a.py",
      "@@ -1,2 +1,3 @@",
      " x = 1",
      "+y = helper_only_b()",
      " z = 2",
      "\\ No newline at end of file",
    ].join("\n");
    const view = patchView(text, {
      focus: { taskId: "A", files: ["a.py"], requestTexts: [] },
      others: [{ taskId: "B", files: [], requestTexts: ["Call `helper_only_b` first."] }],
      workspaces: {},
    });
    expect(view.taint!.lines.map((l) => l.name)).toEqual(["helper_only_b"]);
    // Shown lines: 1 "@@ …", 2 " x = 1", 3 "+y = …", 4 " z = 2", 5 "\ No newline…".
    expect(fileDiffText(view.files[0]!, 0, view.taint)).toEqual({
      text: "@@ -1,2 +1,3 @@\n x = 1\n+y = helper_only_b()\n z = 2\n\\ No newline at end of file",
      marked: [3],
    });
    expect(patchView(text, null).taint).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "./patch";
import { foreignNames, markFile, patchTaint, patchTaintFacts, taintFacts, type TaintInput } from "./patch-taint";

// A hand-made session: focus moto-1 edits moto/s3/models.py; interruption moto-2 owns moto/ec2/models.py
// and asks for `delete_tags_batch`; moto-3 owns moto/core/utils.py. Checkouts /work/w00 … /work/w02.
const input: TaintInput = {
  focus: {
    taskId: "moto-1",
    files: ["moto/s3/models.py"],
    requestTexts: ["Fix `put_object` in moto/s3/models.py so `bucket_name` is kept."],
  },
  others: [
    {
      taskId: "moto-2",
      files: ["moto/ec2/models.py"],
      requestTexts: ["Add `delete_tags_batch` to moto/ec2/models.py; keep `bucket_name` as is."],
    },
    { taskId: "moto-3", files: ["moto/core/utils.py"], requestTexts: ["Make `camelcase_to_underscores` faster."] },
  ],
  workspaces: { "/work/w00": "moto-1", "/work/w01": "moto-2", "/work/w02": "moto-3" },
};

describe("markFile", () => {
  it("marks each kind of file", () => {
    const mark = (p: string) => markFile(p, input).mark;
    expect(mark("moto/s3/models.py")).toBe("focus");
    expect(mark("/work/w00/moto/s3/models.py")).toBe("focus"); // absolute, inside the focus checkout
    expect(mark("moto/s3/responses.py")).toBe("focus_adjacent");
    expect(mark("moto/ec2/models.py")).toBe("other_task");
    expect(mark("tests/test_s3.py")).toBe("unmarked");
    expect(mark("/work/w01/moto/ec2/models.py")).toBe("outside");
    expect(mark("work/w02/moto/core/utils.py")).toBe("outside");
    expect(mark("../w01/x.py")).toBe("outside");
    expect(mark("/etc/passwd")).toBe("outside");
    expect(markFile("moto/ec2/models.py", input).tasks).toEqual(["moto-2"]);
    expect(markFile("/work/w02/a.py", input).tasks).toEqual(["moto-3"]);
  });

  it("prefers the focus mark when another task shares the focus file", () => {
    const shared: TaintInput = {
      ...input,
      others: [{ taskId: "moto-2", files: ["moto/s3/models.py"], requestTexts: [] }],
    };
    expect(markFile("moto/s3/models.py", shared).mark).toBe("focus");
  });
});

describe("foreignNames", () => {
  it("keeps names only other tasks' requests mention, files left out", () => {
    // bucket_name is mentioned by the focus too; moto/ec2/models.py is a file name (files are marked per file).
    expect([...foreignNames(input)]).toEqual([
      ["delete_tags_batch", "moto-2"],
      ["camelcase_to_underscores", "moto-3"],
    ]);
  });
});

describe("patchTaint", () => {
  const patch = [
    "diff --git a/moto/s3/models.py b/moto/s3/models.py",
    "--- a/moto/s3/models.py",
    "+++ b/moto/s3/models.py",
    "@@ -10,2 +10,4 @@",
    "     def put_object(self, bucket_name):",
    "+        delete_tags_batch(self.tags)",
    "+        key = bucket_name.strip()",
    "         return camelcase_to_underscores(key)",
    "diff --git a/moto/ec2/models.py b/moto/ec2/models.py",
    "--- a/moto/ec2/models.py",
    "+++ b/moto/ec2/models.py",
    "@@ -1 +1,2 @@",
    " x = 1",
    "+def delete_tags_batch(tags): pass",
  ].join("\n");
  const files = parseUnifiedDiff(patch).files;
  const t = patchTaint(files, input);

  it("marks the files and the added lines naming foreign identifiers", () => {
    expect(t.files.map((f) => [f.path, f.mark])).toEqual([
      ["moto/s3/models.py", "focus"],
      ["moto/ec2/models.py", "other_task"],
    ]);
    // camelcase_to_underscores is on a context line (already in the file): not brought in, not marked.
    // delete_tags_batch is added in both files: line 11 of the focus file and line 2 of moto/ec2/models.py.
    expect(t.lines.map((l) => [l.path, l.newLine, l.name, l.taskId])).toEqual([
      ["moto/s3/models.py", 11, "delete_tags_batch", "moto-2"],
      ["moto/ec2/models.py", 2, "delete_tags_batch", "moto-2"],
    ]);
    expect(t.lines[0]).toMatchObject({ file: 0, hunk: 0, line: 1 });
  });

  it("gives the evidence as flat facts, with the added lines each stands on", () => {
    const facts = taintFacts(t, files);
    expect(facts).toEqual([
      {
        kind: "file",
        path: "moto/ec2/models.py",
        mark: "other_task",
        name: null,
        task_id: "moto-2",
        new_line: null,
        lines: "def delete_tags_batch(tags): pass",
      },
      {
        kind: "name",
        path: "moto/s3/models.py",
        mark: null,
        name: "delete_tags_batch",
        task_id: "moto-2",
        new_line: 11,
        lines: "        delete_tags_batch(self.tags)",
      },
      {
        kind: "name",
        path: "moto/ec2/models.py",
        mark: null,
        name: "delete_tags_batch",
        task_id: "moto-2",
        new_line: 2,
        lines: "def delete_tags_batch(tags): pass",
      },
    ]);
    expect(patchTaintFacts(patch, input)).toEqual(facts);
  });

  it("finds nothing in a patch that keeps to the focus file", () => {
    const text = ["--- a/moto/s3/models.py", "+++ b/moto/s3/models.py", "@@ -1 +1 @@", "-a", "+key = bucket_name"].join(
      "\n",
    );
    expect(patchTaintFacts(text, input)).toEqual([]);
  });
});

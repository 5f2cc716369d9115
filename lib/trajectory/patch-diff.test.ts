import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "./patch";
import { patchDifference } from "./patch-diff";

const file = (path: string, body: string[]) =>
  [
    `--- a/${path}`,
    `+++ b/${path}`,
    `@@ -1,${body.filter((l) => !l.startsWith("+")).length} +1,${body.filter((l) => !l.startsWith("-")).length} @@`,
    ...body,
  ].join("\n");

describe("patchDifference", () => {
  // Uninterrupted: stage 1 and stage 2 lines in core.py and a changelog line. Switched: stage 1 lost, the
  // stage-2 line kept, one line of another task's file added.
  const left = parseUnifiedDiff(
    [
      file("core.py", [
        " def f(v):",
        "+    if v is None:",
        "+        v = DEFAULT",
        "+    if callable(v):",
        "+        v = v()",
        "-    pass",
      ]),
      file("CHANGES.rst", ["+- fix"]),
    ].join("\n"),
  ).files;
  const right = parseUnifiedDiff(
    [
      file("core.py", [" def f(v):", "+    if callable(v):", "+        v = v()", "-    pass"]),
      file("termui.py", ["+echo_all()"]),
    ].join("\n"),
  ).files;

  it("lists per file which side changes it and the lines only one side adds or removes", () => {
    const d = patchDifference(left, right);
    expect(d.same).toBe(false);
    expect(d.files).toEqual([
      {
        path: "CHANGES.rst",
        in: "left",
        leftOnly: ["- fix"],
        rightOnly: [],
        leftRemovesOnly: [],
        rightRemovesOnly: [],
      },
      {
        path: "core.py",
        in: "both",
        leftOnly: ["if v is None:", "v = DEFAULT"],
        rightOnly: [],
        leftRemovesOnly: [],
        rightRemovesOnly: [],
      },
      {
        path: "termui.py",
        in: "right",
        leftOnly: [],
        rightOnly: ["echo_all()"],
        leftRemovesOnly: [],
        rightRemovesOnly: [],
      },
    ]);
  });

  it("counts repeated lines one for one, and two equal patches are the same", () => {
    const a = parseUnifiedDiff(file("x.py", ["+a = 1", "+a = 1"])).files;
    const b = parseUnifiedDiff(file("x.py", ["+a = 1"])).files;
    expect(patchDifference(a, b).files[0]!.leftOnly).toEqual(["a = 1"]);
    expect(patchDifference(a, a).same).toBe(true);
  });
});

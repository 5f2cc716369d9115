import { describe, expect, it } from "vitest";
import { answerFileNeed, fileAsker, fileRefText, type FileAnswer, type FileNeed } from "./file-asks";
import type { FileRef } from "./run-files";

describe("fileAsker", () => {
  it("numbers each question, carries the worker's tag, and settles each by its own answer", async () => {
    const posted: FileNeed<{ id: number; side: string }>[] = [];
    const asker = fileAsker<{ id: number; side: string }>((need) => posted.push(need));
    const left = asker.ask({ id: 7, side: "left" }, "trajectories/a.json");
    const right = asker.ask({ id: 7, side: "right" }, "trajectories/b.json");
    expect(posted).toEqual([
      { id: 7, side: "left", type: "need", ask: 1, path: "trajectories/a.json" },
      { id: 7, side: "right", type: "need", ask: 2, path: "trajectories/b.json" },
    ]);
    const ref: FileRef = { kind: "blob", blob: new Blob(['{"steps":[]}']) };
    // Answered out of order: each goes to the question it names.
    asker.settle({ type: "file", id: 0, ask: 2, ref: null, error: "unreadable folder" });
    asker.settle({ type: "file", id: 0, ask: 1, ref });
    await expect(left).resolves.toBe(ref);
    await expect(right).rejects.toThrow("unreadable folder");
    expect(await fileRefText(ref)).toBe('{"steps":[]}');
  });
});

describe("answerFileNeed", () => {
  const answers = async (find: Parameters<typeof answerFileNeed>[0], path: string) => {
    const out: FileAnswer[] = [];
    answerFileNeed(find, 3, path, (a) => out.push(a));
    await new Promise((r) => setTimeout(r, 0));
    return out;
  };
  const ref: FileRef = { kind: "blob", blob: new Blob(["x"]) };

  it("answers with the file found at the path, or null when none was picked there", async () => {
    const find = async (p: string) => (p === "trajectories/a.json" ? ref : null);
    expect(await answers(find, "trajectories/a.json")).toEqual([{ type: "file", id: 0, ask: 3, ref }]);
    expect(await answers(find, "trajectories/b.json")).toEqual([{ type: "file", id: 0, ask: 3, ref: null }]);
  });

  it("says why when the load is not of local files or the lookup fails", async () => {
    expect(await answers(null, "a.json")).toEqual([
      { type: "file", id: 0, ask: 3, ref: null, error: "this trajectory is not from local files" },
    ]);
    expect(await answers(() => Promise.reject(new Error("zip directory unreadable")), "a.json")).toEqual([
      { type: "file", id: 0, ask: 3, ref: null, error: "zip directory unreadable" },
    ]);
  });
});

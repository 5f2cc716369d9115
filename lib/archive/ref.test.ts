import { describe, expect, it } from "vitest";
import { containerPath, formatFileRef, isSafeEntryName, parseFileRef, siblingBase } from "./ref";

describe("parseFileRef", () => {
  it("reads the three forms", () => {
    expect(parseFileRef("trajectories/a.json")).toEqual({ kind: "plain", path: "trajectories/a.json" });
    expect(parseFileRef("trajectories/a.json.gz")).toEqual({ kind: "gzip", path: "trajectories/a.json.gz" });
    expect(parseFileRef("trajectories/c.switched.zip#c.s1.r0.json")).toEqual({
      kind: "entry",
      archive: "trajectories/c.switched.zip",
      entry: "c.s1.r0.json",
    });
    expect(parseFileRef("/data/x/trajectories/A.ZIP#dir/e.json")).toEqual({
      kind: "entry",
      archive: "/data/x/trajectories/A.ZIP",
      entry: "dir/e.json",
    });
  });

  it("treats # after anything but a .zip as a URL fragment of a plain file", () => {
    expect(parseFileRef("trajectories/a.json#x")).toEqual({ kind: "plain", path: "trajectories/a.json" });
  });

  it("formats back to the same string", () => {
    for (const s of ["trajectories/a.json", "t/a.json.gz", "t/a.zip#b/c.json"])
      expect(formatFileRef(parseFileRef(s))).toBe(s);
  });
});

describe("siblingBase and containerPath", () => {
  it("resolves siblings inside the archive for an entry, in the folder for a file", () => {
    expect(siblingBase("trajectories/a.zip#r.json")).toBe("trajectories/a.zip#");
    expect(siblingBase("trajectories/a.zip#r/main.json")).toBe("trajectories/a.zip#r/");
    expect(siblingBase("trajectories/r/main.json")).toBe("trajectories/r/");
    expect(siblingBase("main.json")).toBe("");
    expect(containerPath("trajectories/a.zip#r.json")).toBe("trajectories/a.zip");
    expect(containerPath("trajectories/r.json.gz")).toBe("trajectories/r.json.gz");
  });
});

describe("isSafeEntryName", () => {
  it("refuses names that leave the archive", () => {
    expect(isSafeEntryName("a/b.json")).toBe(true);
    for (const bad of ["", "/etc/passwd", "../x.json", "a/../../x", "a//b", "C:/x", "a\\b"])
      expect(isSafeEntryName(bad), bad).toBe(false);
  });
});

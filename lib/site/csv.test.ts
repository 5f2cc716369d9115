import { describe, expect, it } from "vitest";
import { exportName, neutralise, toCsv, toJson } from "./csv";

describe("neutralise", () => {
  it("quotes strings a spreadsheet would read as formulas, and only strings", () => {
    expect(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"].map(neutralise)).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", "'\rx"]);
    expect(neutralise("a=b")).toBe("a=b");
    expect(neutralise(-2.5)).toBe(-2.5);
    expect(neutralise(null)).toBe(null);
  });
});

describe("toCsv", () => {
  it("writes a header, quotes commas, quotes and newlines, leaves numbers alone and empty cells empty", () => {
    const rows = [
      { id: "a,b", gap: -1.5, note: 'say "hi"', k: 3, n: 4 },
      { id: "=HYPERLINK(\"x\")", gap: 2, note: null, k: 0, n: 4 },
    ];
    expect(toCsv(rows)).toBe('id,gap,note,k,n\n"a,b",-1.5,"say ""hi""",3,4\n"\'=HYPERLINK(""x"")",2,,0,4\n');
  });
  it("takes the columns given, in that order", () => {
    expect(toCsv([{ a: 1, b: 2 }], ["b", "a"])).toBe("b,a\n2,1\n");
  });
  it("is empty for no columns", () => {
    expect(toCsv([])).toBe("");
  });
});

describe("toJson", () => {
  it("keeps numbers and neutralises formula strings", () => {
    expect(JSON.parse(toJson([{ a: "-x", b: -1, c: undefined }]))).toEqual([{ a: "'-x", b: -1, c: null }]);
  });
});

describe("exportName", () => {
  it("names release, view and subset", () => {
    expect(exportName("sample", "cost", "switched near")).toBe("sample-cost-switched-near");
    expect(exportName("sample", "leaderboard", null)).toBe("sample-leaderboard");
  });
});

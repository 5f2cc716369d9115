import { describe, expect, it } from "vitest";
import { csvCell, csvText, exportName, neutralise, toCsv, toJson } from "./csv";

describe("csvCell: OWASP CSV-injection rule on string cells", () => {
  it("prefixes a single quote to a string beginning with =, +, -, @, tab or carriage return, and quotes it", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1+cmd|' /C calc'!A0")).toBe(`"'+1+cmd|' /C calc'!A0"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\t=1")).toBe(`"'\t=1"`);
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
  });
  it("leaves numbers alone, negatives included: -0.5 in a numeric column is a value", () => {
    expect(csvCell(-0.5)).toBe("-0.5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(Number.NaN)).toBe("");
    // The same characters as a string are a name someone published: neutralised.
    expect(csvCell("-0.5")).toBe(`"'-0.5"`);
  });
  it("quotes commas, quotes and line breaks as RFC 4180 does, and leaves plain text and inner = alone", () => {
    expect(csvCell('Model, "b"')).toBe(`"Model, ""b"""`);
    expect(csvCell("a\nb")).toBe(`"a\nb"`);
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(null)).toBe("");
  });
});

describe("csvText", () => {
  it("neutralises header cells too (they are built from a release's condition names)", () => {
    expect(
      csvText(
        ["config", "=cmd"],
        [
          ["=x", -1],
          ["ok", null],
        ],
      ),
    ).toBe(`config,"'=cmd"\n"'=x",-1\nok,\n`);
  });
});

describe("neutralise", () => {
  it("quotes strings a spreadsheet would read as formulas, and only strings", () => {
    expect(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"].map(neutralise)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(neutralise("a=b")).toBe("a=b");
    expect(neutralise(-2.5)).toBe(-2.5);
    expect(neutralise(null)).toBe(null);
  });
});

describe("toCsv", () => {
  it("writes a header, quotes commas, quotes and newlines, leaves numbers alone and empty cells empty", () => {
    const rows = [
      { id: "a,b", gap: -1.5, note: 'say "hi"', k: 3, n: 4 },
      { id: '=HYPERLINK("x")', gap: 2, note: null, k: 0, n: 4 },
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
  it("neutralises keys as the CSV neutralises header cells, and keeps a key that would collide", () => {
    const text = toJson([{ "=cmd": 1, "'=cmd": 2, "@SUM(A1)": "x", plain: 3 }]);
    expect(JSON.parse(text)).toEqual([{ "'=cmd": 1, "'=cmd (2)": 2, "'@SUM(A1)": "x", plain: 3 }]);
    // The CSV of the same record: header cells neutralised the same way.
    expect(toCsv([{ "=cmd": 1, plain: 3 }])).toBe(`"'=cmd",plain\n1,3\n`);
  });
});

describe("exportName", () => {
  it("names release, view and subset", () => {
    expect(exportName("sample", "cost", "switched near")).toBe("sample-cost-switched-near");
    expect(exportName("sample", "leaderboard", null)).toBe("sample-leaderboard");
  });
});

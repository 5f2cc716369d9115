import { describe, expect, it } from "vitest";
import { csvCell, csvText } from "./csv";

describe("csvCell: OWASP CSV-injection rule on string cells", () => {
  it("prefixes a single quote to a string beginning with =, +, -, @, tab or carriage return, and quotes it", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
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
    expect(csvText(["config", "=cmd"], [["=x", -1], ["ok", null]])).toBe(`config,"'=cmd"\n"'=x",-1\nok,\n`);
  });
});

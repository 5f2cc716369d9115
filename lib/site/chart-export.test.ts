import { describe, expect, it } from "vitest";
import {
  chartFileName,
  chartTableRecords,
  isTransparent,
  resolveCssVariables,
  resolveCurrentColor,
  standaloneSvg,
} from "./chart-export";

const VARS: Record<string, string> = { "--chart-1": "#71717a", "--chart-2": " #dc2626 ", "--empty": "" };
const lookup = (n: string) => VARS[n];

describe("resolveCssVariables", () => {
  it("replaces each var() by the variable's value, trimmed", () => {
    expect(resolveCssVariables('<rect fill="var(--chart-1)" stroke="var(--chart-2)"/>', lookup)).toBe(
      '<rect fill="#71717a" stroke="#dc2626"/>',
    );
  });
  it("uses the fallback, itself resolved, when the variable is unset or empty", () => {
    expect(resolveCssVariables("fill: var(--nope, var(--chart-1))", lookup)).toBe("fill: #71717a");
    expect(resolveCssVariables("fill: var(--empty, rgb(1, 2, 3))", lookup)).toBe("fill: rgb(1, 2, 3)");
  });
  it("writes `missing` for an unknown variable without fallback, and never leaves var(-- behind", () => {
    expect(resolveCssVariables("a var(--nope) b", lookup)).toBe("a none b");
    expect(resolveCssVariables("a var(--nope) b", lookup, "#000")).toBe("a #000 b");
    const cut = resolveCssVariables("fill: var(--chart-1", lookup);
    expect(cut).toBe("fill: none");
    expect(cut).not.toContain("var(--");
  });
  it("leaves text without var() alone", () => {
    expect(resolveCssVariables('<g transform="translate(1,2)"/>', lookup)).toBe('<g transform="translate(1,2)"/>');
  });
});

describe("resolveCurrentColor", () => {
  it("replaces currentColor in any case", () => {
    expect(resolveCurrentColor('fill="currentColor" stroke="currentcolor"', "rgb(24, 24, 27)")).toBe(
      'fill="rgb(24, 24, 27)" stroke="rgb(24, 24, 27)"',
    );
  });
});

describe("standaloneSvg", () => {
  const o = { width: 300, height: 120, background: "rgb(9, 9, 11)", fontFamily: 'Arial, "Helvetica Neue"' };
  it("adds namespaces, size, viewBox, font and a background rect first", () => {
    const out = standaloneSvg('<svg class="c"><circle r="2"/></svg>', o);
    expect(out).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<svg font-family="Arial, &quot;Helvetica Neue&quot;" viewBox="0 0 300 120" height="120" width="300"' +
        ' xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg" class="c">' +
        '<rect x="0" y="0" width="100%" height="100%" fill="rgb(9, 9, 11)"/><circle r="2"/></svg>',
    );
  });
  it("keeps an existing viewBox and replaces an existing xmlns and size", () => {
    const out = standaloneSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="50%" height="10" viewBox="0 0 600 240"></svg>',
      o,
    );
    expect(out).toContain('viewBox="0 0 600 240"');
    expect(out.match(/xmlns="/g)).toHaveLength(1);
    expect(out).toContain('width="300"');
    expect(out).toContain('height="120"');
    expect(out).not.toContain('"50%"');
  });
  it("opens a self-closed svg so the background fits inside", () => {
    expect(standaloneSvg("<svg/>", o)).toMatch(/<rect [^>]*\/><\/svg>$/);
  });
  it("refuses what is not an svg element", () => {
    expect(() => standaloneSvg("<div></div>", o)).toThrow();
  });
});

describe("file names and records", () => {
  it("names a chart's files <release>-<view>.<ext>", () => {
    expect(chartFileName("sample", "forest-plot", "svg")).toBe("sample-forest-plot.svg");
    expect(chartFileName("v1 beta", "rank/intervals", "png")).toBe("v1-beta-rank-intervals.png");
  });
  it("keys records by column label in column order, null for a missing cell", () => {
    const recs = chartTableRecords({
      caption: "c",
      columns: [
        { key: "b", label: "Beta" },
        { key: "a", label: "Alpha" },
      ],
      rows: [{ a: 1, b: "x" }, { a: 2 }],
    });
    expect(recs).toEqual([
      { Beta: "x", Alpha: 1 },
      { Beta: null, Alpha: 2 },
    ]);
    expect(Object.keys(recs[0]!)).toEqual(["Beta", "Alpha"]);
  });
});

describe("transparency", () => {
  it("treats transparent colours as no background", () => {
    expect(isTransparent("rgba(0, 0, 0, 0)")).toBe(true);
    expect(isTransparent("transparent")).toBe(true);
    expect(isTransparent("")).toBe(true);
    expect(isTransparent("rgb(255, 255, 255)")).toBe(false);
    expect(isTransparent("rgba(9, 9, 11, 0.5)")).toBe(false);
  });
});

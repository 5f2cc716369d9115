import { describe, expect, it } from "vitest";
import { exportValue, gridRecords, headerNames } from "./table-export";

describe("headerNames", () => {
  it("joins a group header with the sub-headers under it; a row-spanning header names its column once", () => {
    // | Configuration (rowspan 2) | Tokens (colspan 2)  | Runs (rowspan 2) |
    // |                           | Unint | Switch-All  |                  |
    const head = [
      [
        { text: "Configuration", rowSpan: 2 },
        { text: "Tokens", colSpan: 2 },
        { text: "Runs", rowSpan: 2 },
      ],
      [{ text: "Unint" }, { text: "Switch-All" }],
    ];
    expect(headerNames(head)).toEqual(["Configuration", "Tokens · Unint", "Tokens · Switch-All", "Runs"]);
  });
  it("tells repeated names apart", () => {
    expect(headerNames([[{ text: "a" }, { text: "a" }, { text: "" }]])).toEqual(["a", "a (2)", "column 3"]);
  });
});

describe("exportValue", () => {
  it("turns shown numbers into numbers and leaves text", () => {
    expect(
      ["31.5", "1,234", "46.5%", "−1.0", "-2", "$0.28", "11.9×", "—", "", "near", "3 / 4"].map((t) => exportValue(t)),
    ).toEqual([31.5, 1234, 46.5, -1, -2, 0.28, 11.9, null, null, "near", "3 / 4"]);
  });
  it("prefers the unrounded value a cell carries", () => {
    expect(exportValue("31.5", "31.4999")).toBe(31.4999);
  });
});

describe("gridRecords", () => {
  it("writes one record per body row, with k and n columns beside a rate", () => {
    const grid = {
      head: [[{ text: "Configuration" }, { text: "Switch" }, { text: "Gap" }]],
      body: [[{ text: "A / X" }, { text: "31.5", k: "63", n: "200" }, { text: "15.0" }]],
    };
    expect(gridRecords(grid)).toEqual([
      { Configuration: "A / X", Switch: 31.5, "Switch k": 63, "Switch n": 200, Gap: 15 },
    ]);
  });
  it("gives each marked number inside a cell its own column", () => {
    const grid = {
      head: [[{ text: "Switch" }]],
      body: [
        [
          {
            text: "42.5 +11.0 [4.0, 18.0] · p = 0.0042",
            value: "42.5",
            stats: [
              ["gain", "+11.0"],
              ["p", "0.0042"],
            ] as [string, string][],
          },
        ],
      ],
    };
    expect(gridRecords(grid)).toEqual([{ Switch: 42.5, "Switch gain": 11, "Switch p": 0.0042 }]);
  });
});

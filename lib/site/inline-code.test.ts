import { describe, expect, it } from "vitest";
import { inlineCodeParts } from "./inline-code";

describe("inlineCodeParts", () => {
  it("alternates text and code spans and keeps angle brackets as text", () => {
    expect(inlineCodeParts("a `<b>` c")).toEqual([
      { code: false, text: "a " },
      { code: true, text: "<b>" },
      { code: false, text: " c" },
    ]);
    expect(inlineCodeParts("`x`")).toEqual([{ code: true, text: "x" }]);
    expect(inlineCodeParts("plain")).toEqual([{ code: false, text: "plain" }]);
  });
});

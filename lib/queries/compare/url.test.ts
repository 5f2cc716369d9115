import { describe, expect, it } from "vitest";
import { compareHref, parseCompareUrl, serializeCompareUrl } from "./url";

const CTX = {
  configs: ["anna", "bert", "carl"],
  conditions: ["uninterrupted", "switched"],
  baseline: "uninterrupted",
  groups: ["near", "far"],
  repos: ["acme/gadgets", "acme/widgets"],
};

describe("compare URL state", () => {
  it("defaults to the first non-baseline condition and all groups, with nothing picked", () => {
    expect(parseCompareUrl("", CTX)).toEqual({
      a: null,
      b: null,
      condition: "switched",
      group: "overall",
      repo: null,
      task: null,
      pane: "ab",
      k: null,
    });
  });

  it("reads a full state and writes it back unchanged", () => {
    const search = "?a=anna&b=bert&condition=uninterrupted&group=near&repo=acme%2Fgadgets&task=N1&pane=b&k=2";
    const s = parseCompareUrl(search, CTX);
    expect(s).toEqual({
      a: "anna",
      b: "bert",
      condition: "uninterrupted",
      group: "near",
      repo: "acme/gadgets",
      task: "N1",
      pane: "b",
      k: 2,
    });
    expect(serializeCompareUrl(s, CTX)).toBe(search);
  });

  it("drops what the release does not have", () => {
    const s = parseCompareUrl(
      "?a=zed&b=bert&condition=oracle&group=mid&repo=x%2Fy&task=%3Cscript%3E&pane=zz&k=-1",
      CTX,
    );
    expect(s).toEqual({
      a: null,
      b: "bert",
      condition: "switched",
      group: "overall",
      repo: null,
      task: null,
      pane: "ab",
      k: null,
    });
  });

  it("links the leaderboard's two selected rows", () => {
    expect(compareHref("comparecalc", "anna", "bert")).toBe("/r/comparecalc/compare/?a=anna&b=bert");
    expect(compareHref("x", "a b", "c&d", { task: "N1" })).toBe("/r/x/compare/?a=a+b&b=c%26d&task=N1");
  });
});

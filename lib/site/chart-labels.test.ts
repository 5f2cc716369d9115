import { describe, expect, it } from "vitest";
import { cutEnd, distinctCuts } from "./chart-labels";

// Two configurations that differ only at the end, and two that differ only in the middle (a shared long tail).
const RETRY_A = "Claude-Sonnet-4.5 / OpenHands-CodeAct / retry A";
const RETRY_B = "Claude-Sonnet-4.5 / OpenHands-CodeAct / retry B";
const VAR_1 = "Model-X / Harness-Y / variant 1 / temperature 0.7 / long";
const VAR_2 = "Model-X / Harness-Y / variant 2 / temperature 0.7 / long";

describe("cutEnd", () => {
  it("keeps a name that fits and cuts a longer one to max characters, the last an ellipsis", () => {
    expect(cutEnd("short", 30)).toBe("short");
    expect(cutEnd("abcdefgh", 5)).toBe("abcd…");
    expect(cutEnd("abcde", 5)).toBe("abcde");
  });
});

describe("distinctCuts", () => {
  it("cuts at the end when the cuts stay distinct, and keeps names that fit", () => {
    expect(distinctCuts(["Model-P / Harness", "A very long configuration name number one"], 30)).toEqual([
      "Model-P / Harness",
      "A very long configuration nam…",
    ]);
  });

  it("names sharing their first 29 characters keep a tail that differs: 20 head + … + 9 tail (a third of 29)", () => {
    // Cut at the end both read "Claude-Sonnet-4.5 / OpenHands…"; their last 9 characters "/ retry A", "/ retry B" differ.
    expect(cutEnd(RETRY_A, 30)).toBe(cutEnd(RETRY_B, 30));
    expect(distinctCuts([RETRY_A, "Other", RETRY_B], 30)).toEqual([
      "Claude-Sonnet-4.5 / …/ retry A",
      "Other",
      "Claude-Sonnet-4.5 / …/ retry B",
    ]);
  });

  it("a tail reaches back to the start of its word: the sample's two DeepSeek variants", () => {
    // Both cut at the end read "DeepSeek-V4.1-Flash / OpenCod…" (29 characters and the ellipsis), as does no third
    // name: "DeepSeek-V4.1-Flash / OpenCode" is exactly 30 and stays whole. Their last 9 characters "e +Router" and
    // "code +RCM" differ; each reaches back to "OpenCode" (16 and 13 characters), leaving 13 and 16 for the head.
    const names = [
      "DeepSeek-V4.1-Flash / OpenCode",
      "DeepSeek-V4.1-Flash / OpenCode +Router",
      "DeepSeek-V4.1-Flash / OpenCode +RCM",
    ];
    expect(distinctCuts(names, 30)).toEqual([
      "DeepSeek-V4.1-Flash / OpenCode",
      "DeepSeek-V4.1…OpenCode +Router",
      "DeepSeek-V4.1-Fl…OpenCode +RCM",
    ]);
  });

  it("names that part in the middle get a window from the word before the split: 8 head + … + 20 + …", () => {
    // Their last 21 characters (29 − 8 of head) are equal, so no tail tells them apart. They part at index 30
    // ("1" / "2"); the window opens at "variant" (index 22) and holds 20 characters.
    const cuts = distinctCuts([VAR_1, VAR_2], 30);
    expect(cuts).toEqual(["Model-X …variant 1 / temperat…", "Model-X …variant 2 / temperat…"]);
    expect(cuts.every((c) => c.length === 30)).toBe(true);
  });

  it("names equal to the character are numbered in their order", () => {
    const name = "Same model / same harness / same variant";
    // 30 − 3 for " #k" = 27: the first 26 characters ("Same model / same harness ") and the ellipsis.
    expect(distinctCuts([name, name], 30)).toEqual([
      "Same model / same harness … #1",
      "Same model / same harness … #2",
    ]);
    expect(distinctCuts(["Same", "Same"], 30)).toEqual(["Same #1", "Same #2"]);
  });

  it("three names: each cut is distinct and at most max characters", () => {
    const names = [RETRY_A, RETRY_B, "Claude-Sonnet-4.5 / OpenHands-CodeAct / retry C"];
    const cuts = distinctCuts(names, 30);
    expect(new Set(cuts).size).toBe(3);
    expect(cuts.map((c) => c.slice(-1))).toEqual(["A", "B", "C"]);
    expect(Math.max(...cuts.map((c) => c.length))).toBe(30);
  });
});

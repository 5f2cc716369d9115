import { describe, expect, it } from "vitest";
import { hasLoneSurrogate, invisibleCharacters, markInvisible, wholePrefix } from "./unicode";

describe("invisible characters", () => {
  it("are named with their kind, each once, in order of first appearance", () => {
    const text = "a\u202eb\u200bc\u202e\u0007d\ufe0f\u00ad\u2066";
    expect(invisibleCharacters(text)).toEqual([
      "U+202E (bidi control)",
      "U+200B (zero-width character)",
      "U+0007 (control character)",
      "U+FE0F (invisible character)",
      "U+00AD (invisible character)",
      "U+2066 (bidi control)",
    ]);
  });

  it("cover every bidi control, the zero-width characters, tags, fillers and separators", () => {
    const bidi = [
      "\u061c",
      "\u200e",
      "\u200f",
      "\u202a",
      "\u202b",
      "\u202c",
      "\u202d",
      "\u202e",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
    ];
    for (const c of bidi) expect(invisibleCharacters(`x${c}y`)[0]).toMatch(/\(bidi control\)$/);
    for (const c of ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
      expect(invisibleCharacters(c)[0]).toMatch(/\(zero-width character\)$/);
    for (const c of ["\u{e0041}", "\u3164", "\u115f", "\u034f", "\u2028", "\u2029", "\u180e"])
      expect(invisibleCharacters(c)).toHaveLength(1);
  });

  it("leave visible text alone: letters of every script, spaces, punctuation, emoji", () => {
    expect(invisibleCharacters("Orca-2 / OpenCode +Router · Модель αβγ 模型 عربى 🙂")).toEqual([]);
  });

  it("are marked ⟦U+XXXX⟧, so a bidi override no longer reverses what follows it", () => {
    expect(markInvisible("Orca-2 / OpenCode \u202eretuoR+")).toBe("Orca-2 / OpenCode ⟦U+202E⟧retuoR+");
    expect(markInvisible("a\u200bb\tc\u{e0041}")).toBe("a⟦U+200B⟧b⟦U+0009⟧c⟦U+E0041⟧");
    expect(markInvisible("plain")).toBe("plain");
  });
});

describe("lone surrogates", () => {
  it("are told from surrogate pairs", () => {
    expect(hasLoneSurrogate("x\ud800y")).toBe(true);
    expect(hasLoneSurrogate("x\udfffy")).toBe(true);
    expect(hasLoneSurrogate("🙂")).toBe(false);
  });
});

describe("wholePrefix", () => {
  it("keeps the first n code units, one fewer when the last would be half of a surrogate pair", () => {
    expect(wholePrefix("ab😀c", 3)).toBe("ab");
    expect(wholePrefix("ab😀c", 4)).toBe("ab😀");
    expect(wholePrefix("ab😀c", 2)).toBe("ab");
    expect(wholePrefix("abc", 5)).toBe("abc");
    expect(wholePrefix("😀", 0)).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { caseFold, collapseSpace, confusableKeys, LookAlikes, looksAlike, skeleton } from "./confusable";

const collide = looksAlike;

describe("the TS #39 skeleton", () => {
  it("maps look-alikes to one prototype, whatever the script", () => {
    // Cyrillic а, е, о, р, с; Greek Α, Β, Ο; fullwidth letters; mathematical bold.
    expect(skeleton("\u0430\u0435\u043e\u0440\u0441")).toBe("aeopc");
    expect(skeleton("\u0391\u0392\u039f")).toBe("ABO");
    expect(skeleton("\uff21\uff22\uff23")).toBe("ABC");
    expect(skeleton("\u{1d400}")).toBe("A");
  });

  it("drops default-ignorable code points and is in NFD", () => {
    expect(skeleton("a\u200bb\u2060c\ufeff")).toBe("abc");
    expect(skeleton("\u00e9")).toBe("e\u0301");
  });
});

describe("confusable keys: ids that pass for one another collide", () => {
  it("Cyrillic о for Latin o, Cyrillic а for Latin a", () => {
    expect(collide("orca-opencode", "\u043erca-opencode")).toBe(true);
    expect(collide("my-agent", "my-\u0430gent")).toBe(true);
  });

  it("Greek and Cyrillic capitals for Latin ones, also against lower case", () => {
    expect(collide("BOB", "\u0392\u039f\u0392")).toBe(true); // Greek Β Ο Β
    expect(collide("bob", "\u0412\u041e\u0412")).toBe(true); // Cyrillic В О В
    expect(collide("KAPPA-1", "\u039a\u0391\u03a1\u03a1\u0391-1")).toBe(true);
  });

  it("case, including where the skeleton maps one case only (m → rn) and full folding (ß ~ ss)", () => {
    expect(collide("my-agent", "My-Agent")).toBe(true);
    expect(collide("MY-AGENT", "my-agent")).toBe(true);
    expect(collide("strasse", "STRAßE")).toBe(true);
    // I's prototype is l, i has none: folded first, they meet.
    expect(collide("WIDGETS-106", "widgets-106")).toBe(true);
  });

  it("zero-width characters and other normalization forms", () => {
    expect(collide("my-agent", "my\u200b-agent")).toBe(true);
    expect(collide("my-agent", "my-agent\u200d")).toBe(true);
    expect(collide("caf\u00e9", "cafe\u0301")).toBe(true);
  });

  it("digits and letters that confusables.txt calls alike (0 ~ O, 1 ~ l ~ I)", () => {
    expect(collide("run-10", "run-lO")).toBe(true);
    expect(collide("I", "l")).toBe(true);
  });

  it("but not ids that look different", () => {
    expect(collide("pallets__click-2644", "pallets__click-2685")).toBe(false);
    expect(collide("r0", "r1")).toBe(false);
    expect(collide("orca-opencode", "orca-opencode-router")).toBe(false);
    expect(collide("caf\u00e9", "cafe")).toBe(false);
  });

  it("the ASCII fast path gives the keys of the general path", () => {
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)).join("");
    // "é" sends the same text through the general path; its own key is the last two characters (e + U+0301).
    expect(confusableKeys(`${ascii}\u00e9`)).toEqual(confusableKeys(ascii).map((k) => `${k}e\u0301`));
    expect(confusableKeys("Orca-2 / OpenCode")).toEqual(["orca-2 / opencode", "orca-2 / opencode"]);
    expect(confusableKeys("Im")).toEqual(["irn", "lrn"]);
  });
});

describe("LookAlikes", () => {
  it("finds the first value added under an id the given one can pass for", () => {
    const index = new LookAlikes<number>();
    index.add("my-agent", 1);
    index.add("My-Agent", 2);
    index.add("other", 3);
    expect(index.find("my-\u0430gent")).toBe(1);
    expect(index.find("MY-AGENT")).toBe(1);
    expect(index.find("\u043ether")).toBe(3);
    expect(index.find("my-agents")).toBeUndefined();
  });
});

describe("case folding and name keys", () => {
  it("folds as upper then lower case", () => {
    expect(caseFold("Straße ſ ς")).toBe("strasse s σ");
  });

  it("reads runs of white space as one space, as a page shows them", () => {
    expect(collapseSpace(" Orca-2  /\tOpenCode \n")).toBe("Orca-2 / OpenCode");
    expect(looksAlike(collapseSpace("Orca-2 / 0penCode"), "Orca-2 / OpenCode")).toBe(true);
  });
});

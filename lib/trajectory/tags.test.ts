// tagsByStep and chipGroups on hand-made tags: which tags point at each step, and a step row's one chip per
// signature and strength with how many tags it stands for.
import { describe, expect, it } from "vitest";
import {
  chipGroups,
  isSignature,
  SIGNATURE_SHORT_LABELS,
  SIGNATURES,
  signatureLabel,
  tagsByStep,
  type SignatureTag,
} from "./tags";

const tag = (
  id: string,
  signature: SignatureTag["signature"],
  steps: number[],
  strength: SignatureTag["strength"] = "strong",
): SignatureTag => ({
  id,
  signature,
  position: null,
  steps,
  note: "",
  author: { kind: "human" },
  origin: "annotation",
  strength,
  reasons: [],
});

const RSL = "requirement_state_loss";
const CTI = "cross_task_interference";

describe("tagsByStep", () => {
  it("lists every tag at each of its evidence steps, in the tags' order", () => {
    const a = tag("a", RSL, [1, 3]);
    const b = tag("b", CTI, [3]);
    const c = tag("c", RSL, [3, 4]);
    const by = tagsByStep([a, b, c]);
    expect([...by.keys()]).toEqual([1, 3, 4]);
    expect(by.get(1)!.map((t) => t.id)).toEqual(["a"]);
    expect(by.get(3)!.map((t) => t.id)).toEqual(["a", "b", "c"]);
    expect(by.get(4)!.map((t) => t.id)).toEqual(["c"]);
  });

  it("takes 40,000 tags on one step in one pass", () => {
    const many = Array.from({ length: 40_000 }, (_, i) => tag(`t${i}`, i % 2 ? CTI : RSL, [7]));
    expect(tagsByStep(many).get(7)).toHaveLength(40_000);
  });
});

describe("chipGroups", () => {
  it("one chip per signature and strength, first met first, with its count", () => {
    const tags = [
      tag("a", RSL, [1]),
      tag("b", CTI, [1]),
      tag("c", RSL, [1]),
      tag("d", RSL, [1], "weak"),
      tag("e", RSL, [1]),
    ];
    expect(chipGroups(tags).map((g) => [g.tag.id, g.count])).toEqual([
      ["a", 3],
      ["b", 1],
      ["d", 1],
    ]);
    expect(chipGroups([])).toEqual([]);
  });
});

describe("the signatures' one table of names", () => {
  it("knows each signature by id and keeps any other value as it is", () => {
    expect(SIGNATURES.filter(isSignature)).toEqual(["requirement_state_loss", "cross_task_interference"]);
    expect([null, "", "any", "Requirement-state loss"].some(isSignature)).toBe(false);
    expect(signatureLabel("cross_task_interference")).toBe("Cross-task interference");
    expect(signatureLabel("unknown_signature")).toBe("unknown_signature");
    expect(SIGNATURES.map((s) => SIGNATURE_SHORT_LABELS[s])).toEqual(["RSL", "CTI"]);
  });
});

import { describe, expect, it } from "vitest";
import { currentTag, nextUnreviewed, tagOrder } from "./nav";
import { detectorTag } from "./testing";

const A = detectorTag("a", [4, 20]);
const B = detectorTag("b", [10, 12], { strength: "weak" });
const C = detectorTag("c", [10, 30], { signature: "cross_task_interference" });
const TAGS = [C, A, B];

describe("currentTag", () => {
  it("is the tag with evidence at the selected step, in reading order, or the one last jumped to", () => {
    expect(tagOrder(TAGS).map((t) => t.id)).toEqual(["a", "b", "c"]);
    expect(currentTag(TAGS, 20, null)?.id).toBe("a");
    expect(currentTag(TAGS, 10, null)?.id).toBe("b");
    expect(currentTag(TAGS, 10, "c")?.id).toBe("c");
    // A preferred tag without evidence at the step gives way.
    expect(currentTag(TAGS, 4, "c")?.id).toBe("a");
  });

  it("is otherwise the nearest tag, the earlier on a tie; none without a selection or tags", () => {
    expect(currentTag(TAGS, 7, null)?.id).toBe("a");
    expect(currentTag(TAGS, 25, null)?.id).toBe("a");
    expect(currentTag(TAGS, 27, null)?.id).toBe("c");
    expect(currentTag(TAGS, 1, null)?.id).toBe("a");
    expect(currentTag(TAGS, null, null)).toBeNull();
    expect(currentTag([], 3, null)).toBeNull();
  });
});

describe("nextUnreviewed", () => {
  const none = () => false;
  it("goes to the next tag after the current one, round to the first", () => {
    expect(nextUnreviewed(TAGS, A, 4, none)?.id).toBe("b");
    expect(nextUnreviewed(TAGS, B, 10, none)?.id).toBe("c");
    expect(nextUnreviewed(TAGS, C, 10, none)?.id).toBe("a");
  });

  it("skips reviewed tags, and stays on the current tag only when it is the last one left", () => {
    const reviewed = (t: { id: string }) => t.id !== "a";
    expect(nextUnreviewed(TAGS, B, 10, reviewed)?.id).toBe("a");
    expect(nextUnreviewed(TAGS, A, 4, reviewed)?.id).toBe("a");
    expect(nextUnreviewed(TAGS, A, 4, () => true)).toBeNull();
  });

  it("without a current tag, or off its evidence, starts after the selected step", () => {
    expect(nextUnreviewed(TAGS, A, 1, none)?.id).toBe("a");
    expect(nextUnreviewed(TAGS, B, 7, none)?.id).toBe("b");
    expect(nextUnreviewed(TAGS, null, 5, none)?.id).toBe("b");
    expect(nextUnreviewed(TAGS, null, 1, none)?.id).toBe("a");
    expect(nextUnreviewed(TAGS, null, 40, none)?.id).toBe("a");
    expect(nextUnreviewed([], null, 1, none)).toBeNull();
  });
});

// The IndexedDB wrapper on fake-indexeddb's in-memory implementation of the same API.
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { addedTag, judgeTag, reviewKey } from "../queries/review/verdicts";
import { openReviewStore } from "./review-store";
import { detectorTag, reviewContext } from "../queries/review/testing";

describe("review store", () => {
  it("keeps reviews by release, run, signature and steps, across openings", async () => {
    const factory = new IDBFactory();
    const first = await openReviewStore(factory);
    const confirmed = judgeTag(reviewContext(), detectorTag("t", [4, 12]), "confirmed", "");
    await first.put(confirmed);
    await first.put(addedTag(reviewContext({ run: "b.t.switched.r0" }), "requirement_state_loss", [3], null, ""));
    await first.put(addedTag(reviewContext({ release: "other" }), "requirement_state_loss", [3], null, ""));
    first.close();

    const again = await openReviewStore(factory);
    expect((await again.forRelease("sample")).map((r) => r.run).sort()).toEqual(["a.t.switched.r0", "b.t.switched.r0"]);
    expect(await again.forRun("sample", "a.t.switched.r0")).toEqual([confirmed]);

    // The same tag judged again replaces the verdict; deleting by key removes it.
    const rejected = judgeTag(reviewContext(), detectorTag("t", [12, 4]), "rejected", "no");
    await again.put(rejected);
    expect(await again.forRun("sample", "a.t.switched.r0")).toEqual([rejected]);
    await again.delete(reviewKey(rejected));
    expect(await again.forRun("sample", "a.t.switched.r0")).toEqual([]);
    expect(await again.forRelease("other")).toHaveLength(1);
    again.close();
  });
});

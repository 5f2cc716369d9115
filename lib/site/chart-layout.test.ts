import { describe, expect, it } from "vitest";
import { smallMultiples, type SmallMultiplesInput } from "./chart-layout";

// The forest plot's numbers: 210 px of labels, three panels of 220 with gaps of 36 (side by side 210 + 3 × 256 =
// 978 px), 11 rows of 20 px.
const FOREST: Omit<SmallMultiplesInput, "box"> = {
  count: 3,
  wide: { label: 210, chars: 30, panel: 220, gap: 36 },
  rows: 220,
  head: { wide: 56, stacked: 80 },
  between: 24,
  foot: 40,
};

describe("smallMultiples", () => {
  it("side by side before the box is measured and when the box holds all panels (978 px)", () => {
    for (const box of [null, 978, 1248]) {
      const l = smallMultiples({ ...FOREST, box });
      expect(l).toMatchObject({ stacked: false, label: 210, chars: 30, panel: 220, width: 978, height: 56 + 220 + 40 });
      expect(l.at).toEqual([
        { x: 210, top: 56 },
        { x: 466, top: 56 },
        { x: 722, top: 56 },
      ]);
    }
  });

  it("stacked at 390 px (a 358 px box): 160 px of labels, a 190 px panel (358 − 160 − 8), 358 wide", () => {
    const l = smallMultiples({ ...FOREST, box: 358 });
    expect(l).toMatchObject({ stacked: true, label: 160, chars: 21, panel: 190, width: 358 });
    // Each panel: 220 rows + 40 foot + 24 for the next title = 284 apart; the last has no title after it.
    expect(l.at).toEqual([
      { x: 160, top: 80 },
      { x: 160, top: 364 },
      { x: 160, top: 648 },
    ]);
    expect(l.height).toBe(80 + 3 * 284 - 24);
  });

  it("stacked in a box that holds one wide panel (738 px): the wide labels, a panel of at most 400", () => {
    const l = smallMultiples({ ...FOREST, box: 738 });
    expect(l).toMatchObject({ stacked: true, label: 210, chars: 30, panel: 400, width: 618 });
    // 500 px: 210 + 220 + 8 = 438 fits, so the labels stay wide; the panel takes 500 − 218 = 282.
    expect(smallMultiples({ ...FOREST, box: 500 })).toMatchObject({ label: 210, panel: 282, width: 500 });
  });

  it("never narrower than 180 px a panel: a 300 px box scrolls (160 + 180 + 8 = 348)", () => {
    expect(smallMultiples({ ...FOREST, box: 300 })).toMatchObject({ panel: 180, width: 348 });
  });
});

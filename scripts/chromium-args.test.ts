import { describe, expect, it } from "vitest";
import { withFeaturesDisabled } from "./chromium-args";

describe("withFeaturesDisabled", () => {
  it("keeps the launcher's list, adds the new names once, and names the switch it replaces", () => {
    const argv = ["--headless", "--disable-features=PaintHolding,MediaRouter", "--enable-features=X"];
    expect(withFeaturesDisabled(argv, ["WebUIOmniboxPopup", "MediaRouter"])).toEqual({
      ignore: ["--disable-features=PaintHolding,MediaRouter"],
      arg: "--disable-features=PaintHolding,MediaRouter,WebUIOmniboxPopup",
    });
  });

  it("merges every --disable-features switch, since the browser reads only the last", () => {
    const argv = ["--disable-features=A", "--disable-features=B,"];
    expect(withFeaturesDisabled(argv, ["C"])).toEqual({
      ignore: ["--disable-features=A", "--disable-features=B,"],
      arg: "--disable-features=A,B,C",
    });
  });

  it("replaces nothing when the launcher disables nothing", () => {
    expect(withFeaturesDisabled(["--headless"], ["C", "D"])).toEqual({ ignore: [], arg: "--disable-features=C,D" });
  });
});

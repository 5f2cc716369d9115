import { describe, expect, it } from "vitest";
import { DEFAULT_SIGNATURES_STATE, parseSignaturesUrl, serializeSignaturesUrl } from "./url";

const CTX = {
  configs: ["alpha", "beta"],
  conditions: ["uninterrupted", "switched"],
  groups: ["overall", "near", "far"],
  repos: ["acme/widgets"],
};

describe("signatures page URL state", () => {
  it("round-trips every filter and the opened cell", () => {
    const s = {
      config: "alpha",
      condition: "switched",
      repo: "acme/widgets",
      group: "near",
      signature: "requirement_state_loss",
      strength: "weak" as const,
      outcome: "unresolved" as const,
      cell: { config: "alpha", condition: "switched", grp: "near", signature: "requirement_state_loss" },
    };
    const q = serializeSignaturesUrl(s);
    expect(q).toBe(
      "?config=alpha&condition=switched&repo=acme%2Fwidgets&group=near&signature=requirement_state_loss&strength=weak&outcome=unresolved&cell=alpha%7Eswitched%7Enear%7Erequirement_state_loss",
    );
    expect(parseSignaturesUrl(q, CTX)).toEqual(s);
  });

  it("writes nothing for the default view and drops values the release does not have", () => {
    expect(serializeSignaturesUrl(DEFAULT_SIGNATURES_STATE)).toBe("");
    expect(
      parseSignaturesUrl(
        "?config=zeta&group=middle&signature=x&strength=odd&outcome=maybe&cell=alpha~switched~near",
        CTX,
      ),
    ).toEqual(DEFAULT_SIGNATURES_STATE);
  });
});

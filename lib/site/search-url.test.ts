import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "../queries/search/sql";
import { EXAMPLE_SEARCHES, isRunnable, readSearch, unknownSearchValues, writeSearch } from "./search-url";

describe("search URL state", () => {
  it("round-trips every field and drops defaults", () => {
    const f = {
      ...EMPTY_SEARCH,
      q: 'git -C "$d" diff',
      mode: "regex" as const,
      field: "command" as const,
      config: "c1",
      condition: "switched",
      group: "near",
      repo: "o/r",
      kind: "focus",
      tool: "bash",
      outcome: "resolved",
      other: true,
    };
    expect(readSearch(writeSearch(f))).toEqual(f);
    expect(writeSearch(EMPTY_SEARCH)).toBe("");
    expect(writeSearch({ ...EMPTY_SEARCH, q: "a b" })).toBe("?q=a+b");
  });

  it("ignores values it does not know", () => {
    expect(readSearch("?mode=glob&field=x&kind=other&outcome=maybe&other=yes")).toEqual(EMPTY_SEARCH);
  });

  it("runs a search with a query or a step filter only", () => {
    expect(isRunnable(EMPTY_SEARCH)).toBe(false);
    expect(isRunnable({ ...EMPTY_SEARCH, config: "c1" })).toBe(false);
    expect(isRunnable({ ...EMPTY_SEARCH, other: true })).toBe(true);
    expect(EXAMPLE_SEARCHES.every((e) => isRunnable({ ...EMPTY_SEARCH, ...e.search }))).toBe(true);
  });

  it("names every parameter whose value the release does not have, and why", () => {
    const known = { configs: ["c1"], conditions: ["switched"], groups: ["near"], repos: ["o/r"], tools: ["bash"] };
    const ok = "?q=x&config=c1&condition=switched&group=near&repo=o%2Fr&tool=bash&kind=focus&outcome=resolved&other=1";
    expect(unknownSearchValues(ok, readSearch(ok), known)).toEqual([]);
    const bad = "?q=x&config=nope&condition=odd&kind=other&tool=zsh&mode=glob";
    expect(unknownSearchValues(bad, readSearch(bad), known)).toEqual([
      { param: "mode", value: "glob", why: "not one of literal, regex" },
      { param: "config", value: "nope", why: "no configuration of this release with trajectories has this id" },
      { param: "condition", value: "odd", why: "not a condition of this release (switched)" },
      { param: "kind", value: "other", why: "not one of focus, interruption, finalization" },
      { param: "tool", value: "zsh", why: "no step of this release calls a tool of this name" },
    ]);
    // A very long value is shown cut.
    const long = `?config=${"z".repeat(300)}`;
    expect(unknownSearchValues(long, readSearch(long), known)[0]!.value).toBe(
      `${"z".repeat(200)}… (truncated: 300 characters)`,
    );
  });
});

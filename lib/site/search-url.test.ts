import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "../queries/search/sql";
import { EXAMPLE_SEARCHES, isRunnable, readSearch, writeSearch } from "./search-url";

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
});

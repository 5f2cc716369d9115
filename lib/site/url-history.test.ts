import { describe, expect, it } from "vitest";
import { decideHistoryWrite, viewUrl } from "./url-history";

describe("decideHistoryWrite", () => {
  it("pushes a change of what is shown, and writes nothing when the URL stays", () => {
    expect(decideHistoryWrite("push", null, "/c/?a=1", "/c/?a=2")).toEqual({ call: "pushState", last: "push" });
    expect(decideHistoryWrite("push", "push", "/c/?a=1", "/c/?a=1")).toEqual({ call: null, last: "push" });
  });
  it("replaces a fine-grained move and keeps what the last entry-making write was", () => {
    expect(decideHistoryWrite("replace", "typing", "/r/?step=1", "/r/?step=2")).toEqual({
      call: "replaceState",
      last: "typing",
    });
    expect(decideHistoryWrite("replace", null, "/r/?step=1", "/r/?step=2")).toEqual({
      call: "replaceState",
      last: null,
    });
  });
  it("pushes the first keystroke of a search and replaces the next ones, until something else is pushed", () => {
    const a = decideHistoryWrite("typing", null, "/t/", "/t/?q=a");
    expect(a).toEqual({ call: "pushState", last: "typing" });
    const ab = decideHistoryWrite("typing", a.last, "/t/?q=a", "/t/?q=ab");
    expect(ab).toEqual({ call: "replaceState", last: "typing" });
    // a step moved by the search result does not end the burst
    const step = decideHistoryWrite("replace", ab.last, "/t/?q=ab", "/t/?q=ab&step=4");
    expect(decideHistoryWrite("typing", step.last, "/t/?q=ab&step=4", "/t/?q=abc&step=4").call).toBe("replaceState");
    // a filter in between: the next search is its own entry
    const f = decideHistoryWrite("push", ab.last, "/t/?q=ab", "/t/?q=ab&repo=x");
    expect(decideHistoryWrite("typing", f.last, "/t/?q=ab&repo=x", "/t/?q=abc&repo=x").call).toBe("pushState");
  });
});

describe("viewUrl", () => {
  it("joins path, query and hash, with or without the question mark", () => {
    expect(viewUrl("/r/x/cost/", "?grp=near", "")).toBe("/r/x/cost/?grp=near");
    expect(viewUrl("/r/x/cost/", "grp=near", "#t")).toBe("/r/x/cost/?grp=near#t");
    expect(viewUrl("/r/x/cost/", "", "")).toBe("/r/x/cost/");
    expect(viewUrl("/r/x/cost/", "?", "")).toBe("/r/x/cost/");
  });
});

// fitShard (lib/db/answers.ts): an answers file never passes the cap; the keys with the largest answers are left
// out (null) until it fits, so the page asks the engine for them.
import { describe, expect, it } from "vitest";
import { fitShard } from "./answers";

// Working: {"a":{"q":[{"n":"xxxxxxxxxx"}]},"b":{"q":[]},"c":{"q":[{"n":"xxxx"}]}} plus "\n" is 71 bytes; a's
// answers {"q":[{"n":"xxxxxxxxxx"}]} are 26 bytes, c's 20, b's 8. Leaving a out (null, 4 bytes) saves 22: 49 bytes;
// then c, 16 more: 33 bytes.
const entries = { a: { q: [{ n: "x".repeat(10) }] }, b: { q: [] }, c: { q: [{ n: "xxxx" }] } };

describe("fitShard", () => {
  it("writes the shard whole when it fits", () => {
    expect(fitShard(entries, 71)).toEqual({ text: JSON.stringify(entries) + "\n", left: [] });
  });

  it("leaves out the largest answers first, until the file fits", () => {
    const one = fitShard(entries, 70);
    expect(one.left).toEqual(["a"]);
    expect(one.text).toBe('{"a":null,"b":{"q":[]},"c":{"q":[{"n":"xxxx"}]}}\n');
    expect(one.text.length).toBe(49);
    const two = fitShard(entries, 48);
    expect(two.left).toEqual(["a", "c"]);
    expect(two.text).toBe('{"a":null,"b":{"q":[]},"c":null}\n');
    expect(two.text.length).toBe(33);
  });
});

// Zstandard entries (method 93) of a real Inspect .eval log: inflated whole, and refused at the size the
// archive's directory declares when they would inflate past it (a lying directory, as for deflate).
import { describe, expect, it } from "vitest";
import { indexArchives, readEntrySync } from "./index-node";

const DIR = "lib/trajectory/native/fixtures/inspect";
const LOG = "ais-decoder.eval";

describe("zstd entries", () => {
  it("inflate to the size their directory declares, and a lie about it is refused by name", async () => {
    const index = (await indexArchives(DIR, [`${LOG}#header.json`])).get(LOG)!;
    if ("error" in index) throw new Error(index.error);
    const meta = index.entries.get("header.json")!;
    expect(meta.method).toBe(93);
    const bytes = readEntrySync(`${DIR}/${LOG}`, "header.json", meta);
    expect(bytes.byteLength).toBe(meta.size);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toMatchObject({ version: 2, status: "success" });
    expect(() => readEntrySync(`${DIR}/${LOG}`, "header.json", { ...meta, size: 100 })).toThrow(
      `${DIR}/${LOG}#header.json: inflates past the 100 bytes its archive's directory declares (a zip bomb or a damaged archive); refused`,
    );
  });
});

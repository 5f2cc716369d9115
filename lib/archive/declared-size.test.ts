// Issue 58, class 7: an entry whose directory declares more bytes than it holds is refused with a message that
// says so, never "inflates past" (the opposite). In Node the reader inflates the entry whole and says which way;
// zip.js (the browser's reader) reports a mismatch without telling which, so the message says only that.
import { describe, expect, it } from "vitest";
import { openZipEntryOf } from "../files/zip";
import { indexArchives, readEntrySync } from "./index-node";
import { testZip } from "./testing-zip";

const DIR = "lib/trajectory/native/fixtures/inspect";
const LOG = "ais-decoder.eval";

describe("an entry that holds fewer bytes than its directory declares", () => {
  it("in an Inspect .eval log (zstd), read in Node: names the bytes it holds and the bytes declared", async () => {
    const index = (await indexArchives(DIR, [`${LOG}#header.json`])).get(LOG)!;
    if ("error" in index) throw new Error(index.error);
    const meta = index.entries.get("header.json")!;
    const declared = meta.size + 1000;
    expect(() => readEntrySync(`${DIR}/${LOG}`, "header.json", { ...meta, size: declared })).toThrow(
      `${DIR}/${LOG}#header.json: inflates to ${meta.size.toLocaleString("en-US")} bytes, fewer than the ${declared.toLocaleString("en-US")} bytes its archive's directory declares (a damaged archive); refused`,
    );
  });

  it("in a deflated zip read by zip.js: says the size is not the declared one, not that it inflates past it", async () => {
    // 300 bytes declared as 1,000.
    const zip = new Blob([new Uint8Array(testZip([{ name: "a.json", content: "x".repeat(300), declare: 1000 }]))]);
    const failure = await new Response(await openZipEntryOf("a.zip", zip, "a.json")).arrayBuffer().catch(String);
    expect(failure).toBe(
      "ArchiveError: a.zip#a.json: does not inflate to the 1,000 bytes its archive's directory declares (a zip bomb or a damaged archive); refused",
    );
  });
});

// Writes a ZIP archive of text entries with @zip.js/zip.js, reproducibly (a fixed date, no extended
// timestamps, entries in the order given): the same entries give the same bytes on the same Node.
import { configure, TextReader, Uint8ArrayWriter, ZipWriter } from "@zip.js/zip.js/lib/zip-core-native.js";

configure({ useWebWorkers: false });

/** 2026-01-01T00:00:00Z: a ZIP entry must carry a date; a fixed one keeps the archive reproducible. */
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

export interface ArchiveEntry {
  name: string;
  /** Called when the entry is written, so only one entry's text is in memory at a time. */
  text: () => string;
}

export async function writeArchive(entries: Iterable<ArchiveEntry>, level = 6): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), {
    level,
    lastModDate: FIXED_DATE,
    extendedTimestamp: false,
    useWebWorkers: false,
  });
  for (const e of entries) await writer.add(e.name, new TextReader(e.text()));
  return writer.close();
}

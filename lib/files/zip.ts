// The zip the user picks in "Open local results" (a release, or a folder of trajectories), read with the
// archive reader the published archives use (lib/archive): only its central directory up front, then each
// entry inflated on demand through the running cap of lib/archive/limits.ts. An entry's declared size is
// believed only as a bound: one that inflates past it (a zip bomb: a small zip whose directory lies) is
// refused at that size with an error naming the zip and the entry, before the memory is spent.
import type { ArchiveListing } from "../archive/entries";
import { MAX_ENTRY_BYTES } from "../archive/limits";
import { blobArchive, entryStream } from "../archive/read-remote";

/** What the page keeps of one entry: plain data, so it can be handed to a worker with the zip's Blob. */
export interface ZipEntry {
  name: string;
  /** The uncompressed size the directory declares (checked again while inflating). */
  size: number;
  /** Why the entry cannot be read (an unsafe or duplicate name, encryption, another method); absent when it can. */
  refused?: string;
}

export interface PickedZip {
  /** The zip's name as picked, for messages. */
  label: string;
  blob: Blob;
  entries: ZipEntry[];
  listing: ArchiveListing;
}

/**
 * The endings of agent logs' file names, for the refusal below: lib/files sits below lib/trajectory, whose
 * registry of formats (lib/trajectory/native/formats.ts) they come from; its test checks they agree.
 */
export const AGENT_LOG_ENDINGS = [".json", ".jsonl", ".traj", ".eval"];

/** The zip's directory; a file that is not a zip is refused naming it and saying what is expected. */
export async function readZip(label: string, blob: Blob): Promise<PickedZip> {
  let listing: ArchiveListing;
  try {
    listing = await blobArchive(label, blob);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    // listEntries says "<label>: not a readable ZIP archive (<reason>)"; the reason is what the user needs.
    const reason = /\((.*)\)$/.exec(why)?.[1] ?? why;
    throw new Error(
      `${label} is not a zip archive this page can read (${reason}); pick a release folder, a zip of one, or agent logs (${AGENT_LOG_ENDINGS.join(", ")})`,
      { cause: err },
    );
  }
  const entries: ZipEntry[] = [...listing.entries.values()].map((e) => ({
    name: e.filename,
    size: e.uncompressedSize,
  }));
  const named = new Set(listing.entries.keys());
  for (const r of listing.refused) {
    if (named.has(r.name)) continue; // a duplicate: the first entry by that name stays readable
    named.add(r.name);
    entries.push({ name: r.name, size: 0, refused: r.why });
  }
  return { label, blob, entries, listing };
}

/** One entry's inflated bytes, capped at its declared size and at `maxBytes`; errors name `zip#entry`. */
export function openZipEntry(
  zip: PickedZip,
  name: string,
  maxBytes = MAX_ENTRY_BYTES,
): Promise<ReadableStream<Uint8Array>> {
  return entryStream(zip.listing, zip.label, name, maxBytes);
}

/**
 * The same in a worker, from the zip's Blob and name alone (a listing does not survive postMessage): the
 * directory is read again there, which costs the directory's bytes and not the entries'.
 */
export async function openZipEntryOf(
  label: string,
  blob: Blob,
  name: string,
  maxBytes = MAX_ENTRY_BYTES,
): Promise<ReadableStream<Uint8Array>> {
  return openZipEntry(await readZip(label, blob), name, maxBytes);
}

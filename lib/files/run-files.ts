// A local release's other files (trajectories), kept on the page as the user picked them: the folder's File
// handles, or the zip and its directory. Nothing is read when the release opens; the trajectory viewer asks for
// one path when its run is opened, and its parse worker reads that file (a zip entry is inflated there).
import { ArchiveError } from "../archive/limits";
import { blobArchive, entryStream } from "../archive/read-remote";
import { parseFileRef } from "../archive/ref";
import { isZip, slash, type InputFile } from "./source";
import { openZipEntryOf, readZip, type ZipEntry } from "./zip";

/**
 * A file the trajectory worker reads itself: structured-cloned handles, no bytes copied on the page. An entry
 * of a release's own trajectory archive (`trajectories/x.zip#entry`) names the archive's ref and the entry.
 */
export type FileRef =
  | { kind: "blob"; blob: Blob }
  | ZipRef
  | { kind: "archived"; archive: { kind: "blob"; blob: Blob } | ZipRef; name: string; entry: string };

/** An entry of the zip the user picked: the zip's Blob and name, and the entry as its directory declares it. */
export type ZipRef = { kind: "zip"; zip: Blob; label: string; entry: ZipEntry };

export interface ReleaseFiles {
  /** A file by its path below the release folder ("trajectories/x.json"); null when none was picked there. */
  find(path: string): Promise<FileRef | null>;
}

/** `root` is the release folder within what was picked ("" or "dir/…/", as releaseRoot says). */
export function releaseFiles(input: readonly InputFile[], root: string): ReleaseFiles {
  let index: Promise<Map<string, FileRef>> | null = null;
  const build = async (): Promise<Map<string, FileRef>> => {
    const byPath = new Map<string, FileRef>();
    const only = input.length === 1 ? input[0]! : null;
    // Only the zip's central directory is read here, once, when the first run is opened.
    const refs: [string, FileRef][] =
      only && (await isZip(only))
        ? (await readZip(only.path, only.file)).entries.map((entry) => [
            slash(entry.name),
            { kind: "zip", zip: only.file, label: only.path, entry },
          ])
        : input.map((f) => [slash(f.path), { kind: "blob", blob: f.file }]);
    for (const [path, ref] of refs) if (path.startsWith(root)) byPath.set(path.slice(root.length), ref);
    return byPath;
  };
  return {
    async find(path) {
      index ??= build();
      index.catch(() => (index = null));
      const ref = parseFileRef(path);
      if (ref.kind !== "entry") return (await index).get(path) ?? null;
      const archive = (await index).get(ref.archive);
      return archive && archive.kind !== "archived"
        ? { kind: "archived", archive, name: ref.archive, entry: ref.entry }
        : null;
    },
  };
}

/**
 * The file's size before reading it: the Blob's, or the zip entry's declared uncompressed size; 0 for an entry
 * of a release's own archive, whose declared size is checked (and inflation capped) when it is read.
 */
export function fileRefSize(ref: FileRef): number {
  return ref.kind === "blob" ? ref.blob.size : ref.kind === "zip" ? ref.entry.size : 0;
}

function openZipRef(ref: ZipRef): Promise<ReadableStream<Uint8Array>> {
  if (ref.entry.refused !== undefined)
    return Promise.reject(new ArchiveError(`${ref.label}#${ref.entry.name}`, `refused: ${ref.entry.refused}`));
  return openZipEntryOf(ref.label, ref.zip, ref.entry.name);
}

export async function openFileRef(ref: FileRef): Promise<ReadableStream<Uint8Array>> {
  if (ref.kind === "blob") return ref.blob.stream();
  if (ref.kind === "zip") return openZipRef(ref);
  // An archive inside a picked zip is inflated to a Blob first (capped like any one file), then read at random.
  const blob =
    ref.archive.kind === "blob" ? ref.archive.blob : await new Response(await openZipRef(ref.archive)).blob();
  return entryStream(await blobArchive(ref.name, blob), ref.name, ref.entry);
}

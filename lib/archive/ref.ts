// Where a run's trajectory (or another release file) lives: a plain file, a gzip-compressed file, or an entry
// of a ZIP archive written `<archive>.zip#<entry>` (docs/data-format.md, "Trajectories"); an Inspect `.eval`
// log is a ZIP archive too, so `<log>.eval#samples/<id>_epoch_<n>.json` names one of its samples. The fragment
// form keeps a reference one string, and in a URL the entry part is never sent to the server.

export type FileRef =
  { kind: "plain"; path: string } | { kind: "gzip"; path: string } | { kind: "entry"; archive: string; entry: string };

/** A path the archive readers open: a ZIP archive, or an Inspect log (a ZIP archive under another name). */
export function isArchivePath(path: string): boolean {
  return /\.(zip|eval)$/i.test(path);
}

/** Splits a reference; `#` only means an archive entry after a `.zip` or `.eval` path, so other names stay plain. */
export function parseFileRef(ref: string): FileRef {
  const hash = ref.indexOf("#");
  if (hash > 0 && isArchivePath(ref.slice(0, hash))) {
    return { kind: "entry", archive: ref.slice(0, hash), entry: ref.slice(hash + 1) };
  }
  const path = hash >= 0 ? ref.slice(0, hash) : ref;
  return path.toLowerCase().endsWith(".gz") ? { kind: "gzip", path } : { kind: "plain", path };
}

export function formatFileRef(ref: FileRef): string {
  return ref.kind === "entry" ? `${ref.archive}#${ref.entry}` : ref.path;
}

/** The part of a reference that is a file on disk or on the server (the archive for an entry). */
export function containerPath(ref: string): string {
  const r = parseFileRef(ref);
  return r.kind === "entry" ? r.archive : r.path;
}

/**
 * The folder a reference resolves siblings against: inside an archive, the entry's folder within it (a
 * continuation file of an archived trajectory is another entry of the same archive).
 */
export function siblingBase(ref: string): string {
  const r = parseFileRef(ref);
  if (r.kind === "entry")
    return `${r.archive}#${r.entry.includes("/") ? r.entry.slice(0, r.entry.lastIndexOf("/") + 1) : ""}`;
  return ref.includes("/") ? ref.slice(0, ref.lastIndexOf("/") + 1) : "";
}

/** An archive entry name that stays inside the archive: relative, no `..`, no empty or drive parts. */
export function isSafeEntryName(name: string): boolean {
  if (name === "" || name.startsWith("/") || name.includes("\\") || /^[a-z]:/i.test(name)) return false;
  return name.split("/").every((p) => p !== ".." && p !== "");
}

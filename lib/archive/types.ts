// What is known of an archive once its central directory is read: shared by Node and the browser.

export interface EntryMeta {
  offset: number;
  compressedSize: number;
  size: number;
  method: number;
}

/** An archive's entries by name, or why it could not be read; `refused` lists entries left out and why. */
export type ArchiveIndex =
  { entries: ReadonlyMap<string, EntryMeta>; refused: { name: string; why: string }[] } | { error: string };

// Browser only: the files of a picker or a drop, with their paths below the picked or dropped folder.
import type { InputFile } from "../files/source";

export function filesFromInput(list: FileList | null): InputFile[] {
  return [...(list ?? [])].map((f) => ({ path: f.webkitRelativePath || f.name, file: f }));
}

/** A dropped folder is walked through the entries API (the only way a drop exposes a folder's files). */
export async function filesFromDrop(dt: DataTransfer): Promise<InputFile[]> {
  const entries = [...dt.items]
    .map((i) => (i.kind === "file" ? i.webkitGetAsEntry() : null))
    .filter((e): e is FileSystemEntry => e !== null);
  if (entries.length === 0) return [...dt.files].map((f) => ({ path: f.name, file: f }));
  const out: InputFile[] = [];
  for (const e of entries) await walk(e, out);
  return out;
}

async function walk(entry: FileSystemEntry, out: InputFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push({ path: entry.fullPath.replace(/^\/+/, ""), file });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (100 in Chromium) until it returns an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, out);
  }
}

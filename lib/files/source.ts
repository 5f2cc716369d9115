// What the user picked or dropped, as one list of files with paths: a folder (each File with its relative
// path), a zip of one (entries read on demand), or a single file. Browser and Node (tests) alike.
import { ArchiveError } from "../archive/limits";
import { openZipEntry, readZip } from "./zip";

export interface InputFile {
  /** The path below the picked folder (webkitRelativePath), or the file name. */
  path: string;
  file: Blob;
}

export interface LocalFile {
  path: string;
  size: number;
  open(): Promise<ReadableStream<Uint8Array>>;
}

export interface LocalSource {
  kind: "folder" | "zip" | "file";
  /** A name for messages: the folder, zip or file name. */
  label: string;
  files: LocalFile[];
}

export const slash = (p: string) => p.replace(/\\/g, "/").replace(/^\/+/, "");

export async function isZip(f: InputFile): Promise<boolean> {
  if (/\.zip$/i.test(f.path)) return true;
  const head = new Uint8Array(await f.file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

export async function sourceOf(input: readonly InputFile[]): Promise<LocalSource> {
  const only = input.length === 1 ? input[0]! : null;
  if (only && (await isZip(only))) {
    const zip = await readZip(only.path, only.file);
    return {
      kind: "zip",
      label: only.path,
      files: zip.entries.map((e) => ({
        path: slash(e.name),
        size: e.size,
        open: () =>
          e.refused !== undefined
            ? Promise.reject(new ArchiveError(`${only.path}#${e.name}`, `refused: ${e.refused}`))
            : openZipEntry(zip, e.name),
      })),
    };
  }
  const files = input.map((f) => ({ path: slash(f.path), size: f.file.size, open: async () => f.file.stream() }));
  const top = files[0]?.path.split("/")[0] ?? "";
  const folder = files.length > 0 && files.every((f) => f.path.includes("/") && f.path.split("/")[0] === top);
  return {
    kind: only && !only.path.includes("/") ? "file" : "folder",
    label: folder ? top : (only?.path ?? `${files.length} files`),
    files,
  };
}

/** The folder holding release.json (the shallowest, when a zip or folder nests one): "" or "dir/…/". */
export function releaseRoot(files: readonly LocalFile[]): string | null {
  const roots = files
    .filter((f) => f.path === "release.json" || f.path.endsWith("/release.json"))
    .map((f) => f.path.slice(0, f.path.length - "release.json".length))
    .sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b));
  return roots[0] ?? null;
}

/** Yields each line's bytes (split on 0x0A, which never occurs inside a UTF-8 sequence) with its number. */
export async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<{ line: number; bytes: Uint8Array }> {
  const reader = stream.getReader();
  let pending: Uint8Array[] = [];
  let line = 0;
  const join = (parts: Uint8Array[]) => {
    if (parts.length === 1) return parts[0]!;
    const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let start = 0;
    for (let nl = value.indexOf(0x0a, start); nl >= 0; nl = value.indexOf(0x0a, start)) {
      pending.push(value.subarray(start, nl));
      line += 1;
      yield { line, bytes: join(pending) };
      pending = [];
      start = nl + 1;
    }
    if (start < value.length) pending.push(value.subarray(start));
  }
  if (pending.length > 0) yield { line: line + 1, bytes: join(pending) };
}

/** The whole stream as text, refusing (before reading it all) anything over `limit` bytes. */
export async function readText(stream: ReadableStream<Uint8Array>, limit: number, name: string): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8");
  let text = "";
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new Error(`${name} is larger than ${formatBytes(limit)}, more than this page reads in a browser`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${Math.round(n / 1024 ** 2)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

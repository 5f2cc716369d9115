// A zip.js Reader over HTTP range requests that reads an archive's directory with the fewest bytes. zip.js's
// own HttpRangeReader looks for the end record in the last 64 KB at once, which for a small entry costs more
// than the entry itself; this one asks for the last 22 bytes (the end record when the archive has no
// comment, as the build's archives never do), then for the central directory it names, and serves zip.js's
// 64 KB look-back from those bytes (the part before the directory, which no valid end record points into,
// is left zero). An archive with a comment, or Zip64, falls back to reading the look-back as asked.
import { Reader } from "@zip.js/zip.js/lib/zip-core-native.js";

const EOCD = 0x06054b50;
const EOCD_LENGTH = 22;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`${url}: HTTP ${status}`);
  }
}

export class DirectoryFirstRangeReader extends Reader<string> {
  /** Bytes known from [start, size): the end record and the directory, once read. */
  private tail: { start: number; bytes: Uint8Array } | null = null;

  constructor(private readonly url: string) {
    super(url);
  }

  override async init(): Promise<void> {
    const res = await fetch(this.url, { headers: { Range: `bytes=-${EOCD_LENGTH}` } });
    if (res.status !== 206) {
      void res.body?.cancel();
      throw new HttpError(
        res.status === 200 ? 501 : res.status,
        res.status === 200 ? `${this.url} (the server ignores Range requests)` : this.url,
      );
    }
    const total = /\/(\d+)$/.exec(res.headers.get("content-range") ?? "");
    if (!total) throw new Error(`${this.url}: a range response without the archive's size`);
    this.size = Number(total[1]);
    const end = new Uint8Array(await res.arrayBuffer());
    this.tail = { start: this.size - end.byteLength, bytes: end };
    const view = new DataView(end.buffer, end.byteOffset, end.byteLength);
    if (end.byteLength !== EOCD_LENGTH || view.getUint32(0, true) !== EOCD || view.getUint16(20, true) !== 0) return;
    const cdSize = view.getUint32(12, true);
    const cdOffset = view.getUint32(16, true);
    if (cdOffset === 0xffffffff || cdSize === 0xffffffff || cdOffset + cdSize > this.size - EOCD_LENGTH) return;
    const cd = await this.fetchRange(cdOffset, cdSize);
    const bytes = new Uint8Array(cdSize + EOCD_LENGTH);
    bytes.set(cd, 0);
    bytes.set(end, cdSize);
    this.tail = { start: cdOffset, bytes };
  }

  override async readUint8Array(index: number, length: number): Promise<Uint8Array> {
    const tail = this.tail;
    if (tail && index >= tail.start && index + length <= this.size)
      return tail.bytes.slice(index - tail.start, index - tail.start + length);
    // zip.js's look-back window, once the directory is known: what precedes the directory is left zero.
    if (tail && tail.bytes.byteLength > EOCD_LENGTH && index + length === this.size && index < tail.start) {
      const out = new Uint8Array(length);
      out.set(tail.bytes, tail.start - index);
      return out;
    }
    return this.fetchRange(index, length);
  }

  private async fetchRange(index: number, length: number): Promise<Uint8Array> {
    if (length === 0) return new Uint8Array(0);
    const res = await fetch(this.url, { headers: { Range: `bytes=${index}-${index + length - 1}` } });
    if (res.status !== 206) {
      void res.body?.cancel();
      throw new HttpError(res.status, this.url);
    }
    return new Uint8Array(await res.arrayBuffer());
  }
}

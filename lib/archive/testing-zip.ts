// Test helper (Node only): ZIP archives written byte by byte, so a test can make the ones no zip tool writes:
// entries whose directory declares sizes that are not true, and zip bombs (gigabytes of zeros in a few
// megabytes), built at test time and never committed.
import { constants, crc32, deflateRawSync } from "node:zlib";

export interface TestEntry {
  name: string;
  /** The entry's bytes, deflated here. */
  content?: string | Buffer;
  /** Instead of content: this many MiB of zeros, as a deflate stream made of one repeated block (see below). */
  zerosMiB?: number;
  /** The uncompressed size written in the local header and the directory; the true size when absent. */
  declare?: number;
  /**
   * Instead of deflating: these zstd frames (lib/archive/testing-zstd.ts) as the entry's data, method 93;
   * `content` then gives the CRC and true size, and is not itself written.
   */
  zstd?: Buffer;
}

const MIB_OF_ZEROS = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_FULL_FLUSH });
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/**
 * Deflate data for `mib` MiB of zeros without deflating them: one MiB deflated with a full flush ends on a
 * byte boundary with no reference to what came before it, so copies of it may follow one another; an empty
 * final block closes the stream. About 1 KB per MiB.
 */
export function zerosDeflated(mib: number): Buffer {
  return Buffer.concat([...Array.from({ length: mib }, () => MIB_OF_ZEROS), FINAL_BLOCK]);
}

/** A ZIP of deflated (or zstd) entries (no zip64, no data descriptors), with the sizes each entry declares. */
export function testZip(entries: readonly TestEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = e.content === undefined ? null : Buffer.from(e.content);
    const method = e.zstd ? 93 : 8;
    const data = e.zstd ?? (raw ? deflateRawSync(raw) : zerosDeflated(e.zerosMiB ?? 0));
    const size = e.declare ?? (raw ? raw.length : (e.zerosMiB ?? 0) * (1 << 20));
    const crc = raw ? crc32(raw) : 0;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

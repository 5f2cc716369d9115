// Several Arrow IPC streams of one schema as one stream, so DuckDB-WASM ingests a sharded table in a single
// insert (each insert is a round trip to the worker and a statement of its own). A stream is a schema message,
// record batch messages and an end-of-stream marker (the Arrow columnar format's "IPC Streaming Format"):
// the first part keeps its schema, every part gives its batches, one marker ends the whole. Parts must not
// carry dictionaries (the steps index's integer shards do not).
const CONTINUATION = 0xffffffff;

/** Bytes of the first message (the schema: it has no body) of a stream, with its prefix and padding. */
function schemaBytes(part: Uint8Array): number {
  const view = new DataView(part.buffer, part.byteOffset, part.byteLength);
  if (part.byteLength < 8 || view.getUint32(0, true) !== CONTINUATION)
    throw new Error("not an Arrow IPC stream (no continuation marker before the schema)");
  return 8 + view.getInt32(4, true);
}

/** The stream's length without its end-of-stream marker (continuation, then a zero length), if it has one. */
function withoutEnd(part: Uint8Array): number {
  const n = part.byteLength;
  if (n < 8) return n;
  const view = new DataView(part.buffer, part.byteOffset, n);
  return view.getUint32(n - 8, true) === CONTINUATION && view.getInt32(n - 4, true) === 0 ? n - 8 : n;
}

export function concatIpcStreams(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  if (parts.length === 0) throw new Error("no Arrow IPC stream to concatenate");
  const slices = parts.map((p, i) => p.subarray(i === 0 ? 0 : schemaBytes(p), withoutEnd(p)));
  const out = new Uint8Array(slices.reduce((a, s) => a + s.byteLength, 0) + 8);
  let at = 0;
  for (const s of slices) {
    out.set(s, at);
    at += s.byteLength;
  }
  new DataView(out.buffer).setUint32(at, CONTINUATION, true);
  return out;
}

// Download + instantiate + open DuckDB-WASM and nothing else: the floor a first query is measured against.
// Both ends are reported: instantiated (worker, download, compile) and then connected (DuckDB's own open).
import { wasmDuckDb } from "../db/wasm";

export async function startTimed(): Promise<{ ms: number; instantiateMs: number; version: string }> {
  const t0 = performance.now();
  const db = await wasmDuckDb();
  const instantiateMs = performance.now() - t0;
  const conn = await db.connect();
  await conn.close();
  const ms = performance.now() - t0;
  return { ms, instantiateMs, version: await db.getVersion() };
}

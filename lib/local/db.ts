// Local results' tables in this page: the worker's Arrow IPC bytes behind blob: URLs of this page, which a local
// release's source (lib/source/local.ts) loads into the release's own DuckDB-WASM schema when a query names
// them. Nothing is sent anywhere.
import type { TableSource } from "../db/wasm";

export interface LocalTables {
  /** The DuckDB-WASM schema's release id: local-1, local-2, … (never a published release's id). */
  localId: string;
  source: TableSource;
  urls: string[];
  /** The tables' names (the SQL console lists and loads them all). */
  names: string[];
}

let opened = 0;

/** `tables`: each table's Arrow IPC bytes as a Blob (the local-results worker makes them). */
export function registerLocalTables(tables: Record<string, Blob>): LocalTables {
  const localId = `local-${++opened}`;
  const byTable = new Map(Object.entries(tables).map(([name, blob]) => [name, URL.createObjectURL(blob)]));
  return {
    localId,
    names: [...byTable.keys()],
    urls: [...byTable.values()],
    source: {
      url: (table) => {
        const url = byTable.get(table);
        if (!url) throw new Error(`the local release has no table ${table}`);
        return url;
      },
    },
  };
}

export function forgetLocalTables(t: LocalTables): void {
  for (const url of t.urls) URL.revokeObjectURL(url);
}

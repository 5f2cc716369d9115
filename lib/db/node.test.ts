import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openNodeDb } from "./node";

describe("openNodeDb", () => {
  it("opens a database file with a memory limit (the data build's), else memory with DuckDB's default", async () => {
    const dir = mkdtempSync(join(tmpdir(), "node-db-test-"));
    try {
      const file = join(dir, "x.duckdb");
      const db = await openNodeDb({ file, memoryLimit: "256MB" });
      await db.run("CREATE TABLE t AS SELECT range AS i FROM range(10)");
      const [row] = await db.query<{ limit: string; n: bigint }>(
        "SELECT current_setting('memory_limit') AS limit, (SELECT COUNT(*) FROM t) AS n",
      );
      db.close();
      expect(row).toEqual({ limit: "244.1 MiB", n: 10n });
      expect(existsSync(file)).toBe(true);
      const mem = await openNodeDb();
      const [d] = await mem.query<{ name: string }>(
        "SELECT database_name AS name FROM duckdb_databases() WHERE NOT internal",
      );
      mem.close();
      expect(d?.name).toBe("memory");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

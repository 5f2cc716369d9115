import { describe, expect, it } from "vitest";
import { hasLoneSurrogate } from "../../common/unicode";
import { checkStatement } from "./sql-check";

const ok = (sql: string) => expect(checkStatement(sql), sql).toMatchObject({ ok: true });
const refused = (sql: string, reason: RegExp) => {
  const r = checkStatement(sql);
  expect(r.ok, sql).toBe(false);
  if (!r.ok) expect(r.reason, sql).toMatch(reason);
};

describe("checkStatement", () => {
  it("accepts read-only statements", () => {
    ok("SELECT * FROM runs LIMIT 10");
    ok("select count(*) from steps where command like '%git diff%';");
    ok("WITH x AS (SELECT run_id FROM runs) SELECT * FROM x");
    ok("DESCRIBE runs");
    ok("SUMMARIZE steps");
    ok("EXPLAIN SELECT 1");
    ok("FROM runs SELECT run_id");
    ok(
      "SELECT * FROM steps WHERE checkout = '/work/w00' AND paths LIKE '%.json' AND message = 'it''s; fine -- not a comment'",
    );
    ok("SELECT regexp_matches(command, '\\d+ passed') FROM steps");
    ok("-- a comment\nSELECT 1 /* with ; inside */");
    expect(checkStatement("SELECT 1;;  ")).toEqual({ ok: true, statement: "SELECT 1" });
  });

  it("refuses writes and schema changes", () => {
    refused("INSERT INTO runs VALUES (1)", /INSERT writes/);
    refused("UPDATE runs SET resolved = true", /UPDATE writes/);
    refused("DELETE FROM runs", /DELETE writes/);
    refused("CREATE TABLE x AS SELECT 1", /CREATE changes the schema/);
    refused("DROP TABLE runs", /DROP/);
    refused("WITH x AS (SELECT 1) INSERT INTO runs SELECT * FROM x", /INSERT writes/);
  });

  it("refuses ATTACH, COPY, INSTALL and LOAD", () => {
    refused("ATTACH 'x.db' AS x", /ATTACH attaches a database/);
    refused("COPY runs TO 'out.csv'", /COPY reads or writes files/);
    refused("INSTALL httpfs", /INSTALL installs an extension/);
    refused("LOAD httpfs", /LOAD loads an extension/);
    refused("EXPORT DATABASE 'dir'", /EXPORT writes files/);
  });

  it("refuses file and URL readers", () => {
    refused("SELECT * FROM read_csv('x.csv')", /read_csv\(\) reads files/);
    refused("SELECT * FROM read_parquet('https://example.org/a.parquet')", /read_parquet\(\)|URL/);
    refused("SELECT * FROM READ_JSON_AUTO('a')", /READ_JSON_AUTO\(\) reads files/);
    refused("SELECT * FROM glob('/etc/*')", /glob\(\) reads files/);
    refused("SELECT * FROM query('COPY runs TO ''x''')", /query\(\)/);
    refused("SELECT * FROM 'data.csv'", /names a file/);
    refused('SELECT * FROM "/etc/passwd"', /names a file/);
    refused("SELECT * FROM runs, 'x.parquet'", /names a file/);
    refused("SELECT * FROM 'anything'", /reads a file/);
    refused("SELECT 'http://example.org/x' AS u", /is a URL/);
  });

  it("refuses a file reader called by a quoted name, in any case, schema-qualified or not (issue 58)", () => {
    refused(`SELECT * FROM "read_text"('/etc/passwd')`, /read_text\(\) reads files/);
    refused(`SELECT * FROM "main"."read_csv"('x')`, /read_csv\(\) reads files/);
    refused(`SELECT "READ_BLOB" ('a')`, /READ_BLOB\(\) reads files/);
    refused(`SELECT * FROM "glob"/* a comment */('/etc/*')`, /glob\(\) reads files/);
    refused(`SELECT * FROM "query"('SELECT 1')`, /query\(\)/);
    // A quoted column named like a reader, not called, is a name like any other.
    ok(`SELECT 1 AS "read_text"`);
  });

  it("quotes a refused text cut to 60 characters without splitting an emoji", () => {
    // The high surrogate of 😀 is the 59th character: the cut keeps 58 and the mark.
    const url = `http://x/${"a".repeat(49)}😀${"b".repeat(20)}`;
    const r = checkStatement(`SELECT '${url}'`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(hasLoneSurrogate(r.reason)).toBe(false);
    expect(r.reason).toContain(`“http://x/${"a".repeat(49)}…”`);
  });

  it("refuses settings, pragmas and transactions", () => {
    refused("SET enable_external_access = true", /SET changes a setting/);
    refused("RESET threads", /RESET changes a setting/);
    refused("PRAGMA database_list", /PRAGMA/);
    refused("SELECT 1; SET x = 1", /One statement at a time/);
    refused("BEGIN", /BEGIN opens a transaction/);
  });

  it("refuses multiple statements and unreadable text", () => {
    refused("SELECT 1; SELECT 2", /One statement at a time/);
    refused("SELECT 'open", /not closed/);
    refused("   ", /Write a query/);
    refused("VACUUM", /VACUUM writes the database/);
    refused("hello world", /starting with “hello”/);
  });
});

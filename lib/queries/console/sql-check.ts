// The SQL console's statement check: one read-only statement over the tables already loaded, nothing that
// changes state, reads a file or reaches the network. It is the first wall; the engine's own settings
// (lib/db/wasm.ts lockDown: external access off, configuration locked) are the second. Pure.
import { wholePrefix } from "../../common/unicode";

export type StatementCheck = { ok: true; statement: string } | { ok: false; reason: string };

interface Token {
  kind: "word" | "string" | "quoted" | "punct";
  text: string;
}

const STARTS = new Set(["SELECT", "WITH", "DESCRIBE", "SUMMARIZE", "EXPLAIN", "FROM", "SHOW", "VALUES", "TABLE"]);

/** Keywords that write, change settings, manage files or extensions, or run other SQL. */
const REFUSED: Record<string, string> = {
  INSERT: "writes",
  UPDATE: "writes",
  DELETE: "writes",
  MERGE: "writes",
  UPSERT: "writes",
  TRUNCATE: "writes",
  CREATE: "changes the schema",
  DROP: "changes the schema",
  ALTER: "changes the schema",
  COMMENT: "changes the schema",
  ATTACH: "attaches a database",
  DETACH: "detaches a database",
  USE: "switches the database",
  COPY: "reads or writes files",
  EXPORT: "writes files",
  IMPORT: "reads files",
  INSTALL: "installs an extension",
  LOAD: "loads an extension",
  FORCE: "installs an extension",
  SET: "changes a setting",
  RESET: "changes a setting",
  PRAGMA: "changes or reads settings",
  CHECKPOINT: "writes the database",
  VACUUM: "writes the database",
  CALL: "calls a procedure",
  BEGIN: "opens a transaction",
  COMMIT: "ends a transaction",
  ROLLBACK: "ends a transaction",
  ABORT: "ends a transaction",
  GRANT: "changes permissions",
  REVOKE: "changes permissions",
  PREPARE: "prepares other SQL",
  EXECUTE: "runs other SQL",
  DEALLOCATE: "prepares other SQL",
  SECRET: "manages secrets",
};

/** Table functions (and scalar ones) that read files, list files or run SQL given as text. */
const FILE_FUNCTION =
  /^(read_\w+|parquet_\w+|sniff_csv|glob|iceberg_\w+|delta_scan|sqlite_\w+|postgres_\w+|mysql_\w+|st_read\w*|query|query_table|getenv|duckdb_secrets|which_secret|load_aws_credentials|csv_scan|json_scan|arrow_scan\w*|scan_arrow_ipc)$/i;

/** A literal that names a URL or a file the engine could read (replacement scans: FROM 'x.csv', FROM "x.parquet"). */
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
const FILE_LIKE =
  /(^[/~]|^\.\.?\/|\.(csv|tsv|txt|parquet|json|jsonl|ndjson|arrow|ipc|feather|xlsx|db|duckdb|sqlite|gz|zst|zip)(\W|$))/i;

function tokenize(sql: string): Token[] | string {
  const out: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "-" && sql[i + 1] === "-") {
      while (i < sql.length && sql[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      if (end < 0) return "a comment is not closed";
      i = end + 2;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let text = "";
      for (;;) {
        if (j >= sql.length) return `a ${c === "'" ? "string" : "quoted name"} is not closed`;
        if (sql[j] === c && sql[j + 1] === c) {
          text += c;
          j += 2;
          continue;
        }
        if (sql[j] === c) break;
        text += sql[j++];
      }
      out.push({ kind: c === "'" ? "string" : "quoted", text });
      i = j + 1;
      continue;
    }
    const dollar = /^\$(\w*)\$/.exec(sql.slice(i));
    if (dollar) {
      const tag = dollar[0];
      const end = sql.indexOf(tag, i + tag.length);
      if (end < 0) return "a $-quoted string is not closed";
      out.push({ kind: "string", text: sql.slice(i + tag.length, end) });
      i = end + tag.length;
      continue;
    }
    const word = /^[A-Za-z_][\w$]*/.exec(sql.slice(i, i + 200));
    if (word) {
      out.push({ kind: "word", text: word[0] });
      i += word[0].length;
      continue;
    }
    out.push({ kind: "punct", text: c });
    i++;
  }
  return out;
}

export function checkStatement(sql: string): StatementCheck {
  const tokens = tokenize(sql);
  if (typeof tokens === "string") return { ok: false, reason: `The statement cannot be read: ${tokens}.` };
  while (tokens.length && tokens[tokens.length - 1]!.text === ";") tokens.pop();
  if (tokens.length === 0) return { ok: false, reason: "Write a query, e.g. SELECT * FROM runs LIMIT 10." };
  if (tokens.some((t) => t.kind === "punct" && t.text === ";"))
    return { ok: false, reason: "One statement at a time: remove the “;” between statements." };
  const first = tokens[0]!;
  const head = first.kind === "word" ? first.text.toUpperCase() : first.text === "(" ? "(" : "";
  if (!STARTS.has(head) && head !== "(") {
    const why = REFUSED[head];
    return {
      ok: false,
      reason: why
        ? `Refused: ${head} ${why}. The console is read-only: SELECT, WITH, DESCRIBE, SUMMARIZE and EXPLAIN only.`
        : `Refused: a statement starting with “${first.text}”. The console runs SELECT, WITH, DESCRIBE, SUMMARIZE and EXPLAIN only.`,
    };
  }
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const next = tokens[k + 1];
    if (t.kind === "word") {
      const up = t.text.toUpperCase();
      const why = REFUSED[up];
      if (why) return { ok: false, reason: `Refused: ${up} ${why}. The console is read-only.` };
    }
    // A quoted name calls the same function as the bare one ("read_text"(…), "main"."read_csv"(…)): the
    // engine folds its case like a word's, so the check reads the name the quotes hold.
    if ((t.kind === "word" || t.kind === "quoted") && next?.text === "(" && FILE_FUNCTION.test(t.text)) {
      return {
        ok: false,
        reason: `Refused: ${clip(t.text)}() reads files, the network or other SQL. The console reads only the tables listed beside it.`,
      };
    }
    if (t.kind === "string" || t.kind === "quoted") {
      if (URL_LIKE.test(t.text))
        return { ok: false, reason: `Refused: “${clip(t.text)}” is a URL; the console never reaches the network.` };
      // Replacement scans read a file named where a table goes: FROM 'x.csv', JOIN "y.parquet", FROM a, 'z.json'.
      const prev = tokens[k - 1];
      const tablePosition = (prev?.kind === "word" && /^(FROM|JOIN)$/i.test(prev.text)) || prev?.text === ",";
      if (FILE_LIKE.test(t.text) && (tablePosition || t.kind === "quoted")) {
        return {
          ok: false,
          reason: `Refused: “${clip(t.text)}” names a file; the console reads only the tables listed beside it.`,
        };
      }
      if (tablePosition && t.kind === "string" && prev?.text !== ",")
        return { ok: false, reason: `Refused: FROM '${clip(t.text)}' reads a file; name a table instead.` };
    }
  }
  return { ok: true, statement: sql.trim().replace(/;+\s*$/, "") };
}

/** At most 60 characters of a quoted text, never half of a surrogate pair (an emoji). */
function clip(s: string): string {
  return s.length > 60 ? `${wholePrefix(s, 59)}…` : s;
}

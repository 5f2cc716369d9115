const duckdb = require("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs");
const path = require("path"); const fs = require("fs");
(async () => {
  const dist = path.dirname(require.resolve("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs"));
  const db = await duckdb.createDuckDB({ mvp: { mainModule: path.join(dist, "duckdb-mvp.wasm"), mainWorker: "" }, eh: { mainModule: path.join(dist, "duckdb-eh.wasm"), mainWorker: "" } }, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate();
  const c = db.connect();
  const T = (label, sql) => { const t0 = performance.now(); const r = c.query(sql); console.error(label, (performance.now()-t0).toFixed(1), "ms", r.numRows); return r; };
  db.registerFileBuffer("tc.parquet", new Uint8Array(fs.readFileSync("public/data/sample/task_cells.parquet")));
  c.insertArrowFromIPCStream(new Uint8Array(fs.readFileSync("public/data/sample/task_cells.arrow")), { name: "base" }); console.error("loaded");
  T("cells", `CREATE TABLE task_cells AS SELECT b.config_id || '-copy-' || k AS config_id, condition, task_id, task_group, repo, rep, ((k * 7 + hash(task_id)) % 3 = 0) AS resolved, ran FROM base b CROSS JOIN range(100) t(k) ORDER BY repo, config_id, condition, task_id, rep`);
  T("tallies", `CREATE TABLE repo_tallies AS SELECT config_id, condition, repo, task_group, rep, COUNT(*)::INTEGER AS n_tasks, SUM(resolved::INTEGER)::INTEGER AS resolved, (COUNT(*) FILTER (WHERE NOT ran))::INTEGER AS missing_runs FROM task_cells GROUP BY ALL ORDER BY repo, config_id, condition, task_group, rep`);
  T("n", "select count(*) from task_cells"); T("n2", "select count(*) from repo_tallies");
  const sqls = JSON.parse(fs.readFileSync("/tmp/sqls.json", "utf8"));
  const res = {};
  for (let round = 0; round < 5; round++) for (const [name, sql] of Object.entries(sqls)) {
    const t0 = performance.now(); const r = c.query(sql); const t1 = performance.now();
    (res[name] ??= []).push(t1 - t0);
    if (round === 0) console.log(name, r.numRows, JSON.stringify(r.toArray().slice(0, 2)));
  }
  for (const [k, v] of Object.entries(res)) console.log(k, v.map(x => x.toFixed(1)).join(" "));
})().catch(e => console.error("ERR", e));

"use client";
import { useState } from "react";
import { startTimed } from "@/lib/source";

export function DuckDbDiagnostics() {
  const [result, setResult] = useState<string | null>(null);
  return (
    <div>
      <button
        type="button"
        className="btn"
        onClick={() => {
          setResult("starting…");
          startTimed().then(
            (r) =>
              setResult(
                `DuckDB-WASM ${r.version} started in ${Math.round(r.ms)} ms (instantiated in ${Math.round(r.instantiateMs)} ms, then connected)`,
              ),
            (e: unknown) => setResult(`DuckDB-WASM failed to start: ${String(e)}`),
          );
        }}
      >
        Start DuckDB-WASM
      </button>
      <p data-testid="duckdb-start" className="mt-2 font-mono text-sm">
        {result ?? "not started"}
      </p>
    </div>
  );
}

import type { Metadata } from "next";
import { DuckDbDiagnostics } from "@/components/site/DuckDbDiagnostics";

export const metadata: Metadata = {
  title: "Diagnostics",
  description: "Starts the in-browser query engine (DuckDB-WASM) and reports how long it took.",
};

export default function Diagnostics() {
  return (
    <section className="space-y-2">
      <h1 className="text-xl font-semibold">Diagnostics</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Starts the in-browser query engine (DuckDB-WASM, served from this site) and reports how long it took, so you can
        tell whether interactive views will work in this browser. The benchmark uses this page as the floor that a first
        query is compared against.
      </p>
      <DuckDbDiagnostics />
    </section>
  );
}

// A JSON file the data build wrote beside a release (/data/<release>/<file>) holding an answer the page would
// otherwise compute with DuckDB-WASM. Reading it is an optimisation, never a requirement: a file that is missing,
// unreachable or not JSON gives null, and the caller computes the same answer with DuckDB-WASM.

export async function readBuildFile<T>(releaseId: string, file: string, signal?: AbortSignal): Promise<T | null> {
  const res = await fetch(`/data/${releaseId}/${file}`, signal ? { signal } : undefined).catch(() => null);
  if (!res?.ok) return null;
  return (await res.json().catch(() => null)) as T | null;
}

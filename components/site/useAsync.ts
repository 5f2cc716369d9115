"use client";
// Data a view loads in the browser (DuckDB-WASM queries, worker calls): loading, value or error for the
// current inputs only. The inputs are named by a key: when it changes, the earlier call is cancelled (its
// signal aborts and whatever it resolves to is dropped), so a slow answer for old inputs never overwrites
// the answer for new ones, and a value is never shown beside the inputs of another.
import { useEffect, useRef, useState } from "react";

export interface AsyncState<T> {
  /** True from the call until it settles (also while partial values arrive). */
  loading: boolean;
  /** The latest value for the current key (a partial one while loading), else undefined. */
  value: T | undefined;
  /** Why the call for the current key failed, else null. */
  error: string | null;
}

export interface AsyncRun<T> {
  signal: AbortSignal;
  /** Shows a first answer while the call goes on (rates before their bootstrap intervals). */
  partial: (value: T) => void;
}

const IDLE: AsyncState<never> = { loading: false, value: undefined, error: null };

/**
 * Runs `run` whenever `key` changes (null: nothing to load, idle). The key must name every input `run`
 * reads; `run` itself may be a new function on every render (the latest one is called).
 */
export function useAsync<T>(key: string | null, run: (ctx: AsyncRun<T>) => Promise<T>): AsyncState<T> {
  const [state, setState] = useState<{ key: string; s: AsyncState<T> } | null>(null);
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    const set = (s: AsyncState<T>) => !abort.signal.aborted && setState({ key, s });
    set({ loading: true, value: undefined, error: null });
    runRef.current({ signal: abort.signal, partial: (value) => set({ loading: true, value, error: null }) }).then(
      (value) => set({ loading: false, value, error: null }),
      (e: unknown) => set({ loading: false, value: undefined, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => abort.abort();
  }, [key]);
  if (key === null) return IDLE;
  // Before the effect for a new key has run, the state still belongs to the old key: loading.
  return state?.key === key ? state.s : { loading: true, value: undefined, error: null };
}

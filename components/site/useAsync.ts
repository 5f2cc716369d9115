"use client";
// Data a view loads in the browser (queries on its release source, worker calls): loading, value or error for
// the current inputs only. The inputs are compared by a stable key (lib/common/stable-key.ts): when they change,
// the earlier call is cancelled (its signal aborts and whatever it resolves to is dropped), so a slow answer for
// old inputs never overwrites the answer for new ones, and a value is never shown beside the inputs of another.
import { useEffect, useRef, useState } from "react";
import { stableKey, type KeyPart } from "@/lib/common/stable-key";

export interface AsyncState<T> {
  /** True from the call until it settles (also while partial values arrive). */
  loading: boolean;
  /** The latest value for the current inputs (a partial one while loading), else undefined. */
  value: T | undefined;
  /** Why the call for the current inputs failed, else null. */
  error: string | null;
}

export interface AsyncRun<T> {
  signal: AbortSignal;
  /** Shows a first answer while the call goes on (rates before their bootstrap intervals). */
  partial: (value: T) => void;
}

const IDLE: AsyncState<never> = { loading: false, value: undefined, error: null };

/**
 * Runs `run(inputs)` whenever the inputs change (null: nothing to load, idle). The inputs must name everything
 * `run` reads that can change (a release source by its `key`); `run` itself may be a new function on every
 * render (the latest one is called) and gets the inputs it runs for.
 */
export function useAsync<T, I extends KeyPart = KeyPart>(
  inputs: I | null,
  run: (inputs: I, ctx: AsyncRun<T>) => Promise<T>,
): AsyncState<T> {
  const key = inputs === null ? null : stableKey(inputs);
  const [state, setState] = useState<{ key: string; s: AsyncState<T> } | null>(null);
  const runRef = useRef(run);
  runRef.current = run;
  const inputsRef = useRef(inputs);
  inputsRef.current = inputs;
  const stateKey = useRef<string | null>(null);
  stateKey.current = state?.key ?? null;
  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    const set = (s: AsyncState<T>) => !abort.signal.aborted && setState({ key, s });
    // New inputs already read as loading (below): setting it would only render the view again while the call
    // runs (at 100× the sample that render held the page under the leaderboard's subset query). A state kept
    // for these same inputs (an earlier call for them) is reset.
    if (stateKey.current === key) set({ loading: true, value: undefined, error: null });
    runRef
      .current(inputsRef.current as I, {
        signal: abort.signal,
        partial: (value) => set({ loading: true, value, error: null }),
      })
      .then(
        (value) => set({ loading: false, value, error: null }),
        (e: unknown) => set({ loading: false, value: undefined, error: e instanceof Error ? e.message : String(e) }),
      );
    return () => abort.abort();
  }, [key]);
  if (key === null) return IDLE;
  // Before the effect for new inputs has run, the state still belongs to the old ones: loading.
  return state?.key === key ? state.s : { loading: true, value: undefined, error: null };
}

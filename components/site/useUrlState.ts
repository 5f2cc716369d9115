"use client";
// A view's state kept in the URL, so every view is a permalink and Back/Forward walk its changes
// (docs/architecture.md, "URL state and Back/Forward"). The first render uses `initial` (the static HTML's
// default view); the URL is read after hydration and again on every popstate. Writes happen outside React's
// state updaters (which may run twice), with the history call lib/site/url-history.ts decides.
import { useCallback, useEffect, useRef, useState } from "react";
import { decideHistoryWrite, viewUrl, type HistoryMode, type LastWrite } from "@/lib/site/url-history";

export interface UrlCodec<S> {
  /** The state a query string ("?a=1", or "") stands for; unknown values fall back to defaults. */
  parse: (search: string) => S;
  /** The query string of a state ("?a=1", or "" for the default view). */
  serialize: (state: S) => string;
}

export type UrlUpdate<S> = (change: Partial<S> | ((prev: S) => S), mode?: HistoryMode) => void;

/**
 * `[state, update, ready]`. `update(patch)` merges a patch (or maps the previous state; returning the very
 * same object writes nothing) and writes the URL: `push` by default, `typing` for search boxes, `replace`
 * for fine-grained moves. `ready` turns true once the URL has been read. `key` re-reads the URL when the
 * codec's inputs change (the release's model); parse and serialize themselves may be new on every render.
 */
export function useUrlState<S>(
  initial: S | (() => S),
  codec: UrlCodec<S>,
  key: unknown = null,
): [S, UrlUpdate<S>, boolean] {
  const [state, setState] = useState<S>(initial);
  const [ready, setReady] = useState(false);
  const current = useRef(state);
  const codecRef = useRef(codec);
  codecRef.current = codec;
  const last = useRef<LastWrite>(null);

  useEffect(() => {
    const read = () => {
      const next = codecRef.current.parse(window.location.search);
      current.current = next;
      last.current = null;
      setState(next);
      setReady(true);
    };
    read();
    window.addEventListener("popstate", read);
    return () => window.removeEventListener("popstate", read);
  }, [key]);

  const update = useCallback<UrlUpdate<S>>((change, mode = "push") => {
    const prev = current.current;
    const next = typeof change === "function" ? change(prev) : { ...prev, ...change };
    if (Object.is(next, prev)) return;
    current.current = next;
    const { pathname, search, hash } = window.location;
    const decision = decideHistoryWrite(
      mode,
      last.current,
      viewUrl(pathname, search, hash),
      viewUrl(pathname, codecRef.current.serialize(next), hash),
    );
    last.current = decision.last;
    // Next's router keeps its own data in history.state: carry it over rather than dropping it.
    if (decision.call)
      window.history[decision.call](
        window.history.state,
        "",
        viewUrl(pathname, codecRef.current.serialize(next), hash),
      );
    setState(next);
  }, []);

  return [state, update, ready];
}

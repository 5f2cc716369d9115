"use client";
// A term with its definition behind a small button: works with keyboard and touch (a title attribute does
// not), closes on Escape and on a click outside. Definitions come from lib/site/glossary.ts.
import { useCallback, useId, useRef, useState } from "react";
import { GLOSSARY, glossaryFor, type GlossaryKey } from "@/lib/site/glossary";
import { useCloseOnEscapeOrOutside } from "./useDismiss";

/** `children` is the term as shown; without them only the button is drawn (beside a header that is itself a button). */
export function Term({ term, label, children }: { term: GlossaryKey; label?: string; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLSpanElement>(null);
  const entry = GLOSSARY[term];
  const close = useCallback(() => setOpen(false), []);
  useCloseOnEscapeOrOutside(root, open, close);
  return (
    <span ref={root} className="relative inline-flex items-baseline gap-0.5" data-term={term}>
      {children}
      {/* A span with the button role, not a <button>: the sortable header beside it is the header's one button. */}
      <span
        role="button"
        tabIndex={0}
        data-export-skip
        className="term-btn ml-0.5 inline-flex h-4 w-4 cursor-pointer items-center justify-center rounded-full border border-zinc-400 text-[10px] font-normal leading-none text-zinc-600 dark:text-zinc-300"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`What is ${label ?? (typeof children === "string" ? children : term.replaceAll("_", " "))}?`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key !== "Enter" && e.key !== " ") return;
          e.preventDefault();
          setOpen((o) => !o);
        }}
      >
        ?
      </span>
      {open ? (
        <span
          id={id}
          role="note"
          data-export-skip
          className="absolute left-0 top-full z-30 mt-1 block w-56 rounded border border-zinc-300 bg-white p-2 text-left text-xs font-normal normal-case text-zinc-800 shadow dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {entry.text}{" "}
          <a className="underline" href={`/about/#${entry.anchor}`}>
            more
          </a>
        </span>
      ) : null}
    </span>
  );
}

/** A column label ("Unint", "Near" …) with its definition when the glossary names it, else the plain label. */
export function LabelTerm({ label, suffix = "" }: { label: string; suffix?: string }) {
  const term = glossaryFor(label);
  return term ? (
    <Term term={term} label={label}>
      {label + suffix}
    </Term>
  ) : (
    <>{label + suffix}</>
  );
}

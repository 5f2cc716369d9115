"use client";
// Review mode: add a tag at the selected step (and any other evidence steps), with its signature and a note.
import { useState } from "react";
import { SIGNATURE_LABELS, SIGNATURES, type Signature } from "@/lib/trajectory/tags";

/** Step numbers typed as "3, 9 12": whole numbers within the run, once each. */
function typedSteps(text: string, total: number): number[] {
  const numbers = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= total);
  return [...new Set(numbers)];
}

export function AddTagForm({
  selected,
  total,
  onAdd,
}: {
  selected: number | null;
  total: number;
  onAdd: (signature: Signature, steps: number[], note: string) => void;
}) {
  const [signature, setSignature] = useState<Signature>("requirement_state_loss");
  const [others, setOthers] = useState("");
  const [note, setNote] = useState("");
  const field = "rounded border border-zinc-300 px-1 dark:border-zinc-700 dark:bg-zinc-900";
  return (
    <form
      className="flex flex-wrap items-center gap-2 text-xs"
      data-testid="add-tag"
      onSubmit={(e) => {
        e.preventDefault();
        if (selected === null) return;
        onAdd(signature, [selected, ...typedSteps(others, total)], note);
        setNote("");
        setOthers("");
      }}
    >
      <span className="font-semibold">Add a tag at step {selected ?? "—"}</span>
      <label className="inline-flex items-center gap-1">
        Signature
        <select className={field} value={signature} onChange={(e) => setSignature(e.target.value as Signature)}>
          {SIGNATURES.map((s) => (
            <option key={s} value={s}>
              {SIGNATURE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-flex items-center gap-1">
        Other evidence steps
        <input
          type="text"
          className={`${field} w-20`}
          placeholder="e.g. 12, 40"
          value={others}
          onChange={(e) => setOthers(e.target.value)}
        />
      </label>
      <label className="inline-flex min-w-40 flex-1 items-center gap-1">
        Note
        <input
          type="text"
          className={`${field} flex-1`}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <button type="submit" className="btn px-1.5 py-0 text-xs" disabled={selected === null}>
        Add tag
      </button>
    </form>
  );
}

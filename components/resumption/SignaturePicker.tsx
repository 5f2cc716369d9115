// Which trace signature the second resumption section shows.
import { SIGNATURE_LABELS, SIGNATURES, type Signature } from "@/lib/trajectory/tags";

export function SignaturePicker({ value, onChange }: { value: Signature; onChange: (s: Signature) => void }) {
  return (
    <span role="radiogroup" aria-label="signature" className="flex flex-wrap items-center gap-3 text-sm">
      {SIGNATURES.map((s) => (
        <label key={s} className="flex items-center gap-1">
          <input
            type="radio"
            name="resumption-signature"
            value={s}
            checked={value === s}
            onChange={() => onChange(s)}
          />
          {SIGNATURE_LABELS[s]}
        </label>
      ))}
    </span>
  );
}

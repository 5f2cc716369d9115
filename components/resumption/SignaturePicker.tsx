// Which trace signature the second resumption section shows.
import { SIGNATURE_LABELS, SIGNATURES } from "@/lib/queries/signatures/tables";
import { optionsOf, RadioGroup } from "@/components/ui/controls";
import type { Signature } from "@/lib/queries/resumption/sql";

export function SignaturePicker({ value, onChange }: { value: Signature; onChange: (s: Signature) => void }) {
  return (
    <RadioGroup
      label="signature"
      name="resumption-signature"
      className="flex flex-wrap items-center gap-3 text-sm"
      value={value}
      options={optionsOf(SIGNATURES, (s) => SIGNATURE_LABELS[s])}
      onValue={onChange}
    />
  );
}

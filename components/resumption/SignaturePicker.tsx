// Which trace signature the second resumption section shows.
import { SIGNATURE_LABELS, SIGNATURES, type Signature } from "@/lib/trajectory/tags";
import { optionsOf, RadioGroup } from "@/components/ui/controls";

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

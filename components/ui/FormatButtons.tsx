// The small buttons that save one thing in each of a few formats ("Export … as CSV", "Save … as PNG"): one
// button a format, named for a screen reader by what it saves.

export const FORMAT_BUTTON = "btn px-1.5! py-0.5! text-xs!";

export function FormatButtons<F extends string>({
  formats,
  verb,
  what,
  onPick,
}: {
  formats: readonly F[];
  /** "Export" or "Save": the first word of each button's accessible name. */
  verb: string;
  what: string;
  onPick: (format: F) => void;
}) {
  return formats.map((format) => (
    <button
      key={format}
      type="button"
      className={FORMAT_BUTTON}
      aria-label={`${verb} ${what} as ${format.toUpperCase()}`}
      onClick={() => onPick(format)}
    >
      {format.toUpperCase()}
    </button>
  ));
}

// The pickers of every view's control bar: a select of options, the same with its label around it, and a
// row of radio buttons. Like Table.tsx they add what the markup means (a label, a radiogroup's name) and leave
// the look to the view, which passes its own classes.
import type { ComponentProps, ReactNode } from "react";

/** One choice of a select or radio group: the value it sets and what it shows. */
export interface Option<V extends string = string> {
  value: V;
  label: ReactNode;
}

/** Options whose label is the value itself, or what `label` makes of it. */
export function optionsOf<V extends string>(values: readonly V[], label?: (v: V) => ReactNode): Option<V>[] {
  return values.map((value) => ({ value, label: label ? label(value) : value }));
}

export type SelectProps = Omit<ComponentProps<"select">, "onChange" | "children"> & {
  options: readonly Option[];
  onValue: (value: string) => void;
  /** Options written before the listed ones (an "All …" choice, say). */
  children?: ReactNode;
};

/** A select of options; every other attribute (class, aria-label, data-*) goes to the select. */
export function Select({ options, onValue, children, ...rest }: SelectProps) {
  return (
    <select {...rest} onChange={(e) => onValue(e.target.value)}>
      {children}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A select inside its visible label ("Condition ▾"). */
export function SelectField({
  label,
  labelClassName = "flex items-center gap-1",
  ...select
}: SelectProps & { label: ReactNode; labelClassName?: string }) {
  return (
    <label className={labelClassName}>
      {label}
      <Select {...select} />
    </label>
  );
}

/** A row of radio buttons picking one value, named for a screen reader by `label`. */
export function RadioGroup<V extends string>({
  label,
  name,
  value,
  options,
  onValue,
  className = "flex items-center gap-2",
  children,
}: {
  label: string;
  /** The inputs' name: one group of the page. */
  name: string;
  value: V;
  options: readonly Option<V>[];
  onValue: (value: V) => void;
  className?: string;
  /** Shown before the buttons (a visible title). */
  children?: ReactNode;
}) {
  return (
    <span role="radiogroup" aria-label={label} className={className}>
      {children}
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-1">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onValue(o.value)}
          />
          {o.label}
        </label>
      ))}
    </span>
  );
}

/** The bar of a view's controls; `ready` says the URL has been read (tests wait on it before using them). */
export function ControlBar({ testId, ready, children }: { testId: string; ready: boolean; children: ReactNode }) {
  return (
    <div
      className="flex flex-wrap items-center gap-4 text-sm"
      data-testid={testId}
      data-ready={ready ? "yes" : undefined}
    >
      {children}
    </div>
  );
}

/** A release's configurations as options: the id chosen, the display name shown. */
export function configOptions(configs: readonly { config_id: string; display_name: string }[]): Option[] {
  return configs.map((c) => ({ value: c.config_id, label: c.display_name }));
}

/** What a view's control bar edits: the view's state, and whether the URL has been read (tests wait on it). */
export interface ControlsProps<S> {
  state: S;
  ready: boolean;
  update: (patch: Partial<S>) => void;
}

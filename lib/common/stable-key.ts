// One string naming a view's inputs, equal exactly when the inputs are (components/site/useAsync.ts compares
// inputs by it). Objects are keyed with sorted property names, so two objects built in another order agree;
// arrays keep their order (a caller sorts a set first). Only plain data: strings, numbers, booleans, null,
// undefined, arrays and plain objects.
export type KeyPart =
  string | number | boolean | null | undefined | readonly KeyPart[] | { readonly [k: string]: KeyPart };

export function stableKey(value: KeyPart): string {
  if (value === undefined) return "u";
  if (value === null) return "n";
  if (typeof value === "string") return `s${value.length}:${value}`;
  if (typeof value === "number") return `d${Object.is(value, -0) ? "-0" : String(value)}`;
  if (typeof value === "boolean") return value ? "t" : "f";
  if (Array.isArray(value)) return `[${(value as readonly KeyPart[]).map(stableKey).join(",")}]`;
  const obj = value as { readonly [k: string]: KeyPart };
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${stableKey(k)}=${stableKey(obj[k])}`).join(",")}}`;
}

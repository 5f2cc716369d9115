// Small helpers for building SQL text. Values reaching SQL from the URL or user input go through these.

/** SQL string literal. */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** `IN (...)` list of string literals; an empty list matches nothing. */
export function sqlInList(values: readonly string[]): string {
  return values.length === 0 ? "(NULL)" : `(${values.map(sqlString).join(", ")})`;
}

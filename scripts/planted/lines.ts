/** Lines joined with newlines: a block of whole lines for an Edit. */
export function L(...lines: string[]): string {
  return lines.join("\n");
}

/** A file's text: lines joined, with the final newline. */
export function file(...lines: string[]): string {
  return `${lines.join("\n")}\n`;
}

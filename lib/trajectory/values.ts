// Lenient readers for the loosely typed values of an ATIF file: anything unexpected becomes null or text,
// and the caller decides whether that deserves a warning.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** A finite number, or a numeric string (some exporters quote token counts). */
export function num(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

export interface ContentText {
  text: string;
  /** Set when the value had a shape no ATIF version uses; the text is then its JSON. */
  odd: boolean;
}

/**
 * A message or observation content as text: a string (every version), a list of content parts (v1.6+:
 * `{type: "text", text}` and `{type: "image", source: {media_type, path}}`), or null. Images are named,
 * never loaded: their path may point anywhere.
 */
export function contentText(value: unknown): ContentText {
  if (typeof value === "string") return { text: value, odd: false };
  if (value === null || value === undefined) return { text: "", odd: false };
  if (Array.isArray(value)) {
    let odd = false;
    const parts = value.map((part) => {
      if (typeof part === "string") return part;
      if (isRecord(part) && part.type === "text" && typeof part.text === "string") return part.text;
      if (isRecord(part) && part.type === "image") {
        const source = isRecord(part.source) ? part.source : {};
        return `[image ${str(source.media_type) ?? ""} ${str(source.path) ?? str(source.url) ?? ""}]`.replace(
          /\s+]/,
          "]",
        );
      }
      odd = true;
      return safeJson(part);
    });
    return { text: parts.join("\n"), odd };
  }
  return { text: safeJson(value), odd: true };
}

export function safeJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    return String(value);
  }
}

// Ids the native logs carry (session UUIDs, record UUIDs, message and response ids), derived from names so that
// running the generator twice writes the same bytes: no clock and no randomness.
import { createHash } from "node:crypto";

function hex(name: string): string {
  return createHash("sha256").update(name).digest("hex");
}

/** A UUID (version-4 layout) named by `name`. */
export function uuidOf(name: string): string {
  const h = hex(name);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** `prefix` followed by `length` characters of base-62 text named by `name` (msg_…, req_…, chatcmpl-…). */
export function tokenOf(prefix: string, name: string, length = 24): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const bytes = createHash("sha256").update(name).digest();
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[bytes[i % bytes.length]! % alphabet.length];
  return prefix + out;
}

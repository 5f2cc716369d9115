// FNV-1a (32-bit) over a text's UTF-16 code units: a fixed, portable hash for choices that must come out the same
// in every browser and in Node (an answer's shard, a seed typed in a URL).
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

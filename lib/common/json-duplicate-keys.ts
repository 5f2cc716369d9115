// A key written twice in one JSON object. JSON.parse keeps the last silently, so a record can read one way to this
// site and another way to a tool that keeps the first (or to a reviewer reading the line): `{"kind": "human",
// "kind": "detector"}`. One loop over the text of a JSON value that already parsed, with a stack of the keys seen
// per open object: linear in the text, no recursion.

/** The path of the first key written twice (`author.kind`), or null. `text` must be valid JSON. */
export function duplicateKeyPath(text: string): string | null {
  const frames: { keys: Set<string> | null; at: string }[] = [];
  let expectKey = false;
  let lastKey = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      const top = frames[frames.length - 1];
      if (top?.keys && expectKey) {
        // The key as JSON.parse reads it: "\u0061" and "a" are one key.
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        const path = top.at ? `${top.at}.${key}` : key;
        if (top.keys.has(key)) return path;
        top.keys.add(key);
        lastKey = path;
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */) {
      frames.push({ keys: new Set(), at: valuePath(frames, lastKey) });
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      frames.push({ keys: null, at: valuePath(frames, lastKey) });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      frames.pop();
    } else if (c === 0x2c /* , */) {
      const top = frames[frames.length - 1];
      expectKey = top !== undefined && top.keys !== null;
    }
  }
  return null;
}

/** Where a value opening now sits: under the key just read in an object, as `[]` in an array. */
function valuePath(frames: readonly { keys: Set<string> | null; at: string }[], lastKey: string): string {
  const top = frames[frames.length - 1];
  if (!top) return "";
  return top.keys ? lastKey : `${top.at}[]`;
}

/** Index of the quote closing the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) return text.length - 1;
    let slashes = 0;
    for (let j = quote - 1; j > start && text.charCodeAt(j) === 0x5c; j--) slashes++;
    if (slashes % 2 === 0) return quote;
    i = quote + 1;
  }
}

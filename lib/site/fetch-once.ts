// A static JSON file the page reads (run index, run context and run list shards), fetched once per page visit
// and shared by every caller; a failed fetch is not kept, so the next caller asks again.
const files = new Map<string, Promise<unknown>>();

export function fetchJsonOnce<T>(url: string): Promise<T> {
  let p = files.get(url);
  if (!p) {
    p = fetch(url).then((res) => {
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return res.json() as Promise<unknown>;
    });
    files.set(url, p);
    p.catch(() => files.delete(url));
  }
  return p as Promise<T>;
}

// Which files of the export get .br and .gz twins (scripts/precompress.mjs), shared with the export check
// (scripts/check-export.ts), which counts the twins before they are written: hosts that cap the number of files
// count them too. Files under MIN_BYTES gain nothing worth a request's headers.
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|wasm|arrow|txt|svg|map)$/;
export const MIN_BYTES = 1024;

/** Whether `name` (a file's name or path) of `bytes` bytes gets twins. */
export function getsTwins(name, bytes) {
  return COMPRESSIBLE.test(name) && bytes > MIN_BYTES;
}

// How much one trajectory (or one archive's directory) may take before it is refused: checked against the
// declared sizes first and again while inflating, since a hostile archive can declare anything.

/** Largest inflated trajectory file the viewer and the build read (the local-results limit, docs/local-results.md). */
export const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

/** A central directory beyond this is refused before it is read (about 100,000 entries of long names). */
export const MAX_DIRECTORY_BYTES = 32 * 1024 * 1024;

/**
 * zstd entries (Inspect's .eval logs) cost more than their output: fzstd, the decoder, allocates each frame's
 * window and moves the whole window for every block. These caps keep an entry's cost near what it declares
 * (lib/archive/zstd-frames.ts checks them from the frame headers, before the decoder allocates anything).
 * Inspect writes one frame per entry with a 2 MB window; zstd's levels 1 to 19 use windows of at most 8 MB.
 */
export const MAX_ZSTD_FRAMES = 256;
export const MAX_ZSTD_WINDOW_BYTES = 8 * 1024 * 1024;
/**
 * Work one zstd entry may cost, counted from its block headers before anything is decoded: fzstd moves the frame's
 * window for every block, so an entry costs about Σ window over its blocks. A real entry (128 KB blocks under a
 * 2–8 MB window) costs 16–64 times its output; one of one-byte blocks under an 8 MB window, eight million times.
 * Deterministic, unlike the time rule below, which stays as the last guard.
 */
export const ZSTD_WORK_BASE_BYTES = 1024 * 1024 * 1024;
export const ZSTD_WORK_PER_BYTE = 64;
/**
 * Time one zstd entry may spend decoding: a base, then a rate its output must keep up with. Real entries stay
 * far ahead of it; an entry of tiny blocks under a large window makes almost no output for a lot of work.
 */
export const ZSTD_TIME_BASE_MS = 5000;
export const ZSTD_MS_PER_MB = 1000;

export class ArchiveError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = "ArchiveError";
  }
}

/**
 * A zstd entry refused by a rule above, without the entry's name: zip.js's codec (lib/archive/zstd.ts) does
 * not know it, so the reader that does (namingErrors below, unzstd in lib/archive/zstd.ts) makes it an
 * ArchiveError.
 */
export class ZstdRefusal extends Error {
  override name = "ZstdRefusal";
}

/** The ZstdRefusal behind an error: zip.js gives a codec's error as the `cause` of its own. */
function zstdRefusal(err: unknown): ZstdRefusal | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++)
    if (e instanceof ZstdRefusal) return e;
  return null;
}

/**
 * A pass-through stream that counts what flows and errors once more than `max` bytes have gone by: the
 * running cap on inflation (an entry's declared size is not trusted). With `declared` (the size the archive's
 * directory gives), the cap is that size: bytes past it mean the directory lies, which is how a zip bomb
 * slips past a check of declared sizes, so it is refused there rather than at `max`.
 */
export function cappedStream(max: number, what: string, declared?: number): TransformStream<Uint8Array, Uint8Array> {
  const cap = declared !== undefined && declared < max ? declared : max;
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen <= cap) controller.enqueue(chunk);
      else if (cap < max) controller.error(declaredSizeExceeded(what, cap));
      else
        controller.error(
          new ArchiveError(what, `inflates to more than ${formatBytes(max)}, the limit for one file; refused`),
        );
    },
  });
}

/** An entry that inflates past the size its archive's directory declares: a zip bomb, or a damaged archive. */
export function declaredSizeExceeded(what: string, declared: number): ArchiveError {
  return new ArchiveError(what, pastDeclaredSize(declared));
}

/** The words of `declaredSizeExceeded` without the entry's name. */
export function pastDeclaredSize(declared: number): string {
  return `inflates past the ${declared.toLocaleString("en-US")} bytes its archive's directory declares (a zip bomb or a damaged archive); refused`;
}

/**
 * An entry whose inflated size is not the size its archive's directory declares. With `actual` (the reader
 * inflated it whole: lib/archive/inflate-node.ts) the message says which way; zip.js's own check reports a
 * mismatch either way with no telling which (its count stops short of the bytes it held back), so without it
 * the message says only what is certain.
 */
export function declaredSizeMismatch(what: string, declared: number, actual?: number): ArchiveError {
  const bytes = `${declared.toLocaleString("en-US")} bytes its archive's directory declares`;
  if (actual !== undefined && actual < declared)
    return new ArchiveError(
      what,
      `inflates to ${actual.toLocaleString("en-US")} bytes, fewer than the ${bytes} (a damaged archive); refused`,
    );
  if (actual !== undefined) return declaredSizeExceeded(what, declared);
  return new ArchiveError(what, `does not inflate to the ${bytes} (a zip bomb or a damaged archive); refused`);
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024
    ? `${Math.round(n / (1024 * 1024))} MB`
    : n >= 1024
      ? `${Math.round(n / 1024)} KB`
      : `${n} bytes`;
}

/** zip.js's own words when an entry inflates past its declared size (it counts too, and stops there first), or short of it. */
export const ZIPJS_SIZE_EXCEEDED = "Invalid uncompressed size";

/**
 * The same bytes, with any error of the source replaced by one that names the file; with `declared`, zip.js's
 * error for an entry larger or smaller than declared is given the words of `declaredSizeMismatch`.
 */
export function namingErrors(
  source: ReadableStream<Uint8Array>,
  what: string,
  declared?: number,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        const refusal = zstdRefusal(err);
        if (err instanceof ArchiveError) controller.error(err);
        else if (refusal) controller.error(new ArchiveError(what, refusal.message));
        else if (declared !== undefined && err instanceof Error && err.message === ZIPJS_SIZE_EXCEEDED)
          controller.error(declaredSizeMismatch(what, declared));
        else
          controller.error(
            new ArchiveError(what, `could not be inflated (${err instanceof Error ? err.message : String(err)})`),
          );
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

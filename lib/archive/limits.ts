// How much one trajectory (or one archive's directory) may take before it is refused: checked against the
// declared sizes first and again while inflating, since a hostile archive can declare anything.

/** Largest inflated trajectory file the viewer and the build read (the local-results limit, docs/local-results.md). */
export const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

/** A central directory beyond this is refused before it is read (about 100,000 entries of long names). */
export const MAX_DIRECTORY_BYTES = 32 * 1024 * 1024;

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
 * A pass-through stream that counts what flows and errors once more than `max` bytes have gone by: the
 * running cap on inflation (an entry's declared size is not trusted).
 */
export function cappedStream(max: number, what: string): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > max) controller.error(new ArchiveError(what, `inflates to more than ${formatBytes(max)}, the limit for one file; refused`));
      else controller.enqueue(chunk);
    },
  });
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`;
}

/** The same bytes, with any error of the source replaced by one that names the file. */
export function namingErrors(source: ReadableStream<Uint8Array>, what: string): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        controller.error(err instanceof ArchiveError ? err : new ArchiveError(what, `could not be inflated (${err instanceof Error ? err.message : String(err)})`));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

// A published trajectory's bytes as a stream, whatever form the release stores it in (docs/data-format.md,
// "Trajectories"): a plain file fetched as it is, a .json.gz inflated by the platform, or an archive entry
// read by HTTP range requests (lib/archive/read-remote.ts). Used by the parse and alignment workers; only
// URLs the page built with trajectoryUrl (same origin, or the deployment's trajectory base) reach here.
import { MAX_ENTRY_BYTES, cappedStream, formatBytes, namingErrors } from "../archive/limits";
import { entryStream, namedError, remoteArchive } from "../archive/read-remote";
import { HttpError } from "../archive/range-reader";
import { parseFileRef } from "../archive/ref";

export { HttpError };

export async function openRemote(url: string, maxBytes = MAX_ENTRY_BYTES): Promise<ReadableStream<Uint8Array>> {
  const ref = parseFileRef(url);
  if (ref.kind === "entry") {
    try {
      return await entryStream(await remoteArchive(ref.archive), ref.archive, ref.entry, maxBytes);
    } catch (err) {
      throw namedError(url, err);
    }
  }
  const res = await fetch(ref.path);
  if (!res.ok) throw new HttpError(res.status, ref.path);
  const declared = Number(res.headers.get("content-length") ?? NaN);
  if (ref.kind === "plain" && declared > maxBytes) {
    void res.body?.cancel();
    throw new Error(
      `${ref.path}: is ${formatBytes(declared)}, more than the ${formatBytes(maxBytes)} limit for one file; refused`,
    );
  }
  const body = res.body ?? new Response("").body!;
  // A server that labels a .gz file with Content-Encoding: gzip (sirv does) has the platform inflate it already.
  const encoded = /gzip/i.test(res.headers.get("content-encoding") ?? "");
  const inflated = ref.kind === "gzip" && !encoded ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return namingErrors(inflated.pipeThrough(cappedStream(maxBytes, ref.path)), ref.path);
}

/** The whole text of a published trajectory file (no preview). */
export async function remoteText(url: string): Promise<string> {
  return new Response(await openRemote(url)).text();
}

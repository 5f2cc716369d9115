// The trajectory view's state in the URL (?id=<run>&step=<n>&q=<search>&tagged=1&size=tokens), so any step,
// search or filter can be linked. Read after hydration: the page is one static file per release.

export type BlockSize = "steps" | "tokens";

export interface TrajectoryUrlState {
  runId: string | null;
  step: number | null;
  query: string;
  taggedOnly: boolean;
  size: BlockSize;
}

/** Run ids are file names of the release (RELEASE-FORMAT.md): anything else is not fetched. */
export const RUN_ID = /^[A-Za-z0-9._-]+$/;

/** A run of local results opened on the page ("Open local results") is named "local:<its run id>". */
const LOCAL = "local:";

const validRunId = (id: string) => RUN_ID.test(id) && id !== "." && id !== "..";

/** The run id inside a local run's id ("local:x" → "x"); null for a published run's id. */
export function localRunId(id: string): string | null {
  return id.startsWith(LOCAL) && validRunId(id.slice(LOCAL.length)) ? id.slice(LOCAL.length) : null;
}

export function parseTrajectoryUrl(search: string): TrajectoryUrlState {
  const p = new URLSearchParams(search);
  const id = p.get("id");
  const step = Number(p.get("step"));
  return {
    runId: id !== null && (validRunId(id) || localRunId(id) !== null) ? id : null,
    step: Number.isInteger(step) && step >= 1 ? step : null,
    query: p.get("q") ?? "",
    taggedOnly: p.get("tagged") === "1",
    size: p.get("size") === "tokens" ? "tokens" : "steps",
  };
}

export function serializeTrajectoryUrl(s: TrajectoryUrlState): string {
  const p = new URLSearchParams();
  if (s.runId !== null) p.set("id", s.runId);
  if (s.step !== null) p.set("step", String(s.step));
  if (s.query !== "") p.set("q", s.query);
  if (s.taggedOnly) p.set("tagged", "1");
  if (s.size !== "steps") p.set("size", s.size);
  const text = p.toString();
  return text ? `?${text}` : "";
}

/** The URL of a trajectory file of a release, or null when the path could leave the release's folder. */
export function trajectoryUrl(releaseId: string, path: string): string | null {
  if (path.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.split("/").some((p) => p === ".." || p === "")) return null;
  return `/data/${releaseId}/${path}`;
}

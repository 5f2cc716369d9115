// The trajectory view's state in the URL (?id=<run>&step=<n>&q=<search>&tagged=1&size=tokens&tab=patch), so any step,
// search or filter can be linked; review mode adds `review=1`, and a run opened from the review page's audit sample
// `audit=<seed>&stratum=<config>/<condition>`. Read after hydration: the page is one static file per release.

export type BlockSize = "steps" | "tokens";

/** Which panel is beside the timeline: the steps, or the run's final focus patch (`tab=patch`). */
export type TrajectoryTab = "steps" | "patch";

export interface TrajectoryUrlState {
  runId: string | null;
  tab: TrajectoryTab;
  step: number | null;
  query: string;
  taggedOnly: boolean;
  size: BlockSize;
  /** Review mode: confirm, reject or add tags (docs/trajectory-explorer.md, "Review"). */
  review: boolean;
  /** The audit sample the run was opened from: its seed and stratum. */
  audit: { seed: string; stratum: string } | null;
}

/** Run ids are file names of the release (docs/data-format.md): anything else is not fetched. */
export const RUN_ID = /^[A-Za-z0-9._-]+$/;

/** A run of local results opened on the page ("Open local results") is named "local:<its run id>". */
const LOCAL = "local:";

const validRunId = (id: string) => RUN_ID.test(id) && id !== "." && id !== "..";

/** An agent log opened without a release ("Open local results"), named "log:<opening>.<index>". */
const LOOSE_LOG = /^log:(\d{1,6})\.(\d{1,6})$/;

/** Which opened log a loose log's id names; null for any other id. */
export function looseLogId(id: string): { key: number; index: number } | null {
  const m = LOOSE_LOG.exec(id);
  return m ? { key: Number(m[1]), index: Number(m[2]) } : null;
}

/** The run id inside a local run's id ("local:x" → "x"); null for a published run's id. */
export function localRunId(id: string): string | null {
  return id.startsWith(LOCAL) && validRunId(id.slice(LOCAL.length)) ? id.slice(LOCAL.length) : null;
}

export function parseTrajectoryUrl(search: string): TrajectoryUrlState {
  const p = new URLSearchParams(search);
  const id = p.get("id");
  const step = Number(p.get("step"));
  return {
    runId: id !== null && (validRunId(id) || localRunId(id) !== null || looseLogId(id) !== null) ? id : null,
    step: Number.isInteger(step) && step >= 1 ? step : null,
    query: p.get("q") ?? "",
    taggedOnly: p.get("tagged") === "1",
    size: p.get("size") === "tokens" ? "tokens" : "steps",
    tab: p.get("tab") === "patch" ? "patch" : "steps",
    review: p.get("review") === "1",
    audit: auditOf(p),
  };
}

/** Longer seeds or strata are no audit link the review page makes. */
const AUDIT_TEXT = 200;

function auditOf(p: URLSearchParams): TrajectoryUrlState["audit"] {
  const seed = p.get("audit");
  const stratum = p.get("stratum");
  if (!seed || !stratum || seed.length > AUDIT_TEXT || stratum.length > AUDIT_TEXT) return null;
  return { seed, stratum };
}

export function serializeTrajectoryUrl(s: TrajectoryUrlState): string {
  const p = new URLSearchParams();
  if (s.runId !== null) p.set("id", s.runId);
  if (s.step !== null) p.set("step", String(s.step));
  if (s.query !== "") p.set("q", s.query);
  if (s.taggedOnly) p.set("tagged", "1");
  if (s.size !== "steps") p.set("size", s.size);
  if (s.tab === "patch") p.set("tab", "patch");
  if (s.review) p.set("review", "1");
  if (s.audit) {
    p.set("audit", s.audit.seed);
    p.set("stratum", s.audit.stratum);
  }
  const text = p.toString();
  return text ? `?${text}` : "";
}

/**
 * Where a deployment serves trajectory archives from, when not from the site's own origin (a build setting,
 * docs/architecture.md "Trajectory base URL"). Empty: same origin, and nothing is fetched from elsewhere.
 */
export const TRAJECTORY_BASE_URL = (process.env.NEXT_PUBLIC_TRAJECTORY_BASE_URL ?? "").replace(/\/+$/, "");

/**
 * The URL of a trajectory file of a release (an archive entry keeps its `#entry` part, which is never sent),
 * or null when the path could leave the release's folder.
 */
export function trajectoryUrl(releaseId: string, path: string, base = TRAJECTORY_BASE_URL): string | null {
  const hash = path.indexOf("#");
  const file = hash >= 0 ? path.slice(0, hash) : path;
  const entry = hash >= 0 ? path.slice(hash + 1) : null;
  const unsafe = (p: string) =>
    p.startsWith("/") ||
    p.includes("\\") ||
    /^[a-z][a-z0-9+.-]*:/i.test(p) ||
    p.split("/").some((s) => s === ".." || s === "");
  if (unsafe(file) || (entry !== null && unsafe(entry))) return null;
  const root = base !== "" && file.startsWith("trajectories/") ? `${base}/${releaseId}` : `/data/${releaseId}`;
  return `${root}/${path}`;
}

// The names the build makes of ids, held to the file system's limit before the build trips over it
// (docs/data-format.md, "What the build makes of ids"): rule id.too_long.
import { markInvisible } from "../common/unicode";
import { hivePartitionName, NAME_MAX_BYTES, pageEntryName, runFileName, utf8Bytes } from "./id-file-names";
import type { Context } from "./validate-context";

const MAX = NAME_MAX_BYTES;

function tooLong(label: string, id: string, made: string, what: string): string | null {
  const bytes = utf8Bytes(made);
  if (bytes <= MAX) return null;
  const shown = markInvisible(id.length > 60 ? `${id.slice(0, 40)}…${id.slice(-12)}` : id);
  return `${label} "${shown}" (${id.length} characters, ${utf8Bytes(id)} bytes) would make ${what} ${bytes} bytes long, over the file system's ${MAX}-byte limit on a name`;
}

export function checkIdLimits(ctx: Context): void {
  const { meta, configs, sessions, runs, tasks } = ctx.release;
  const releasePage = tooLong("release_id", meta.release_id, pageEntryName(meta.release_id), "its pages' folder name (<release_id>.segments)");
  if (releasePage) ctx.releaseError("id.too_long", releasePage);
  for (const c of configs) {
    const message = tooLong("config id", c.config_id, hivePartitionName(c.config_id), "its Hive partition folder (config_id=<id>, percent-encoded)");
    if (message) ctx.error("config", c, "id.too_long", message);
  }
  const focus = new Set(sessions.map((s) => s.focus_task_id));
  for (const t of tasks) {
    if (!focus.has(t.task_id)) continue;
    const message = tooLong("task id", t.task_id, pageEntryName(t.task_id), "its task page's folder name (<task_id>.segments)");
    if (message) ctx.error("task", t, "id.too_long", message);
  }
  for (const r of runs) {
    const message = tooLong("run id", r.run_id, runFileName(r.run_id), "its trajectory's file name (<run_id>.json.gz)");
    if (message) ctx.error("run", r, "id.too_long", message);
  }
}

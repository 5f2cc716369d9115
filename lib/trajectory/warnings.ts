// Collects reader warnings. A trajectory with the same defect on every one of 10,000 steps must not turn
// into 10,000 warnings: each code keeps its first few instances and a count of the rest.
import type { TrajectoryWarning } from "./model";

const KEEP_PER_CODE = 20;

interface Store {
  kept: TrajectoryWarning[];
  counts: Map<string, number>;
}

export class WarningSink {
  private constructor(
    private readonly store: Store,
    private readonly file: string | undefined,
  ) {}

  static create(file?: string): WarningSink {
    return new WarningSink({ kept: [], counts: new Map() }, file);
  }

  /** A sink for another file of the same trajectory: same list, same per-code caps. */
  forFile(file: string): WarningSink {
    return new WarningSink(this.store, file);
  }

  add(code: string, message: string, step?: number): void {
    const n = (this.store.counts.get(code) ?? 0) + 1;
    this.store.counts.set(code, n);
    if (n > KEEP_PER_CODE) return;
    const w: TrajectoryWarning = { code, message };
    if (step !== undefined) w.step = step;
    if (this.file !== undefined) w.file = this.file;
    this.store.kept.push(w);
  }

  list(): TrajectoryWarning[] {
    const out = [...this.store.kept];
    for (const [code, n] of this.store.counts) {
      if (n > KEEP_PER_CODE)
        out.push({ code: "warnings.capped", message: `${n - KEEP_PER_CODE} more "${code}" warnings not listed` });
    }
    return out;
  }
}

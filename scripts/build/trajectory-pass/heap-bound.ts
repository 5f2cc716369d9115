// V8 lets a busy thread's heap grow long before it collects: the pass's garbage (each trajectory's text,
// objects and rows) would make its memory grow with the number of trajectories read rather than with the
// largest one. Past a bound, the thread collects at a point where it holds no trajectory. `gc` is V8's own,
// reached through --expose-gc set at run time.
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const used = () => getHeapStatistics().used_heap_size;

/**
 * A check to call between trajectories: collects once this thread's heap holds `bytes` more than it held after
 * the last collection. The bound moves with what survives, so a thread whose live data is large is not made to
 * collect after every trajectory.
 */
export function heapBound(bytes: number): () => void {
  let base = used();
  return () => {
    if (used() <= base + bytes) return;
    collect();
    base = used();
  };
}

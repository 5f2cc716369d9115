// V8 lets a busy thread's heap grow long before it collects: the pass's garbage (each trajectory's text,
// objects and rows) would make its memory grow with the number of trajectories read rather than with the
// largest one. Past a bound, the thread collects at a point where it holds no trajectory. `gc` is V8's own,
// reached through --expose-gc set at run time.
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** A check to call between trajectories: collects when this thread's heap holds more than `bytes` above `base`. */
export function heapBound(bytes: number, base = getHeapStatistics().used_heap_size): () => void {
  return () => {
    if (getHeapStatistics().used_heap_size > base + bytes) collect();
  };
}

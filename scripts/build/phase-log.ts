// With DATA_TRACE=1 the data build prints each phase's end: seconds since the release started, resident and
// heap memory. That is how the N = 100 build's time and memory are placed (docs/scale.md).
export function phaseLog(label: string): (phase: string) => void {
  if (!process.env.DATA_TRACE) return () => {};
  const started = performance.now();
  return (phase) => {
    const m = process.memoryUsage();
    const gb = (n: number) => (n / 2 ** 30).toFixed(2);
    console.log(
      `  [trace ${label}] ${phase}: ${((performance.now() - started) / 1000).toFixed(1)} s, rss ${gb(m.rss)} GB, heap ${gb(m.heapUsed)} GB`,
    );
  };
}

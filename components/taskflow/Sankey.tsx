// Labels per user step as a Sankey (seed 002, Figure 1): a column per step, a node per label sized by the
// sessions whose message at that step has it, bands for the sessions moving from one label to the next.
// The counts come computed (lib/metrics/taskflow-sankey.ts); this file only lays them out as SVG.
import type { SankeyData, SankeyNode } from "@/lib/metrics/taskflow-sankey";
import { maxOf } from "@/lib/common/arrays";
import { PALETTES, seriesColor } from "@/components/ui/chart";

const COL = 170;
const NODE_W = 12;
const HEIGHT = 320;
const GAP = 8;

interface Box {
  x: number;
  y: number;
  h: number;
}

export function Sankey({ data, steps }: { data: SankeyData; steps: number }) {
  const nodes = data.nodes.filter((n) => n.step < steps);
  const links = data.links.filter((l) => l.step + 1 < steps);
  const shown = Math.min(steps, data.steps);
  if (nodes.length === 0) return <p className="text-sm">No sessions.</p>;

  const labels = [...new Set(nodes.map((n) => n.label))].sort();
  const color = (label: string) => seriesColor(PALETTES.events, labels.indexOf(label));
  const perStep = Array.from({ length: shown }, (_, s) => nodes.filter((n) => n.step === s));
  const total = maxOf(perStep.map((ns) => ns.reduce((a, n) => a + n.count, 0)));
  const most = maxOf(perStep.map((ns) => ns.length));
  const scale = (HEIGHT - GAP * (most - 1)) / total;

  const box = new Map<string, Box>();
  const key = (n: Pick<SankeyNode, "step" | "label">) => `${n.step}\u0000${n.label}`;
  perStep.forEach((ns, s) => {
    let y = 0;
    for (const n of ns) {
      box.set(key(n), { x: s * COL, y, h: n.count * scale });
      y += n.count * scale + GAP;
    }
  });

  const outUsed = new Map<string, number>();
  const inUsed = new Map<string, number>();
  const bands = links.map((l) => {
    const a = box.get(key({ step: l.step, label: l.from }))!;
    const b = box.get(key({ step: l.step + 1, label: l.to }))!;
    const h = l.count * scale;
    const ya = a.y + (outUsed.get(key({ step: l.step, label: l.from })) ?? 0);
    const yb = b.y + (inUsed.get(key({ step: l.step + 1, label: l.to })) ?? 0);
    outUsed.set(key({ step: l.step, label: l.from }), ya - a.y + h);
    inUsed.set(key({ step: l.step + 1, label: l.to }), yb - b.y + h);
    const x0 = a.x + NODE_W;
    const x1 = b.x;
    const xm = (x0 + x1) / 2;
    const d = `M${x0},${ya} C${xm},${ya} ${xm},${yb} ${x1},${yb} L${x1},${yb + h} C${xm},${yb + h} ${xm},${ya + h} ${x0},${ya + h} Z`;
    return { l, d };
  });

  const width = (shown - 1) * COL + NODE_W + 130;
  return (
    <div className="overflow-x-auto">
      <svg
        width={width}
        height={HEIGHT + 24}
        role="img"
        aria-label={`Sankey of labels over the first ${shown} user steps`}
        data-testid="sankey"
      >
        <g transform="translate(0,20)">
          {bands.map(({ l, d }) => (
            <path key={`${l.step}-${l.from}-${l.to}`} d={d} fill={color(l.from)} fillOpacity={0.25}>
              <title>{`step ${l.step + 1} ${l.from} → step ${l.step + 2} ${l.to}: ${l.count} sessions`}</title>
            </path>
          ))}
          {nodes.map((n) => {
            const b = box.get(key(n))!;
            return (
              <g key={key(n)} data-node={`${n.step}:${n.label}`} data-count={n.count}>
                <rect x={b.x} y={b.y} width={NODE_W} height={Math.max(1, b.h)} fill={color(n.label)}>
                  <title>{`step ${n.step + 1}: ${n.label}, ${n.count} sessions`}</title>
                </rect>
                {b.h >= 9 ? (
                  <text
                    x={b.x + NODE_W + 3}
                    y={b.y + Math.min(b.h / 2, 10) + 3}
                    fontSize={10}
                    className="fill-zinc-700 dark:fill-zinc-300"
                  >
                    {n.label} ({n.count})
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
        {Array.from({ length: shown }, (_, s) => (
          <text key={s} x={s * COL} y={12} fontSize={11} className="fill-zinc-500">
            User step {s + 1}
          </text>
        ))}
      </svg>
    </div>
  );
}

// The Sankey of labels per user step (seed 002, Figure 1): node (step, label) counts the sessions whose
// message at that step has the label; a link counts sessions going from one label to the next. Unfiltered:
// the paper's Sankeys keep every label, only TFAS drops some.
import { normalizeLabel } from "./taskflow";

export interface SankeyNode {
  /** 0-based user step. */
  step: number;
  label: string;
  count: number;
}

export interface SankeyLink {
  /** Step of the source node; the target is at step + 1. */
  step: number;
  from: string;
  to: string;
  count: number;
}

export interface SankeyData {
  steps: number;
  nodes: SankeyNode[];
  links: SankeyLink[];
}

/** Nodes and links for the first `maxSteps` user steps, sorted by step, then count (desc), then label. */
export function sankeyOf(sessions: readonly (readonly string[])[], maxSteps: number): SankeyData {
  const nodes = new Map<string, SankeyNode>();
  const links = new Map<string, SankeyLink>();
  let steps = 0;
  for (const session of sessions) {
    const labels = session.slice(0, maxSteps).map(normalizeLabel);
    steps = Math.max(steps, labels.length);
    labels.forEach((label, step) => {
      const key = `${step}\u0000${label}`;
      const node = nodes.get(key) ?? { step, label, count: 0 };
      node.count++;
      nodes.set(key, node);
      const next = labels[step + 1];
      if (next === undefined) return;
      const lkey = `${step}\u0000${label}\u0000${next}`;
      const link = links.get(lkey) ?? { step, from: label, to: next, count: 0 };
      link.count++;
      links.set(lkey, link);
    });
  }
  const order =
    <T extends { step: number; count: number }>(key: (x: T) => string) =>
    (a: T, b: T) =>
      a.step - b.step || b.count - a.count || key(a).localeCompare(key(b));
  return {
    steps,
    nodes: [...nodes.values()].sort(order((n) => n.label)),
    links: [...links.values()].sort(order((l) => `${l.from}>${l.to}`)),
  };
}

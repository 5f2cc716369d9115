// The Pareto frontier of cost against resolution: a point is on it when no other point is at most as
// costly and at least as resolved, and strictly better in one of the two. Equal points are all kept.

export interface FrontierPoint {
  id: string;
  cost: number | null;
  resolution: number | null;
}

/** Ids of the points on the frontier, cheapest first. Points without a cost or a resolution are left out. */
export function paretoFrontier(points: readonly FrontierPoint[]): string[] {
  const known = points.filter(
    (p): p is FrontierPoint & { cost: number; resolution: number } => p.cost !== null && p.resolution !== null,
  );
  return known
    .filter(
      (p) =>
        !known.some(
          (o) => o.cost <= p.cost && o.resolution >= p.resolution && (o.cost < p.cost || o.resolution > p.resolution),
        ),
    )
    .sort((a, b) => a.cost - b.cost || b.resolution - a.resolution || a.id.localeCompare(b.id))
    .map((p) => p.id);
}

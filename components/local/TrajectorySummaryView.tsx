// A single opened trajectory: what it is and its usage per request (the k-th user step is the k-th request),
// counted the way the Harbor import counts it. A trajectory alone has no verifier result, so it cannot join
// the leaderboard; importing its Harbor job does that.
import type { TrajectorySummary } from "@/lib/local";
import { HeaderRow, Table } from "@/components/ui/Table";
import { ListPager } from "@/components/ui/Pager";
import { usePaged } from "@/components/ui/usePaged";

/** Requests of a log listed to a page (a long log may hold thousands). */
const REQUESTS_PER_PAGE = 100;

const n = (x: number) => x.toLocaleString("en-US");

export function TrajectorySummaryView({ summary: s }: { summary: TrajectorySummary }) {
  const total = s.reported ?? s.stepTotals;
  const requests = usePaged(s.requests, REQUESTS_PER_PAGE);
  return (
    <div className="space-y-1" data-testid="local-trajectory">
      <p>
        <span className="font-medium">{s.name}</span>:{" "}
        {s.format === "atif" ? (s.schemaVersion ?? "ATIF (no version)") : `${s.formatName} (converted to ATIF)`}, agent{" "}
        {s.agent.name ?? "unknown"}
        {s.agent.model ? ` (${s.agent.model})` : ""}, {n(s.steps)} steps, {s.requests.length} request(s);{" "}
        {n(total.prompt + total.completion)} tokens
        {total.cost !== null ? `, $${total.cost.toFixed(2)}` : ""}. It cannot join the leaderboard on its own (no
        verifier result).
      </p>
      {s.reported && s.warnings.some((w) => w.code === "totals.final_metrics_differ") ? (
        <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="local-trajectory-totals">
          final_metrics {n(s.reported.prompt + s.reported.completion)} tokens
          {s.reported.cost !== null ? `, $${s.reported.cost.toFixed(2)}` : ""} · steps sum{" "}
          {n(s.stepTotals.prompt + s.stepTotals.completion)} tokens
          {s.stepTotals.cost !== null ? `, $${s.stepTotals.cost.toFixed(2)}` : ""}: they disagree (warning below).
        </p>
      ) : null}
      {s.requests.length ? (
        <Table caption="Usage per request of the local trajectory" className="text-xs tabular-nums">
          <thead>
            <HeaderRow
              className="text-left"
              cellClassName="pr-3"
              columns={["request", "tokens", "cached", "model calls", "tool calls", "wall s"]}
            />
          </thead>
          <tbody>
            {requests.items.map((u) => (
              <tr key={u.position}>
                <td className="pr-3">{u.position}</td>
                <td className="pr-3">{n(u.tokens)}</td>
                <td className="pr-3">{n(u.cached_tokens)}</td>
                <td className="pr-3">{u.model_calls}</td>
                <td className="pr-3">{u.tool_calls}</td>
                <td className="pr-3">{u.wall_s}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      <ListPager
        paged={requests}
        label={`pages of ${s.name}'s requests`}
        testIds={{ nav: "local-request-pager", page: "local-request-page" }}
      />
      {s.warnings.length ? (
        <ul className="max-h-32 overflow-auto text-xs text-amber-800 dark:text-amber-300">
          {s.warnings.map((w, i) => (
            <li key={i}>
              {w.code}: {w.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

// The compare page's worker: reads both trajectories with the explorer's reader (chain.ts), segments each
// by its run's schedule, aligns the requests and finds the first divergence. Only same-origin paths are
// fetched (the page builds them with trajectoryUrl); a local run's file is handed over by the page, as to the
// explorer's parse worker (lib/files/file-asks.ts).
import { fileAsker, fileRefText } from "../files/file-asks";
import { refuseBySize } from "../files/limits";
import { fileRefSize } from "../files/run-files";
import { alignRequests } from "./align";
import type { AlignRequest, AlignResponse, PaneRequest, PaneResult, PaneSide } from "./align-protocol";
import { loadTrajectory } from "./chain";
import { remoteText } from "./open-remote";
import { parseTrajectoryText } from "./parse-text";
import { actionsByPosition, compareFocus, type SideEvidence } from "./divergence";
import { stepRow } from "./rows";
import { segmentRun, type Segmentation } from "./segment";
import { requirementLedger, type LedgerRow } from "./ledger";
import type { Step } from "./model";

interface Scope {
  onmessage: ((e: MessageEvent<AlignRequest>) => void) | null;
  postMessage(message: AlignResponse): void;
}
const scope = self as unknown as Scope;

async function readJson(path: string): Promise<unknown> {
  return parseTrajectoryText(await remoteText(path), path);
}

const asker = fileAsker<{ id: number; side: PaneSide }>((need) => scope.postMessage(need));

function readLocalJson(id: number, side: PaneSide): (path: string) => Promise<unknown> {
  return async (path) => {
    const ref = await asker.ask({ id, side }, path);
    if (!ref) throw new Error(`${path} is not among the files you picked`);
    refuseBySize(fileRefSize(ref), path);
    return parseTrajectoryText(await fileRefText(ref), path);
  };
}

/** The pane's requirement ledger when the page asked for one (unknown for every stage without a trajectory). */
function ledgerOf(req: PaneRequest, steps: Step[] | null, seg: Segmentation | null): { ledger?: LedgerRow[] } {
  if (!req.ledger) return {};
  const { focusTaskId, stages, workspaces } = req.ledger;
  return {
    ledger: requirementLedger({
      steps,
      segmentation: seg,
      schedule: req.schedule,
      focusTaskId,
      stages,
      workspaces,
      verdict: req.verdict,
    }),
  };
}

async function pane(
  id: number,
  side: PaneSide,
  req: PaneRequest,
): Promise<{ result: PaneResult; evidence: SideEvidence }> {
  if (req.url === null) {
    return {
      result: { rows: null, segments: null, mismatches: [], error: null, ...ledgerOf(req, null, null) },
      evidence: { actions: null, verdict: req.verdict },
    };
  }
  try {
    const t = await loadTrajectory(req.url, req.userFiles ? readLocalJson(id, side) : readJson, {
      subagentFiles: false,
    });
    const seg = segmentRun(t, req.schedule);
    return {
      result: {
        rows: t.steps.map(stepRow),
        segments: seg.segments,
        mismatches: seg.mismatches,
        error: null,
        ...ledgerOf(req, t.steps, seg),
      },
      evidence: { actions: actionsByPosition(t.steps, seg.segments), verdict: req.verdict },
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      result: { rows: null, segments: null, mismatches: [], error: message, ...ledgerOf(req, null, null) },
      evidence: { actions: null, verdict: req.verdict },
    };
  }
}

scope.onmessage = (e) => {
  const msg = e.data;
  // The page's answer to a local pane's question: settled at once (the alignment is waiting for it).
  if (msg.type === "file") return asker.settle(msg);
  void (async () => {
    try {
      const [left, right] = await Promise.all([pane(msg.id, "left", msg.left), pane(msg.id, "right", msg.right)]);
      const rows = alignRequests(msg.left.schedule, msg.right.schedule);
      const divergence = compareFocus(rows, left.evidence, right.evidence);
      scope.postMessage({
        type: "aligned",
        id: msg.id,
        result: { left: left.result, right: right.result, rows, divergence },
      });
    } catch (err) {
      scope.postMessage({ type: "error", id: msg.id, message: err instanceof Error ? err.message : String(err) });
    }
  })();
};

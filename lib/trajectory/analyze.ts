// Everything the page derives from a loaded trajectory and its run: request segments, mismatches, and the
// signature tags (annotations from the release first, then the detectors' findings). Pure.
import { detectCrossTaskInterference } from "./detect-cross-task";
import { detectRequirementStateLoss } from "./detect-state-loss";
import { ledgerFacts, requirementLedger } from "./ledger";
import type { Trajectory } from "./model";
import { stepRow, type StepRow } from "./rows";
import { segmentRun } from "./segment";
import { annotationTags, type DetectorInput, type SignatureTag } from "./tags";
import type { Analysis, AnalysisContext, SubagentSummary, TrajectorySummary } from "./worker-protocol";
import { pushAll } from "../common/arrays";
import { convertedFormat } from "./native/formats";

export function analyzeTrajectory(t: Trajectory, ctx: AnalysisContext): Analysis {
  const seg = segmentRun(t, ctx.schedule);
  const tags: SignatureTag[] = annotationTags(ctx.annotations, t.steps);
  const ledger =
    ctx.focusTaskId !== null && ctx.stages
      ? requirementLedger({
          steps: t.steps,
          segmentation: seg,
          schedule: ctx.schedule,
          focusTaskId: ctx.focusTaskId,
          stages: ctx.stages,
          workspaces: ctx.workspaces,
          verdict: ctx.verdict,
        })
      : undefined;
  if (ctx.focusTaskId !== null && ctx.schedule !== null) {
    const input: DetectorInput = {
      steps: t.steps,
      segmentation: seg,
      focusTaskId: ctx.focusTaskId,
      workspaces: ctx.workspaces,
      verdict: ctx.verdict,
      // The final patch's taint and the ledger are the detectors' evidence where the run has them.
      patchTaint: ctx.patchTaint ?? null,
      ledger: ledger ? ledgerFacts(ledger) : null,
    };
    const interference = detectCrossTaskInterference(input);
    pushAll(pushAll(tags, interference), notInterference(detectRequirementStateLoss(input), interference));
  }
  return {
    segments: seg.segments,
    segmentOf: seg.segmentOf,
    mismatches: seg.mismatches,
    notes: seg.notes,
    tags,
    ...(ledger ? { ledger } : {}),
  };
}

/**
 * The effects of interference are no losses (docs/detectors.md): a state-loss tag whose every later step is
 * evidence of interference (another checkout's file copied over the focus one, say) is that interference.
 */
function notInterference(losses: SignatureTag[], interference: readonly SignatureTag[]): SignatureTag[] {
  const foreign = new Set(interference.filter((t) => t.strength === "strong").flatMap((t) => t.steps));
  if (foreign.size === 0) return losses;
  return losses.filter((t) => {
    const later = t.reasons.filter((r) => r.kind !== "earlier-stage-lines").map((r) => r.step);
    return t.strength !== "strong" || later.length === 0 || !later.every((s) => foreign.has(s));
  });
}

const SUBAGENT_ROWS = 50;

export function summarize(t: Trajectory, url: string, chars: number): TrajectorySummary {
  const subagents: SubagentSummary[] = t.subagents.map((s) => ({
    key: s.key,
    origin: s.origin,
    path: s.path,
    error: s.error,
    agent: s.trajectory?.agent.name ?? null,
    steps: s.trajectory?.steps.length ?? 0,
    totals: s.trajectory ? (s.trajectory.reported ?? s.trajectory.stepTotals) : null,
    rows: (s.trajectory?.steps ?? []).slice(0, SUBAGENT_ROWS).map(stepRow),
  }));
  return {
    url,
    chars,
    schemaVersion: t.schemaVersion,
    convertedFrom: convertedFormat(t.extra),
    sessionId: t.sessionId,
    agent: t.agent,
    files: t.files,
    notes: t.notes,
    stepTotals: t.stepTotals,
    reported: t.reported,
    warnings: t.warnings,
    subagents,
  };
}

export function rowsOf(t: Trajectory): StepRow[] {
  return t.steps.map(stepRow);
}

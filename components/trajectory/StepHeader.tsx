// The top of the selected step's panel: its heading (number, source, model, time, marks), its tokens and cost,
// and the tags pointing at it, a page at a time.
import { Badge } from "@/components/ui/Badge";
import type { StepDetail } from "@/lib/trajectory/detail";
import type { SignatureTag } from "@/lib/trajectory/tags";
import { ListPager } from "@/components/ui/Pager";
import { usePaged } from "@/components/ui/usePaged";
import { authorLabel, TagChip } from "./TagChips";

export function StepHeading({ detail }: { detail: StepDetail }) {
  return (
    <h2 className="flex flex-wrap items-baseline gap-2 font-semibold">
      Step {detail.n}
      {detail.stepId !== null && (detail.stepId !== detail.n || detail.file > 0) ? (
        <span className="text-xs font-normal text-zinc-500">
          (step_id {detail.stepId}
          {detail.file > 0 ? ` of continuation ${detail.file}` : ""})
        </span>
      ) : null}
      <span className="text-xs font-normal">{detail.source}</span>
      {detail.model ? <span className="text-xs font-normal text-zinc-500">{detail.model}</span> : null}
      {detail.timestamp ? <span className="text-xs font-normal text-zinc-500">{detail.timestamp}</span> : null}
      {detail.copied ? (
        <Badge tone="muted" className="text-xs font-normal">
          copied context
        </Badge>
      ) : null}
      {detail.sidechain ? (
        <Badge tone="muted" className="text-xs font-normal">
          sidechain
        </Badge>
      ) : null}
    </h2>
  );
}

export function StepMetrics({ detail }: { detail: StepDetail }) {
  const m = detail.metrics;
  if (!m) return null;
  return (
    <p className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400" data-testid="step-metrics">
      {m.prompt !== null ? `${m.prompt.toLocaleString("en-US")} input tokens` : "input —"}
      {m.cached !== null ? ` (${m.cached.toLocaleString("en-US")} cached)` : ""} ·{" "}
      {m.completion !== null ? `${m.completion.toLocaleString("en-US")} output` : "output —"} ·{" "}
      {m.cost !== null ? `$${m.cost.toFixed(4)}` : "no cost"}
      {detail.copied ? " · not counted again (copied context)" : ""}
    </p>
  );
}

/** The tags on step `n`, each with its author and the reason it gives for this step. */
/** Tags of one step listed to a page in its detail. */
const STEP_TAGS_PER_PAGE = 20;

export function StepTags({ tags, n }: { tags: SignatureTag[]; n: number }) {
  const paged = usePaged(tags, STEP_TAGS_PER_PAGE);
  if (!tags.length) return null;
  return (
    <div className="space-y-1">
      <ul className="space-y-1" data-testid="step-tags" data-tags={tags.length}>
        {paged.items.map((t) => (
          <li
            key={t.id}
            className="text-xs"
            data-tag-signature={t.signature}
            data-tag-author={t.author.kind}
            data-tag-origin={t.origin}
            data-tag-strength={t.strength}
          >
            <TagChip tag={t} /> <span className="text-zinc-500">by {authorLabel(t)}:</span>{" "}
            {t.reasons.find((r) => r.step === n)?.text ?? t.note}
          </li>
        ))}
      </ul>
      <ListPager
        paged={paged}
        label={`pages of step ${n}'s tags`}
        testIds={{ nav: "step-tag-pager", page: "step-tag-page" }}
        jump
      />
    </div>
  );
}

// Signature tags: a chip per tag (on steps and timeline blocks), and the list of all tags with their notes,
// authors and evidence steps, a page at a time (a run may hold thousands of annotations).
import { SIGNATURE_LABELS, SIGNATURE_SHORT_LABELS, type SignatureTag } from "@/lib/trajectory/tags";
import { formatCount } from "@/lib/site/format-count";
import { Badge } from "@/components/ui/Badge";
import { ListPager } from "@/components/ui/Pager";
import { usePaged } from "@/components/ui/usePaged";
import { useTagAccuracyNote } from "./TagAccuracy";

/** Tags listed to a page under the run's overview. */
const TAGS_PER_PAGE = 50;

const COLORS: Record<string, string> = {
  requirement_state_loss:
    "border-rose-400 bg-rose-100 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100",
  cross_task_interference:
    "border-indigo-400 bg-indigo-100 text-indigo-900 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-100",
};
export function authorLabel(tag: SignatureTag): string {
  return `${tag.author.kind}${tag.author.name ? `: ${tag.author.name}` : ""}`;
}

/** A tag's chip; `count` > 1: the chip stands for that many tags of its signature and strength (a step row's). */
export function TagChip({ tag, compact = false, count = 1 }: { tag: SignatureTag; compact?: boolean; count?: number }) {
  const accuracy = useTagAccuracyNote(tag);
  const who = count > 1 ? `${formatCount(count)} tags` : `tagged by ${authorLabel(tag)}`;
  return (
    <Badge
      tone="plain"
      data-chip={tag.signature}
      data-chip-count={count > 1 ? count : undefined}
      title={`${SIGNATURE_LABELS[tag.signature]} (${tag.strength === "weak" ? "weak, " : ""}${who})${accuracy ? `. ${accuracy}` : ""}`}
      className={`shrink-0 border ${tag.strength === "weak" ? "border-dashed opacity-70" : ""} ${COLORS[tag.signature] ?? ""}`}
    >
      {compact ? SIGNATURE_SHORT_LABELS[tag.signature] : SIGNATURE_LABELS[tag.signature]}
      {count > 1 ? ` ×${formatCount(count)}` : null}
      {compact ? null : <span className="ml-1 text-[0.7em] opacity-80">({tag.author.kind})</span>}
    </Badge>
  );
}

export function TagList({
  tags,
  analyzed,
  onJump,
}: {
  tags: SignatureTag[];
  /** The detectors have read the whole run with its ledger: the tags are final (none are shown before). */
  analyzed: boolean;
  onJump: (n: number) => void;
}) {
  if (!analyzed)
    return (
      <p className="text-sm text-zinc-500" data-testid="tag-list" data-final="false">
        Reading the trajectory for signature tags…
      </p>
    );
  if (tags.length === 0)
    return (
      <p className="text-sm text-zinc-500" data-testid="tag-list" data-final="true">
        No signature tag: no annotation, and the detectors found no evidence.
      </p>
    );
  return <PagedTags tags={tags} onJump={onJump} />;
}

function PagedTags({ tags, onJump }: { tags: SignatureTag[]; onJump: (n: number) => void }) {
  const paged = usePaged(tags, TAGS_PER_PAGE);
  return (
    <div className="space-y-1" data-testid="tag-list" data-final="true" data-tags={tags.length}>
      {paged.pages > 1 ? (
        <p className="text-xs text-zinc-500" data-testid="tag-count">
          {formatCount(tags.length)} tags; {formatCount(paged.offset + 1)}–{formatCount(paged.offset + paged.limit)}{" "}
          shown
        </p>
      ) : null}
      <ul className="space-y-1 text-sm">
        {paged.items.map((t) => (
          <TagItem key={t.id} t={t} onJump={onJump} />
        ))}
      </ul>
      <ListPager paged={paged} label="pages of the run's tags" testIds={{ nav: "tag-pager", page: "tag-page" }} jump />
    </div>
  );
}

function TagItem({ t, onJump }: { t: SignatureTag; onJump: (n: number) => void }) {
  return (
    <li
      data-tag-id={t.id}
      data-tag-signature={t.signature}
      data-tag-author={t.author.kind}
      data-tag-origin={t.origin}
      data-tag-strength={t.strength}
      data-tag-position={t.position ?? undefined}
      data-tag-steps={t.steps.join(",")}
      className="flex flex-wrap items-baseline gap-2"
    >
      <TagChip tag={t} />
      <span className="text-xs text-zinc-500">
        {authorLabel(t)}
        {t.position !== null ? ` · request ${t.position}` : ""}
        {t.strength === "weak" ? " · weak" : ""}
      </span>
      <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{t.note}</span>
      <span className="flex flex-wrap gap-1">
        {t.steps.map((n) => (
          <button
            key={n}
            type="button"
            className="btn px-1 py-0 text-xs"
            data-evidence-step={n}
            onClick={() => onJump(n)}
          >
            step {n}
          </button>
        ))}
        {t.unknownStepIds?.length ? (
          <span className="text-xs text-amber-700">
            (step ids {t.unknownStepIds.join(", ")} not in this trajectory)
          </span>
        ) : null}
      </span>
    </li>
  );
}

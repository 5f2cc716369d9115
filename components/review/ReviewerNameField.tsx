// The reviewer's name field (useReviewerName keeps it in this browser).
export function ReviewerNameField({ name, onName }: { name: string; onName: (name: string) => void }) {
  return (
    <label className="inline-flex items-center gap-1 text-sm">
      Reviewer name
      <input
        type="text"
        className="rounded border border-zinc-300 px-1 dark:border-zinc-700 dark:bg-zinc-900"
        value={name}
        maxLength={100}
        onChange={(e) => onName(e.target.value)}
        data-testid="reviewer-name"
      />
    </label>
  );
}

// The mark of a configuration the user opened from local files (the leaderboard's "local" badge).
export function LocalBadge({ show }: { show: boolean }) {
  return show ? (
    <span className="ml-2 rounded bg-sky-100 px-1 text-xs text-sky-900" data-testid="local-badge">
      local
    </span>
  ) : null;
}

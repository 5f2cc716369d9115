// The mark of a configuration the user opened from local files (the leaderboard's "local" badge).
import { Badge } from "@/components/ui/Badge";
export function LocalBadge({ show }: { show: boolean }) {
  return show ? (
    <Badge tone="local" className="ml-2 text-xs" data-testid="local-badge">
      local
    </Badge>
  ) : null;
}

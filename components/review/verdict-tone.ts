// How each review verdict is shown, one table for the review page's list and the run page's review mode.
import type { BadgeTone } from "@/components/ui/Badge";
import type { ReviewVerdict } from "@/lib/queries/review/verdicts";

export const VERDICT_TONE: Record<ReviewVerdict, BadgeTone> = {
  confirmed: "good",
  rejected: "bad",
  added: "info",
  absent: "neutral",
};

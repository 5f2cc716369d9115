// The pages whose first view is all in their HTML (the leaderboards) ask scripts/first-paint.ts to load their
// chunk scripts after the first frame, with this <meta>. Next writes `metadata.other` as <meta name content>.

export const PAINT_FIRST_META = { name: "chunks", content: "after-first-paint" } as const;

/** For a page's `metadata.other`. */
export const PAINT_FIRST: Record<string, string> = { [PAINT_FIRST_META.name]: PAINT_FIRST_META.content };

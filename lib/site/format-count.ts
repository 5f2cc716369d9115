// Whole numbers with thousands separators ("50,000"), as toLocaleString("en-US") writes them, without it: the
// first toLocaleString of a page loads the browser's number-format data, a task of its own, and the local-results
// views write their counts in the very task that takes a release in.

export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const digits = String(Math.abs(Math.round(n)));
  return (n <= -0.5 ? "-" : "") + digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

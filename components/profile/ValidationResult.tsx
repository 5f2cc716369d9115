// The schedule validator's verdict on the whole release (Switch-SWE §3.1, C.5): every schedule rule with
// pass or its count, then any other rule that fired. Errors stop the build, so a published release only
// ever shows warnings here.
import type { BuiltReleaseMeta } from "@/lib/data/built";
import { ruleResults } from "@/lib/queries/profile/rules";

export function ValidationResult({ validation }: { validation: BuiltReleaseMeta["validation"] }) {
  const { schedule, other } = ruleResults(validation.rules);
  const failed = schedule.filter((r) => r.count > 0);
  return (
    <section aria-labelledby="validation-h" className="space-y-2" data-testid="validation">
      <h2 id="validation-h" className="text-base font-semibold">
        Schedule validation
      </h2>
      <p className="text-sm" data-testid="validation-verdict">
        {failed.length === 0
          ? `All ${schedule.length} schedule rules pass for every session.`
          : `${failed.length} of ${schedule.length} schedule rules reported problems: ${failed.map((r) => r.rule).join(", ")}.`}{" "}
        {validation.errors} errors, {validation.warnings} warnings in the whole release.
      </p>
      <ul className="grid gap-x-6 gap-y-0.5 text-sm sm:grid-cols-2">
        {schedule.map((r) => (
          <li key={r.rule} data-rule={r.rule} data-count={r.count} className="flex gap-2">
            <span aria-hidden className={r.count ? "text-amber-600" : "text-emerald-600"}>
              {r.count ? "✗" : "✓"}
            </span>
            <span>
              <code className="text-xs">{r.rule}</code>{" "}
              <span className="text-zinc-600 dark:text-zinc-400">{r.says}</span>
              {r.count ? <strong> · {r.count}</strong> : null}
            </span>
          </li>
        ))}
      </ul>
      {other.length ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="validation-other">
          Other rules that fired: {other.map((r) => `${r.rule} (${r.count})`).join(", ")}.
        </p>
      ) : null}
    </section>
  );
}

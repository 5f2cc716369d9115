// The submit page: the process, the manifest, the rules and the provenance fields, rendered from
// lib/data/submission-rules.ts (the source docs/submissions.md and the checker's report share). Text only:
// `code` spans become <code>, nothing is parsed as HTML.
import { MANIFEST_EXAMPLE } from "@/lib/data/submission-docs";
import { MANIFEST_FIELDS, PROVENANCE_FIELDS, SUBMISSION_RULES, SUBMISSION_STEPS } from "@/lib/data/submission-rules";
import { inlineCodeParts } from "@/lib/site/inline-code";
import type { ReactNode } from "react";
import { HeaderRow, Table } from "@/components/ui/Table";

function Text({ children }: { children: string }) {
  return (
    <>
      {inlineCodeParts(children).map((p, i) =>
        p.code ? (
          <code key={i} className="rounded bg-zinc-100 px-1 text-[0.9em] dark:bg-zinc-800">
            {p.text}
          </code>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** The last cell of a guide row: prose with `code` spans. */
function TextCell({ children }: { children: string }) {
  return (
    <td className="py-1">
      <Text>{children}</Text>
    </td>
  );
}

function FieldTable({
  rows,
  label,
}: {
  rows: readonly { field: string; type: string; meaning: string }[];
  label: string;
}) {
  return (
    <GuideTable caption={label} columns={["field", "type", "meaning"]}>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field} className="border-b border-zinc-100 align-top dark:border-zinc-900">
            <td className="py-1 pr-3 font-mono text-xs">{r.field}</td>
            <td className="py-1 pr-3">
              <Text>{r.type}</Text>
            </td>
            <TextCell>{r.meaning}</TextCell>
          </tr>
        ))}
      </tbody>
    </GuideTable>
  );
}

/** A table of the guide: three columns under a rule, the first two padded apart from the next. */
function GuideTable({
  caption,
  columns: [first, second, last],
  children,
  ...rest
}: {
  caption: string;
  columns: [string, string, string];
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <Table caption={caption} className="w-full border-collapse text-sm" {...rest}>
      <thead>
        <HeaderRow
          look="ruled"
          className="text-left"
          cellClassName="py-1"
          columns={[{ label: first, className: "pr-3" }, { label: second, className: "pr-3" }, last]}
        />
      </thead>
      {children}
    </Table>
  );
}

export function SubmitGuide() {
  return (
    <article className="max-w-4xl space-y-5 text-sm leading-relaxed">
      <h1 className="text-xl font-semibold">Submit results</h1>
      <p>
        A configuration joins a published release through a pull request that a maintainer accepts by reading one
        report: the output of <code>npm run submission:check</code>. The same rules run again when it is added with{" "}
        <code>npm run release:add</code>. This page and <code>docs/submissions.md</code> are rendered from one source.
      </p>
      <section aria-label="process">
        <h2 className="mb-2 text-lg font-semibold">Process</h2>
        <ol className="list-decimal space-y-1 pl-6">
          {SUBMISSION_STEPS.map((s) => (
            <li key={s}>
              <Text>{s}</Text>
            </li>
          ))}
        </ol>
      </section>
      <section aria-label="manifest">
        <h2 className="mb-2 text-lg font-semibold">submission.json</h2>
        <FieldTable rows={MANIFEST_FIELDS} label="manifest fields" />
        <pre className="mt-2 overflow-x-auto rounded bg-zinc-50 p-3 text-xs dark:bg-zinc-900">
          {JSON.stringify(MANIFEST_EXAMPLE, null, 2)}
        </pre>
      </section>
      <section aria-label="rules">
        <h2 className="mb-2 text-lg font-semibold">Rules</h2>
        <GuideTable
          caption="Rules a submission must keep, with the code of each"
          columns={["rule", "code", "what must hold"]}
          data-testid="submission-rules"
        >
          <tbody>
            {SUBMISSION_RULES.map((r) => (
              <tr key={r.code} data-rule={r.code} className="border-b border-zinc-100 align-top dark:border-zinc-900">
                <td className="py-1 pr-3 font-medium">{r.title}</td>
                <td className="py-1 pr-3 font-mono text-xs">{r.code}</td>
                <TextCell>{r.text}</TextCell>
              </tr>
            ))}
          </tbody>
        </GuideTable>
      </section>
      <section aria-label="provenance">
        <h2 className="mb-2 text-lg font-semibold">What the leaderboard records</h2>
        <FieldTable rows={PROVENANCE_FIELDS} label="provenance fields" />
        <p className="mt-2">
          The leaderboard shows the submission date, a verified mark and the report link, filters to verified entries,
          and its CSV and JSON exports carry these fields. A result is marked verified only when a maintainer has
          reproduced it.
        </p>
      </section>
    </article>
  );
}

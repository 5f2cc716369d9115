// Every page of a release: the synthetic-data banner (when the release says so), the release source its views
// run their queries on (ReleaseSource.tsx) and its provenance footer.
import type { BuiltReleaseMeta } from "@/lib/data/built";
import { ReleaseNav } from "./ReleaseNav";
import { absentTables } from "@/lib/source";
import { ReleaseSourceProvider } from "./ReleaseSource";

export function ReleaseFrame({
  built,
  page,
  children,
}: {
  built: BuiltReleaseMeta;
  page: string;
  children: React.ReactNode;
}) {
  const m = built.meta;
  return (
    <>
      {m.synthetic ? (
        <div
          role="note"
          data-testid="synthetic-banner"
          className="mb-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <strong>Synthetic sample data.</strong> The numbers on this page come from a synthetic release, not from real
          agent runs{m.calibration ? "; figures the paper publishes are reproduced, every other cell is invented" : ""}.
          {m.calibration ? (
            <details className="mt-1">
              <summary className="cursor-pointer">Which figures match the publication, which are invented</summary>
              <p className="mt-1 font-semibold">Calibrated to the publication</p>
              <ul className="list-disc pl-5" data-testid="calibrated">
                {m.calibration.calibrated.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
              <p className="mt-1 font-semibold">Invented</p>
              <ul className="list-disc pl-5" data-testid="invented">
                {m.calibration.invented.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
      <ReleaseNav releaseId={m.release_id} current={page} />
      <ReleaseSourceProvider
        releaseId={m.release_id}
        absent={absentTables(built.tables.filter((t) => t.rows > 0).map((t) => t.name))}
        answers={built.answers ?? {}}
      >
        {children}
      </ReleaseSourceProvider>
      <footer
        className="mt-8 border-t border-zinc-200 pt-3 text-xs text-zinc-500 dark:border-zinc-800"
        data-testid="release-footer"
      >
        <p>
          Release <strong>{m.title}</strong> (<code>{m.release_id}</code>, version {m.version}, format v
          {m.format_version}) · {m.benchmark}
          {m.synthetic ? " · synthetic" : ""}
        </p>
        <p>Provenance: {m.provenance}</p>
        <p>
          Download (Parquet):{" "}
          {built.tables.map((t, i) => (
            <span key={t.name}>
              {i ? ", " : ""}
              <a className="underline" href={`/data/${m.release_id}/${t.name}.parquet`} download>
                {t.name}
              </a>
            </span>
          ))}{" "}
          · {built.validation.warnings} validator warnings, 0 errors
        </p>
      </footer>
    </>
  );
}

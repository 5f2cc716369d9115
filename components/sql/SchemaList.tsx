// The console's tables beside the query: each with its row count (or that it loads when named) and, opened, its
// columns and their types.
import { Table, Th } from "@/components/ui/Table";
import type { SchemaTable } from "./schema-tables";

export function SchemaList({ schema }: { schema: SchemaTable[] | null }) {
  return (
    <aside aria-labelledby="schema-h" className="min-w-0 text-sm" data-testid="sql-schema">
      <h2 id="schema-h" className="font-semibold">
        Tables
      </h2>
      {schema === null ? (
        <p className="text-xs text-zinc-500">The tables load with the first query.</p>
      ) : (
        <ul className="space-y-1">
          {schema.map((t) => (
            <li key={`${t.schema}.${t.name}`} data-table={`${t.schema}.${t.name}`} data-rows={t.rows ?? ""}>
              <details>
                <summary className="cursor-pointer break-all">
                  <code>{t.schema === "main" ? t.name : `${t.schema}.${t.name}`}</code>{" "}
                  <span className="text-xs text-zinc-500">
                    {t.lazy ? "loads when a query names it" : `${(t.rows ?? 0).toLocaleString("en-US")} rows`}
                  </span>
                </summary>
                <Table className="ml-3 text-xs" caption={<>Columns of {t.name}</>}>
                  <thead>
                    <tr>
                      <Th className="pr-2 text-left font-normal text-zinc-500">column</Th>
                      <Th className="text-left font-normal text-zinc-500">type</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {t.columns.map((c) => (
                      <tr key={c.name}>
                        <td className="pr-2 break-all">
                          <code>{c.name}</code>
                        </td>
                        <td className="text-zinc-500">{c.type}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </details>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

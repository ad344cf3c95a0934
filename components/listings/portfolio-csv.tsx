"use client";

import { useState, type RefObject } from "react";
import { todayUtc } from "@/lib/format/dates";
import { formatCount } from "@/lib/format/numbers";
import { kpiCsvFilename, portfolioCsv, rankingCsv, type KpiCsvChoice } from "@/lib/listings/csv";
import type { RankedEntry } from "@/lib/listings/ranking";
import type { Listing } from "@/lib/svc/schemas/listings";
import { DownloadCsvButton } from "@/components/ui/download-csv-button";
import type { PortfolioRow } from "@/components/listings/portfolio-cells";

/** The CSV button with one line on what the file holds, so nobody takes it for one page only. */
function CsvExport({
  note,
  filename,
  build,
  disabled,
}: {
  note: string;
  filename: string;
  build: () => string;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-xs text-slate-600">{note}</p>
      <DownloadCsvButton filename={filename} build={build} disabled={disabled} />
    </div>
  );
}

/**
 * The portfolio table as a file: every listing the filters show, in the table's current order
 * (all of its pages: the whole portfolio is loaded), with the KPI column as chosen; without
 * it while the KPI figures are unread (the mirror's records hold none).
 */
export function PortfolioCsv({
  count: total,
  sortedRows,
  choice,
  kpi,
  pageCount,
}: {
  count: number;
  sortedRows: RefObject<(() => PortfolioRow[]) | null>;
  choice: KpiCsvChoice;
  kpi: "loading" | "ready" | "error" | "unread";
  pageCount: number;
}) {
  const [today] = useState(() => todayUtc());
  const count = `${formatCount(total)} listing${total === 1 ? "" : "s"}`;
  const withKpi = kpi !== "unread";
  const ready = kpi === "ready" || kpi === "unread";
  const holds =
    pageCount > 1
      ? `The CSV holds all ${count} these filters show, on every page, in the table's order`
      : `The CSV holds the ${count} these filters show, in the table's order`;
  return (
    <CsvExport
      note={
        !ready
          ? "The CSV is ready once the KPI column has its figures."
          : withKpi
            ? `${holds}.`
            : `${holds}, without KPI figures until they are read.`
      }
      filename={withKpi ? kpiCsvFilename("listings", choice, today) : `listings-${today}.csv`}
      build={() => portfolioCsv(sortedRows.current?.() ?? [], withKpi ? choice : null)}
      disabled={!ready}
    />
  );
}

/** The KPI ranking as a file: the entries as ranked on screen, in the order picked. */
export function RankingCsv({
  entries,
  choice,
  order,
}: {
  entries: ReadonlyArray<RankedEntry<Listing>>;
  choice: KpiCsvChoice;
  order: "asc" | "desc";
}) {
  const [today] = useState(() => todayUtc());
  return (
    <CsvExport
      note={`The CSV holds the ${formatCount(entries.length)} listing${entries.length === 1 ? "" : "s"} ranked here, ${order === "desc" ? "highest" : "lowest"} first.`}
      filename={kpiCsvFilename("listings-ranking", choice, today)}
      build={() => rankingCsv(entries, choice)}
      disabled={entries.length === 0}
    />
  );
}

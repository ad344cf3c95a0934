"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { nightColumns } from "@/lib/format/night-columns";
import { nextFrame, scrollGrid, type ScrollFigures } from "@/components/ui/grid-scroll-bench";
import { PortfolioGrid } from "@/components/calendar/portfolio-grid";
import type { RowView } from "@/components/calendar/portfolio-rows";
import { syntheticPortfolio } from "@/components/calendar/synthetic-portfolio";

/** What `npm run bench:portfolio` drives through `window.portfolioBench`. */
export interface PortfolioBenchApi {
  /** Unmounts the grid, makes `listings` × the page's nights in hand, then times data → grid painted. */
  render: (listings: number, seed: number) => Promise<number>;
  /** Scrolls from the first night to the last, then from the top row to the bottom. */
  scroll: (step: number, rowStep: number) => Promise<ScrollFigures>;
}

declare global {
  interface Window {
    portfolioBench?: PortfolioBenchApi;
  }
}

const NO_OP = () => undefined;

/** The benchmark's page body: the portfolio calendar's grid over a synthetic portfolio. */
export function PortfolioBench({ nights }: { nights: number }) {
  const [rows, setRows] = useState<ReturnType<typeof syntheticPortfolio> | null>(null);
  const painted = useRef<((ms: number) => void) | null>(null);
  const columns = useMemo(
    () => nightColumns("2027-01-01", new Date(Date.UTC(2027, 0, nights)).toISOString().slice(0, 10)),
    [nights],
  );

  useEffect(() => {
    const resolve = painted.current;
    if (!rows || !resolve) return;
    painted.current = null;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        performance.mark("portfolio:painted");
        resolve(performance.measure("portfolio:render", "portfolio:data", "portfolio:painted").duration);
      }),
    );
  }, [rows]);

  useEffect(() => {
    const render = async (listings: number, seed: number) => {
      setRows(null);
      await nextFrame();
      await nextFrame();
      const data = syntheticPortfolio(listings, columns.columns.length, seed);
      return new Promise<number>((resolve) => {
        painted.current = resolve;
        performance.mark("portfolio:data");
        setRows(data);
      });
    };
    const scroll = async (step: number, rowStep: number) => {
      const grid = document.querySelector<HTMLElement>('[data-testid="portfolio-grid"]');
      if (!grid) throw new Error("no grid on the page: call render first");
      return scrollGrid(grid, step, rowStep);
    };
    window.portfolioBench = { render, scroll };
    document.body.dataset.benchReady = "1";
    return () => {
      delete window.portfolioBench;
    };
  }, [columns]);

  const viewOf = useCallback(
    (row: number): RowView => {
      const r = rows?.[row];
      return r
        ? { listing: r.listing, nights: r.nights, failed: false }
        : { listing: null, nights: null, failed: false };
    },
    [rows],
  );

  return rows ? (
    <PortfolioGrid
      rowCount={rows.length}
      nights={columns}
      viewOf={viewOf}
      selection={null}
      onSelect={NO_OP}
      onTap={NO_OP}
      narrow={false}
      colourBy="price"
      figure="price"
      label={`Portfolio calendar benchmark: ${rows.length} listings × ${columns.columns.length} nights`}
      onInspect={NO_OP}
      onRowsInView={NO_OP}
      onRetry={NO_OP}
    />
  ) : (
    <p className="text-sm text-slate-600">No calendar yet: the benchmark renders one.</p>
  );
}

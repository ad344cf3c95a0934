"use client";

import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { fitsOnePage, pagesOf, portfolioIndexOf, type PortfolioIndex } from "@/lib/listings/portfolio-index";
import { pageReadsOf } from "@/lib/listings/queries";
import { overviewPagesQuery, overviewPortfolioQuery } from "@/lib/overview/queries";
import { useWholeRead, type WholeRead } from "@/components/overview/use-whole-read";

export interface OverviewPortfolio {
  /** Null until the first listing page is in. */
  index: PortfolioIndex | null;
  /** Every listing came on the first page: everything reads as it always has. */
  small: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => void;
  whole: WholeRead;
}

/**
 * The Overview's portfolio: the first listing page on load (its X-Total-Count gives the size),
 * the rest only through the whole read the user asks for. Read once for the whole page and
 * handed to the cards, so that they agree on what is known.
 */
export function useOverviewPortfolio(): OverviewPortfolio {
  const queryClient = useQueryClient();
  const listKey = overviewPortfolioQuery().queryKey;
  const pages = useInfiniteQuery({
    ...overviewPagesQuery(),
    // Coming from the Listings page, its whole portfolio is the index already: no request.
    initialData: () => {
      const all = queryClient.getQueryData(listKey);
      return all ? pagesOf(all.rows) : undefined;
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(listKey)?.dataUpdatedAt,
  });
  const pageData = pages.data?.pages;
  const index = useMemo(() => portfolioIndexOf(pages.data), [pages.data]);
  const pagesRead = useMemo(() => (pageData ? pageReadsOf(pageData) : []), [pageData]);

  // A complete index is the Listings table's whole portfolio too: going on there costs nothing.
  useEffect(() => {
    if (index?.complete && queryClient.getQueryData(listKey) === undefined) {
      queryClient.setQueryData(listKey, { rows: index.listings, notice: index.notice });
    }
  }, [index, listKey, queryClient]);

  const whole = useWholeRead(index, pagesRead);
  return {
    index,
    small: index !== null && fitsOnePage(index),
    isError: pages.isError,
    error: pages.error,
    refetch: () => void pages.refetch(),
    whole,
  };
}

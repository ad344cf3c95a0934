"use client";

import { useState } from "react";
import { learnPageSize, type PageAnswer } from "@/lib/queries/pages";

/**
 * The service's page size as a pager has learned it (learnPageSize), for servicePageSize's
 * `known`: page 1 proves it, and a later page, which alone may not tell, is placed by it.
 * Kept while the pager is shown, across filters, since the size is the service's rather than
 * the list's. `answer` is null while the rows shown are a placeholder (the previous page's
 * rows under the new page number).
 */
export function useKnownPageSize(answer: PageAnswer | null): number | null {
  const [known, setKnown] = useState<number | null>(null);
  const next = learnPageSize(known, answer);
  if (next !== known) setKnown(next);
  return next;
}

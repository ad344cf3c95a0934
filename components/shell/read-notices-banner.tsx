"use client";

import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { readNoticeStore } from "@/lib/queries/svc";
import { skippedRowText, skippedSentence } from "@/lib/shell/read-notices";

const EMPTY: never[] = [];
/** Enough to tell what went wrong; the rest is counted, not listed. */
const ROWS_NAMED = 5;

/**
 * Names the rows of the service's answers that this page could not show, and why: the page
 * shows every other row. Notices belong to the page that asked, so they clear on navigation.
 */
export function ReadNoticesBanner() {
  const notices = useSyncExternalStore(readNoticeStore.subscribe, readNoticeStore.get, () => EMPTY);
  const pathname = usePathname();
  useEffect(() => () => readNoticeStore.clear(), [pathname]);
  if (notices.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="read-notices"
      className="border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      {notices.map((notice) => (
        <details key={notice.endpoint}>
          <summary className="cursor-pointer">
            <strong>{skippedSentence(notice.skipped.length)}</strong> from the service&apos;s answer to{" "}
            <code>{notice.endpoint}</code>: it sent them in a shape this dashboard cannot read. Everything
            else is shown.
          </summary>
          <ul className="mt-1 list-disc pl-6">
            {notice.skipped.slice(0, ROWS_NAMED).map((row) => (
              <li key={`${row.list}:${row.index}:${row.id}`}>{skippedRowText(row)}</li>
            ))}
            {notice.skipped.length > ROWS_NAMED ? (
              <li>and {notice.skipped.length - ROWS_NAMED} more</li>
            ) : null}
          </ul>
        </details>
      ))}
    </div>
  );
}

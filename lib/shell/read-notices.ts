import type { SkippedRow } from "@/lib/svc/read-answer";

/**
 * Rows the service sent that the dashboard could not read, per endpoint, for the shell to
 * name on the page that asked: the rest of each answer is shown, and the user is told what
 * is missing and why. A later clean answer of the same endpoint clears its notice.
 * Framework free: React reads it through useSyncExternalStore.
 */
export interface ReadNotice {
  /** `GET /listings`: the endpoint as the contract names it. */
  endpoint: string;
  skipped: SkippedRow[];
}

export function createReadNoticeStore() {
  let notices: ReadNotice[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => notices,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    record(read: { method: string; path: string; skipped: SkippedRow[] }) {
      const endpoint = `${read.method} ${read.path}`;
      const had = notices.some((n) => n.endpoint === endpoint);
      if (!had && read.skipped.length === 0) return;
      const others = notices.filter((n) => n.endpoint !== endpoint);
      notices = read.skipped.length === 0 ? others : [...others, { endpoint, skipped: read.skipped }];
      for (const listener of listeners) listener();
    },
    clear() {
      if (notices.length === 0) return;
      notices = [];
      for (const listener of listeners) listener();
    },
  };
}

/** "2 rows could not be shown": the count in words. */
export function skippedSentence(count: number): string {
  return count === 1 ? "1 row could not be shown" : `${count} rows could not be shown`;
}

/** One skipped row named: its id where it has one, and what was wrong. */
export function skippedRowText(row: SkippedRow): string {
  const name = row.id !== null ? row.id : `row ${row.index + 1}${row.list ? ` of ${row.list}` : ""}`;
  return `${name}: ${row.problems.join("; ")}`;
}

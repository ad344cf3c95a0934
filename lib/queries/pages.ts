import { formatCount } from "@/lib/format/numbers";

/**
 * Reading every page of a list, one rule for the whole dashboard. The interface states neither
 * the largest page a service answers nor that `X-Total-Count` is sent, so a page shorter than
 * the `per_page` asked says nothing about the end: a service whose largest page is 20 answers
 * 20 to a request for 100, page after page. What ends a list instead:
 *
 * - the count, when the service sends one: rows read reach `X-Total-Count`;
 * - else an empty page;
 * - rows the client set aside as unreadable count as sent, towards the count and against
 *   "empty": a page of them is not the end of the list;
 * - and, so that no read can loop, a page that repeats the one before it, a page that brings
 *   no row not read already, and a cap on pages. These end the read with a notice, a sentence
 *   the page shows, since what is shown may then not be the whole list.
 *
 * The verdict (pagingVerdict) is pure: the readers (infinite queries' next page, the
 * Overview's whole read) hand it the pages they hold; readAllPages is the loop over it that
 * whole-list queries use.
 */

/** The most rows any whole-list read is meant to hold. */
export const MAX_ROWS_READ = 10_000;
/** The smallest largest-page a real service plausibly answers (our own tabs ask 20 to 25). */
export const SMALLEST_PLAUSIBLE_PAGE = 20;
/** Pages any one read goes to: 10,000 rows at the smallest plausible page. */
export const PAGE_CAP = MAX_ROWS_READ / SMALLEST_PLAUSIBLE_PAGE;

/** One page as read: its rows and `X-Total-Count` (null when the service did not send it). */
export interface PageRead<Row> {
  rows: readonly Row[];
  total: number | null;
  /** Rows the service sent that the client set aside as unreadable; none when absent. */
  skipped?: number;
}

/** A client answer of a list endpoint as a page read. */
export function pageReadOf<Row>(answer: {
  data: readonly Row[];
  totalCount: number | null;
  skipped?: readonly unknown[];
}): PageRead<Row> {
  return { rows: answer.data, total: answer.totalCount, skipped: answer.skipped?.length ?? 0 };
}

const sent = (page: PageRead<unknown>) => page.rows.length + (page.skipped ?? 0);

export interface PagingRules<Row> {
  /** A row's identity, to tell a repeated page or rows already read. */
  idOf: (row: Row) => string;
  /** What the rows are, for the notice ("listings"); "rows" by default. */
  noun?: string;
  /** Pages to read at most; PAGE_CAP by default. */
  cap?: number;
}

export type PagingVerdict = { next: true } | { next: false; notice: string | null };

/** A whole list as read: its rows, each once, and the notice when the read was cut short. */
export interface AllPages<Row> {
  rows: Row[];
  notice: string | null;
}

/** Every row of the pages in order, each id once (the first time it came). */
export function rowsOfPages<Row>(pages: readonly PageRead<Row>[], idOf: (row: Row) => string): Row[] {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const page of pages) {
    for (const row of page.rows) {
      const id = idOf(row);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * What the verdict looks at: the last two pages, the distinct rows before and through the
 * last, and the rows set aside on every page.
 */
interface ReadSoFar<Row> {
  pages: number;
  last: PageRead<Row> | undefined;
  previous: PageRead<Row> | undefined;
  before: number;
  through: number;
  skipped: number;
}

const sameIds = <Row>(a: PageRead<Row>, b: PageRead<Row>, idOf: (row: Row) => string) =>
  a.rows.length === b.rows.length && a.rows.every((row, i) => idOf(row) === idOf(b.rows[i]!));

function verdictOf<Row>(read: ReadSoFar<Row>, rules: PagingRules<Row>): PagingVerdict {
  const { idOf, noun = "rows", cap = PAGE_CAP } = rules;
  const { last, previous, before, through } = read;
  if (last === undefined) return { next: true };
  // The newest count is the one that holds: rows may have come or gone during the read.
  const total = last.total;
  const accounted = through + read.skipped;

  if (sent(last) === 0) {
    if (total !== null && accounted < total) {
      return {
        next: false,
        notice: `The service counted ${formatCount(total)} ${noun} but sent ${formatCount(accounted)}; showing the ${formatCount(through)} ${noun} read.`,
      };
    }
    return { next: false, notice: null };
  }
  if (previous !== undefined && last.rows.length > 0 && sameIds(previous, last, idOf)) {
    return {
      next: false,
      notice: `The service sent the same page twice; showing the ${formatCount(through)} ${noun} read.`,
    };
  }
  if (previous !== undefined && before === through && !last.skipped) {
    return {
      next: false,
      notice: `The service kept sending ${noun} already read; showing the ${formatCount(through)} ${noun} read.`,
    };
  }
  if (total !== null && accounted >= total) return { next: false, notice: null };
  if (read.pages >= cap) {
    return {
      next: false,
      notice: `Reading stopped after ${formatCount(cap)} pages; showing the first ${formatCount(through)} ${noun}.`,
    };
  }
  return { next: true };
}

/**
 * Whether to read another page after these (the first page being `pages[0]`), and if not,
 * the notice the end deserves (null for a list read to its end).
 */
export function pagingVerdict<Row>(pages: readonly PageRead<Row>[], rules: PagingRules<Row>): PagingVerdict {
  const seen = new Set<string>();
  pages.slice(0, -1).forEach((page) => page.rows.forEach((row) => seen.add(rules.idOf(row))));
  const before = seen.size;
  pages.at(-1)?.rows.forEach((row) => seen.add(rules.idOf(row)));
  const skipped = pages.reduce((sum, page) => sum + (page.skipped ?? 0), 0);
  return verdictOf(
    { pages: pages.length, last: pages.at(-1), previous: pages.at(-2), before, through: seen.size, skipped },
    rules,
  );
}

/**
 * Reads page 1, 2, … through `readPage` until the verdict ends the list. A failed page
 * fails the read (nothing partial is returned as if whole). The same verdict as
 * pagingVerdict, kept up page by page so that a long read costs no more than its rows.
 */
export async function readAllPages<Row>(
  readPage: (page: number) => Promise<PageRead<Row>>,
  rules: PagingRules<Row>,
): Promise<AllPages<Row>> {
  const seen = new Set<string>();
  const rows: Row[] = [];
  const read: ReadSoFar<Row> = {
    pages: 0,
    last: undefined,
    previous: undefined,
    before: 0,
    through: 0,
    skipped: 0,
  };
  for (;;) {
    const verdict = verdictOf(read, rules);
    if (!verdict.next) return { rows, notice: verdict.notice };
    const page = await readPage(read.pages + 1);
    for (const row of page.rows) {
      const id = rules.idOf(row);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
    Object.assign(read, {
      pages: read.pages + 1,
      previous: read.last,
      last: page,
      before: read.through,
      through: seen.size,
      skipped: read.skipped + (page.skipped ?? 0),
    });
  }
}

/** A whole-list query's rows, its default `select`: most pages want the list alone. */
export const allRows = <Row>(read: AllPages<Row>): Row[] => read.rows;
/** A whole-list query's notice, for the page that shows it beside the list. */
export const readNotice = (read: AllPages<unknown>): string | null => read.notice;

/*
 * Lists shown a page at a time. The same unknown holds: the service's page size may be less
 * than the `per_page` asked, so pages and row positions are reckoned in the size it answers,
 * never in the size asked (asked 25, answered 20 a page, 100 rows: five pages, the second
 * holding rows 21–40).
 */

/** One page of a list shown a page at a time, as the service answered it. */
export interface PageAnswer {
  /** The page shown, 1-based. */
  page: number;
  /** The `per_page` asked. */
  asked: number;
  /** Rows the service sent on it, those the client set aside as unreadable included. */
  received: number;
  /** `X-Total-Count`; null when the service did not send it. */
  total: number | null;
}

/**
 * The page size a page proves on its own: page 1's rows when the count says more follow
 * (nothing comes before page 1, so a page 1 that is not the last is a full page). Null when
 * it proves none: any later page, page 1 holding the whole list, no count.
 */
export function provenPageSize(answer: PageAnswer): number | null {
  const { page, received, total } = answer;
  return page === 1 && total !== null && received > 0 && received < total ? received : null;
}

/**
 * What a pager knows of the service's page size after a page: what it knew, raised to what the
 * page proves. Never lowered, since rows leave a cached page (a dismissal) before the service
 * re-reads it; `answer` is null for rows that prove nothing (a placeholder page).
 */
export function learnPageSize(known: number | null, answer: PageAnswer | null): number | null {
  const proven = answer ? provenPageSize(answer) : null;
  return proven === null ? known : Math.max(proven, known ?? 0);
}

/**
 * The service's page size for this page. `known` is the size an earlier page of the pager
 * proved (provenPageSize); a page never holds more rows than the size, so the largest of the
 * three holds. Without either, a page past the first cannot always tell whether it is a full
 * page or the short last one: the size asked holds unless the page contradicts it (its rows
 * are not what the count leaves it at that size), and then its rows are the size, the reading
 * that never puts rows out of reach.
 */
export function servicePageSize(answer: PageAnswer, known: number | null = null): number {
  const { page, asked, received, total } = answer;
  const proven = provenPageSize(answer);
  if (proven !== null || known !== null) return Math.max(proven ?? 0, known ?? 0, received);
  if (total === null || page === 1 || received === 0 || received >= asked) return Math.max(asked, received);
  const atAsked = Math.min(asked, Math.max(0, total - (page - 1) * asked));
  return received === atAsked ? asked : received;
}

/** Where a page stands in its list, at the service's page size. */
export interface PagerPlace {
  /** The service's page size (servicePageSize). */
  pageSize: number;
  /** Pages in the list; null when the service sent no count. */
  pageCount: number | null;
  /** The positions (1-based) of the page's first and last rows; last is first − 1 on an empty page. */
  first: number;
  last: number;
  hasPrevious: boolean;
  /** With a count, a page after this one; without, this page is non-empty and full. */
  hasNext: boolean;
}

export function pagerPlace(answer: PageAnswer, known: number | null = null): PagerPlace {
  const { page, received, total } = answer;
  const pageSize = servicePageSize(answer, known);
  const pageCount = total === null ? null : Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  return {
    pageSize,
    pageCount,
    first,
    last: first + received - 1,
    hasPrevious: page > 1,
    hasNext: pageCount !== null ? page < pageCount : received > 0 && received >= pageSize,
  };
}

/**
 * Pages for a pager that needs a number: the count's, else one past this page while there may
 * be another.
 */
export function pageCountFor(answer: PageAnswer, known: number | null = null): number {
  const place = pagerPlace(answer, known);
  return place.pageCount ?? (place.hasNext ? answer.page + 1 : answer.page);
}

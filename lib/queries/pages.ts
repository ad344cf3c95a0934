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

const n = (count: number) => count.toLocaleString("en");

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
        notice: `The service counted ${n(total)} ${noun} but sent ${n(accounted)}; showing the ${n(through)} ${noun} read.`,
      };
    }
    return { next: false, notice: null };
  }
  if (previous !== undefined && last.rows.length > 0 && sameIds(previous, last, idOf)) {
    return {
      next: false,
      notice: `The service sent the same page twice; showing the ${n(through)} ${noun} read.`,
    };
  }
  if (previous !== undefined && before === through && !last.skipped) {
    return {
      next: false,
      notice: `The service kept sending ${noun} already read; showing the ${n(through)} ${noun} read.`,
    };
  }
  if (total !== null && accounted >= total) return { next: false, notice: null };
  if (read.pages >= cap) {
    return {
      next: false,
      notice: `Reading stopped after ${n(cap)} pages; showing the first ${n(through)} ${noun}.`,
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

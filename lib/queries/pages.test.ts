import { beforeAll, describe, expect, it } from "vitest";
import { allListings, makeSandbox, personaKeys, type Personas } from "@/sandbox/test-support";
import type { Sandbox } from "@/sandbox/app";
import { createSvcClient } from "@/lib/svc/client";
import { endpoints } from "@/lib/svc/endpoints";
import type { Listing } from "@/lib/svc/schemas/listings";
import { portfolioPagesQuery, readAllListings, type ListingPage } from "@/lib/listings/queries";
import {
  learnPageSize,
  PAGE_CAP,
  pageCountFor,
  pagerPlace,
  pagingVerdict,
  provenPageSize,
  readAllPages,
  servicePageSize,
  type PageAnswer,
  type PageRead,
  type PagingRules,
} from "@/lib/queries/pages";

interface Row {
  id: string;
}
const rules: PagingRules<Row> = { idOf: (r) => r.id };
const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: String(from + i) }));

/**
 * A service holding `size` rows whose largest page is `largest`, whatever was asked; with
 * X-Total-Count or without. `reads` counts its answers.
 */
function service(size: number, largest: number, { count }: { count: boolean }) {
  const state = { reads: 0 };
  const readPage = async (page: number): Promise<PageRead<Row>> => {
    state.reads += 1;
    const from = (page - 1) * largest;
    return { rows: rows(from + 1, Math.max(0, Math.min(largest, size - from))), total: count ? size : null };
  };
  return { state, readPage };
}

describe("reading every page", () => {
  it("a page shorter than asked is not the last page", async () => {
    // 100 asked, 20 answered: with or without a count, there is more to read.
    expect(pagingVerdict([{ rows: rows(1, 20), total: 50 }], rules)).toEqual({ next: true });
    expect(pagingVerdict([{ rows: rows(1, 20), total: null }], rules)).toEqual({ next: true });
    const { readPage } = service(50, 20, { count: true });
    expect((await readAllPages(readPage, rules)).rows).toHaveLength(50);
  });

  it("reads until the count is reached", async () => {
    const { state, readPage } = service(50, 20, { count: true });
    const read = await readAllPages(readPage, rules);
    expect(read).toEqual({ rows: rows(1, 50), notice: null });
    // 20 + 20 + 10 reach the count: no empty page is asked for.
    expect(state.reads).toBe(3);
    // A full last page that reaches the count ends the list as well.
    const full = service(40, 20, { count: true });
    await readAllPages(full.readPage, rules);
    expect(full.state.reads).toBe(2);
  });

  it("reads until an empty page when there is no count", async () => {
    const { state, readPage } = service(50, 20, { count: false });
    const read = await readAllPages(readPage, rules);
    expect(read).toEqual({ rows: rows(1, 50), notice: null });
    // The short third page is not the end without a count: the fourth, empty, is.
    expect(state.reads).toBe(4);
  });

  it("a repeated page ends the loop with a notice", async () => {
    // A service that answers its last page to every page past it, without a count.
    let reads = 0;
    const read = await readAllPages(async (page) => {
      reads += 1;
      return { rows: rows(Math.min(page, 8) * 20 - 19, 20).slice(0, page >= 8 ? 10 : 20), total: null };
    }, rules);
    expect(reads).toBe(9);
    expect(read.rows).toHaveLength(150);
    expect(read.notice).toBe("The service sent the same page twice; showing the 150 rows read.");
  });

  it("a count that stops moving ends the loop", async () => {
    // Pages 1, 2, then 1 again, 2 again…: the rows read stop growing at 40, though no page
    // repeats the one just before it.
    let reads = 0;
    const read = await readAllPages(
      async (page) => {
        reads += 1;
        return { rows: rows(((page - 1) % 2) * 20 + 1, 20), total: null };
      },
      { ...rules, noun: "listings" },
    );
    expect(reads).toBe(3);
    expect(read.rows).toEqual(rows(1, 40));
    expect(read.notice).toBe("The service kept sending listings already read; showing the 40 listings read.");
  });

  it("the page cap ends the loop with a notice", async () => {
    // A service that never runs out and never counts.
    let reads = 0;
    const read = await readAllPages(async (page) => {
      reads += 1;
      return { rows: rows((page - 1) * 20 + 1, 20), total: null };
    }, rules);
    expect(reads).toBe(PAGE_CAP);
    expect(read.rows).toHaveLength(10_000);
    expect(read.notice).toBe(`Reading stopped after ${PAGE_CAP} pages; showing the first 10,000 rows.`);
    // A smaller cap of the caller's is kept too.
    const capped = await readAllPages(async (page) => ({ rows: rows(page * 20, 20), total: null }), {
      ...rules,
      cap: 3,
    });
    expect(capped.rows).toHaveLength(60);
  });

  it("an empty page before the count ends the list, saying how many came", async () => {
    const read = await readAllPages(async (page) => ({ rows: page === 1 ? rows(1, 20) : [], total: 25 }), {
      ...rules,
      noun: "listings",
    });
    expect(read.notice).toBe("The service counted 25 listings but sent 20; showing the 20 listings read.");
  });

  it("rows set aside as unreadable count as sent: a page of them is not the end", async () => {
    const pages: PageRead<Row>[] = [
      { rows: rows(1, 20), total: 60 },
      { rows: [], total: 60, skipped: 20 },
    ];
    expect(pagingVerdict(pages, rules)).toEqual({ next: true });
    // 40 read and 20 set aside reach the count of 60.
    expect(pagingVerdict([...pages, { rows: rows(41, 20), total: 60 }], rules)).toEqual({
      next: false,
      notice: null,
    });
  });

  it("the listing index asks for the page after a short one until the count is reached", () => {
    const { getNextPageParam } = portfolioPagesQuery({});
    const page = (n: number, size: number): ListingPage => ({
      listings: Array.from({ length: size }, (_, i) => ({ svc_id: `${n}-${i}` }) as Listing),
      page: n,
      total: 45,
    });
    const two = [page(1, 20), page(2, 20)];
    expect(getNextPageParam(two[1]!, two, 2, [1, 2])).toBe(3);
    const three = [...two, page(3, 5)];
    expect(getNextPageParam(three[2]!, three, 3, [1, 2, 3])).toBeUndefined();
  });
});

describe("every listing through the typed client, from a service whose largest page is 20", () => {
  let sandbox: Sandbox;
  let p: Personas;
  beforeAll(async () => {
    sandbox = makeSandbox();
    p = await personaKeys(sandbox);
  });

  /** The reference service behind a fetch that answers at most 20 rows a page, with or without X-Total-Count. */
  function smallPages({ count }: { count: boolean }) {
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(String(input));
      asked.push(url.searchParams.get("page") ?? "");
      const perPage = Number(url.searchParams.get("per_page") ?? 50);
      url.searchParams.set("per_page", String(Math.min(perPage, 20)));
      const answer = await sandbox.app.request(`${url.pathname}${url.search}`, {
        method: init?.method,
        headers: init?.headers,
      });
      const headers = new Headers(answer.headers);
      if (!count) headers.delete("x-total-count");
      return new Response(await answer.text(), { status: answer.status, headers });
    };
    const client = createSvcClient({
      baseUrl: "http://svc.test",
      contract: endpoints,
      apiKey: p.editor.keys.standard,
      fetch,
    });
    return { client, asked };
  }

  it("reads all listings, paging on after pages shorter than asked", async () => {
    const truth = await allListings(sandbox, p.editor.keys.standard);
    expect(truth.length).toBeGreaterThan(20);
    const pages = Math.ceil(truth.length / 20);

    const withCount = smallPages({ count: true });
    const counted = await readAllListings(withCount.client, {});
    expect(counted.rows.map((l) => l.svc_id)).toEqual(truth.map((l) => l.svc_id));
    expect(counted.notice).toBeNull();
    expect(withCount.asked).toHaveLength(pages);

    const withoutCount = smallPages({ count: false });
    const uncounted = await readAllListings(withoutCount.client, {});
    expect(uncounted.rows.map((l) => l.svc_id)).toEqual(truth.map((l) => l.svc_id));
    expect(uncounted.notice).toBeNull();
    // Without a count only an empty page ends the list.
    expect(withoutCount.asked).toHaveLength(pages + 1);
  });
});

/**
 * Page `page` of a service holding `size` rows whose largest page is `largest`, asked for
 * `asked` a page; with X-Total-Count or without.
 */
function answerOf(size: number, largest: number, asked: number, page: number, count: boolean): PageAnswer {
  const received = Math.max(0, Math.min(largest, asked, size - (page - 1) * Math.min(largest, asked)));
  return { page, asked, received, total: count ? size : null };
}

/**
 * A reader moving Next from page 1, the pager learning as it goes (as useKnownPageSize does):
 * each page's place.
 */
function walk(size: number, largest: number, asked: number, count: boolean) {
  let known: number | null = null;
  const places = [];
  for (let page = 1; page <= 50; page += 1) {
    const answer = answerOf(size, largest, asked, page, count);
    known = learnPageSize(known, answer);
    const place = pagerPlace(answer, known);
    places.push({ ...place, pages: pageCountFor(answer, known) });
    if (!place.hasNext) break;
  }
  return places;
}

describe("a list shown a page at a time", () => {
  it("a service that answers 20 rows when 25 are asked still reaches every page", () => {
    const places = walk(100, 20, 25, true);
    expect(places.map((p) => [p.first, p.last])).toEqual([
      [1, 20],
      [21, 40],
      [41, 60],
      [61, 80],
      [81, 100],
    ]);
    expect(places.every((p) => p.pageCount === 5 && p.pages === 5)).toBe(true);
    // A short last page: 90 rows are five pages, the last holding rows 81–90.
    expect(
      walk(90, 20, 25, true)
        .map((p) => [p.first, p.last])
        .at(-1),
    ).toEqual([81, 90]);
  });

  it("page 1 shorter than asked while the count says more proves the service's page size", () => {
    expect(provenPageSize({ page: 1, asked: 25, received: 20, total: 100 })).toBe(20);
    expect(servicePageSize({ page: 1, asked: 25, received: 20, total: 100 })).toBe(20);
    // Page 1 holding the whole list, no count, or a later page: nothing proven.
    expect(provenPageSize({ page: 1, asked: 25, received: 7, total: 7 })).toBeNull();
    expect(provenPageSize({ page: 1, asked: 25, received: 20, total: null })).toBeNull();
    expect(provenPageSize({ page: 2, asked: 25, received: 20, total: 100 })).toBeNull();
    expect(pagerPlace({ page: 1, asked: 25, received: 7, total: 7 })).toEqual({
      pageSize: 25,
      pageCount: 1,
      first: 1,
      last: 7,
      hasPrevious: false,
      hasNext: false,
    });
  });

  it("a service answering the size asked keeps its pages", () => {
    expect(walk(51, 100, 25, true).map((p) => [p.first, p.last, p.pageCount])).toEqual([
      [1, 25, 3],
      [26, 50, 3],
      [51, 51, 3],
    ]);
    // A full last page ends the list too.
    expect(walk(50, 100, 25, true)).toHaveLength(2);
  });

  it("a page past the first opened on its own is placed by its rows when they contradict the size asked", () => {
    // Page 3 of a service answering 20 of 25, opened first (a link): its 20 rows are not
    // the 25 the size asked would leave it, so pages are 20.
    expect(pagerPlace(answerOf(100, 20, 25, 3, true))).toMatchObject({
      pageSize: 20,
      first: 41,
      pageCount: 5,
    });
    // The last page of a service answering the size asked stays at that size.
    expect(pagerPlace(answerOf(60, 100, 25, 3, true))).toMatchObject({ pageSize: 25, first: 51, last: 60 });
    // Past the end: nothing to go by, the size asked holds.
    expect(pagerPlace(answerOf(60, 100, 25, 4, true))).toMatchObject({ pageSize: 25, hasNext: false });
  });

  it("what page 1 proved places every later page, and is never lowered", () => {
    // 70 rows at 20 a page: page 3 alone looks like the short last page at 25.
    expect(servicePageSize(answerOf(70, 20, 25, 3, true))).toBe(25);
    expect(pagerPlace(answerOf(70, 20, 25, 3, true), 20)).toMatchObject({
      first: 41,
      last: 60,
      hasNext: true,
    });
    expect(walk(70, 20, 25, true).map((p) => p.last)).toEqual([20, 40, 60, 70]);
    // Rows dismissed from the cached page 1 do not shrink the size learned.
    expect(learnPageSize(20, { page: 1, asked: 20, received: 17, total: 97 })).toBe(20);
    expect(servicePageSize({ page: 1, asked: 20, received: 17, total: 97 }, 20)).toBe(20);
    expect(learnPageSize(20, null)).toBe(20);
  });

  it("without a count, Next is offered while the page is non-empty and full at the service's size", () => {
    expect(pagerPlace({ page: 2, asked: 25, received: 20, total: null }, 20)).toMatchObject({
      pageCount: null,
      first: 21,
      last: 40,
      hasNext: true,
    });
    expect(pagerPlace({ page: 3, asked: 25, received: 13, total: null }, 20).hasNext).toBe(false);
    expect(pagerPlace({ page: 4, asked: 25, received: 0, total: null }, 20).hasNext).toBe(false);
    expect(pageCountFor({ page: 2, asked: 25, received: 20, total: null }, 20)).toBe(3);
    expect(pageCountFor({ page: 3, asked: 25, received: 13, total: null }, 20)).toBe(3);
    // The service answering the size asked, without a count: every page, then a short one.
    expect(walk(60, 100, 25, false).map((p) => [p.first, p.last])).toEqual([
      [1, 25],
      [26, 50],
      [51, 60],
    ]);
  });
});

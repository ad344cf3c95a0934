import { beforeAll, describe, expect, it } from "vitest";
import { allListings, makeSandbox, personaKeys, type Personas } from "../../sandbox/test-support";
import type { Sandbox } from "../../sandbox/app";
import { createSvcClient } from "../svc/client";
import { endpoints } from "../svc/endpoints";
import type { Listing } from "../svc/schemas/listings";
import { portfolioPagesQuery, readAllListings, type ListingPage } from "../listings/queries";
import { PAGE_CAP, pagingVerdict, readAllPages, type PageRead, type PagingRules } from "./pages";

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

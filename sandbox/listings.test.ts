import { describe, it, expect, beforeAll } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Listing } from "../lib/svc/schemas/listings";
import type { Sandbox } from "./app";
import {
  allListings,
  call,
  expectError,
  makeSandbox,
  personaKeys,
  reset,
  rows,
  type Personas,
} from "./test-support";

const listSchema = endpoints["listings.list"].response;
const oneSchema = endpoints["listings.get"].response;

/** Asserts the answer is a contract listing page and returns it. */
function page(res: { status: number; json: unknown }): Listing[] {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(Array.isArray(res.json)).toBe(true);
  return listSchema.parse(res.json);
}

let sandbox: Sandbox;
let p: Personas;
let ownerListings: Listing[];

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  ownerListings = await allListings(sandbox, p.owner.keys.standard, "include_managed_listings=false");
});

describe("GET /listings", () => {
  it("answers a bare JSON array with X-Total-Count", async () => {
    const res = await call(sandbox, "GET", "/listings", { key: p.owner.keys.standard });
    const body = page(res);
    const [{ n }] = rows<{ n: number }>(
      sandbox,
      `SELECT COUNT(*) AS n FROM listings WHERE owner_user_id = ?
         OR svc_id IN (SELECT listing_svc_id FROM listing_access WHERE user_id = ?)`,
      p.owner.user_id,
      p.owner.user_id,
    ) as [{ n: number }];
    expect(res.headers.get("X-Total-Count")).toBe(String(n));
    expect(body).toHaveLength(Math.min(n, 50));
  });

  it("paginates with page, offset and per_page; the last page is shorter", async () => {
    const key = p.editor.keys.standard;
    const everything = await allListings(sandbox, key);
    const total = everything.length;
    expect(total).toBeGreaterThan(20);
    const pages: Listing[][] = [];
    for (let n = 1; n <= Math.ceil(total / 10); n++) {
      const res = await call(sandbox, "GET", `/listings?page=${n}&per_page=10`, { key });
      expect(res.headers.get("X-Total-Count")).toBe(String(total));
      pages.push(page(res));
    }
    expect(pages.slice(0, -1).every((pg) => pg.length === 10)).toBe(true);
    expect(pages.at(-1)!.length).toBe(total % 10 || 10);
    expect(pages.flat().map((l) => l.svc_id)).toEqual(everything.map((l) => l.svc_id));
    const byOffset = page(await call(sandbox, "GET", "/listings?offset=7&per_page=5", { key }));
    expect(byOffset.map((l) => l.svc_id)).toEqual(everything.slice(7, 12).map((l) => l.svc_id));
    const beyond = page(
      await call(sandbox, "GET", `/listings?page=${Math.ceil(total / 10) + 1}&per_page=10`, { key }),
    );
    expect(beyond).toEqual([]);
  });

  it("per_page defaults to 50", async () => {
    // Copy the owner's listings under new ids so the portfolio exceeds one default page.
    sandbox.ctx.db.exec(`CREATE TEMP TABLE extra AS SELECT * FROM listings`);
    sandbox.ctx.db.exec(
      `UPDATE extra SET svc_id = CAST(CAST(svc_id AS INTEGER) + 500000 AS TEXT), channel_listing_id = 'copy-' || channel_listing_id`,
    );
    sandbox.ctx.db.exec(`INSERT INTO listings SELECT * FROM extra; DROP TABLE extra`);
    try {
      const key = p.owner.keys.standard;
      const first = await call(sandbox, "GET", "/listings", { key });
      const total = Number(first.headers.get("X-Total-Count"));
      expect(total).toBeGreaterThan(50);
      expect(page(first)).toHaveLength(50);
      expect(page(await call(sandbox, "GET", "/listings?page=2", { key }))).toHaveLength(total - 50);
    } finally {
      await reset(sandbox);
    }
  });

  it("include_managed_listings defaults to true", async () => {
    const body = page(await call(sandbox, "GET", "/listings", { key: p.editor.keys.standard }));
    const owners = body.filter((l) => l.owner_user.id === p.owner.user_id);
    expect(owners.map((l) => l.svc_id).sort()).toEqual(ownerListings.map((l) => l.svc_id).sort());
    expect(owners.every((l) => l.access_level === "editor")).toBe(true);
    const own = body.filter((l) => l.owner_user.id === p.editor.user_id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((l) => l.access_level === "owner")).toBe(true);
  });

  it("include_managed_listings=false answers only the caller's own listings", async () => {
    const body = page(
      await call(sandbox, "GET", "/listings?include_managed_listings=false", { key: p.editor.keys.standard }),
    );
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((l) => l.owner_user.id === p.editor.user_id && l.access_level === "owner")).toBe(true);
  });

  it("exclude_inactive removes inactive listings but keeps hidden active ones", async () => {
    const key = p.owner.keys.standard;
    const inactive = ownerListings.filter((l) => !l.is_active);
    const hiddenActive = ownerListings.filter((l) => l.is_active && l.is_hidden);
    expect(inactive.length).toBeGreaterThan(0);
    expect(hiddenActive.length).toBeGreaterThan(0);
    const body = page(await call(sandbox, "GET", "/listings?exclude_inactive=true&per_page=100", { key }));
    expect(body.every((l) => l.is_active)).toBe(true);
    expect(body).toHaveLength(ownerListings.length - inactive.length);
    for (const hidden of hiddenActive) {
      expect(body.find((l) => l.svc_id === hidden.svc_id)?.is_hidden).toBe(true);
    }
  });

  it("owner_user_id narrows to that owner's listings", async () => {
    const body = page(
      await call(sandbox, "GET", `/listings?per_page=100&owner_user_id=${p.owner.user_id}`, {
        key: p.editor.keys.standard,
      }),
    );
    expect(body.map((l) => l.svc_id).sort()).toEqual(ownerListings.map((l) => l.svc_id).sort());
    expect(body.every((l) => l.owner_user.id === p.owner.user_id)).toBe(true);
  });

  it("owner_user_id of an account the caller cannot access answers an empty array", async () => {
    const res = await call(sandbox, "GET", `/listings?owner_user_id=${p.outsider.user_id}`, {
      key: p.editor.keys.standard,
    });
    expect(page(res)).toEqual([]);
    expect(res.headers.get("X-Total-Count")).toBe("0");
  });

  it("include_photos=true adds meta.photos; the default omits meta but keeps num_photos", async () => {
    const key = p.owner.keys.standard;
    const withPhotos = page(
      await call(sandbox, "GET", "/listings?include_photos=true&per_page=100", { key }),
    );
    expect(withPhotos.some((l) => l.num_photos > 0)).toBe(true);
    for (const l of withPhotos) expect(l.meta?.photos).toHaveLength(l.num_photos);
    const plain = page(await call(sandbox, "GET", "/listings?per_page=100", { key }));
    for (const l of plain) {
      expect(l).not.toHaveProperty("meta");
      expect(l.num_photos).toEqual(expect.any(Number));
    }
    expect(plain.map((l) => l.num_photos)).toEqual(withPhotos.map((l) => l.num_photos));
  });

  it("every listing answer parses with the contract schema", async () => {
    // The portfolio manager's pages are checked where their portfolio is materialised
    // (data/seed-portfolio-manager.test.ts); here it would cost every run two seconds.
    for (const persona of Object.values(p).filter((x) => x.persona !== "portfolio_manager")) {
      for (const query of [
        "",
        "include_photos=true",
        "exclude_inactive=true",
        "include_managed_listings=false",
      ]) {
        const res = await call(sandbox, "GET", `/listings?per_page=100&${query}`, {
          key: persona.keys.standard,
        });
        expect(listSchema.safeParse(res.json).success, `${persona.persona} ${query}`).toBe(true);
      }
    }
  });
});

describe("listing identification", () => {
  it("GET /listings/{id} without channel gets 400 channel_required", async () => {
    const res = await call(sandbox, "GET", `/listings/${ownerListings[0]!.id}`, {
      key: p.owner.keys.standard,
    });
    expectError(res, 400, "channel_required");
  });

  it("a listing is found by its channel id", async () => {
    for (const channel of ["airbnb", "vrbo", "booking_com"] as const) {
      const listing = ownerListings.find((l) => l.channel === channel);
      expect(listing, channel).toBeDefined();
      const res = await call(sandbox, "GET", `/listings/${listing!.id}?channel=${channel}`, {
        key: p.owner.keys.standard,
      });
      expect(res.status).toBe(200);
      const body = oneSchema.parse(res.json);
      expect([body.svc_id, body.channel, body.id]).toEqual([listing!.svc_id, channel, listing!.id]);
    }
  });

  it("a listing is found by svc id under channel=svc, the same listing as by channel id", async () => {
    const listing = ownerListings[1]!;
    const key = p.owner.keys.standard;
    const bySvc = await call(sandbox, "GET", `/listings/${listing.svc_id}?channel=svc`, { key });
    const byChannel = await call(sandbox, "GET", `/listings/${listing.id}?channel=${listing.channel}`, {
      key,
    });
    expect(bySvc.status).toBe(200);
    expect(oneSchema.parse(bySvc.json)).toEqual(oneSchema.parse(byChannel.json));
  });

  it("an inaccessible listing by channel id gets 403", async () => {
    const [theirs] = await allListings(sandbox, p.outsider.keys.standard);
    const res = await call(sandbox, "GET", `/listings/${theirs!.id}?channel=${theirs!.channel}`, {
      key: p.owner.keys.standard,
    });
    expectError(res, 403);
  });

  it("an inaccessible listing under channel=svc gets 404", async () => {
    const [theirs] = await allListings(sandbox, p.outsider.keys.standard);
    const res = await call(sandbox, "GET", `/listings/${theirs!.svc_id}?channel=svc`, {
      key: p.owner.keys.standard,
    });
    expectError(res, 404, "listing_not_found");
  });

  it("a nonexistent svc id gets 404", async () => {
    expectError(
      await call(sandbox, "GET", "/listings/99999999?channel=svc", { key: p.owner.keys.standard }),
      404,
      "listing_not_found",
    );
  });

  it("a channel id that exists on two channels resolves per channel", async () => {
    const twins = ownerListings.filter((a) =>
      ownerListings.some((b) => b.id === a.id && b.channel !== a.channel),
    );
    expect(twins.length, "the seed holds one channel id on two channels").toBeGreaterThanOrEqual(2);
    const id = twins[0]!.id;
    const seen = [];
    for (const twin of twins.filter((t) => t.id === id)) {
      const res = await call(sandbox, "GET", `/listings/${id}?channel=${twin.channel}`, {
        key: p.owner.keys.standard,
      });
      expect(res.status).toBe(200);
      expect([res.json.channel, res.json.svc_id]).toEqual([twin.channel, twin.svc_id]);
      seen.push(res.json.svc_id);
    }
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe("access levels per persona", () => {
  for (const persona of ["manager", "editor", "restricted_editor", "viewer"] as const) {
    it(`${persona} sees every owner listing with access_level ${persona}`, async () => {
      const key = p[persona].keys.standard;
      const body = page(
        await call(sandbox, "GET", `/listings?per_page=100&owner_user_id=${p.owner.user_id}`, { key }),
      );
      expect(body.map((l) => l.svc_id).sort()).toEqual(ownerListings.map((l) => l.svc_id).sort());
      expect(new Set(body.map((l) => l.access_level))).toEqual(new Set([persona]));
      const one = await call(sandbox, "GET", `/listings/${ownerListings[0]!.svc_id}?channel=svc`, { key });
      expect(one.json.access_level).toBe(persona);
    });
  }

  it("outsider sees none of owner's listings", async () => {
    const key = p.outsider.keys.standard;
    const body = await allListings(sandbox, key);
    expect(body.length).toBeGreaterThan(0);
    expect(body.some((l) => l.owner_user.id === p.owner.user_id)).toBe(false);
    expect(page(await call(sandbox, "GET", `/listings?owner_user_id=${p.owner.user_id}`, { key }))).toEqual(
      [],
    );
    const first = ownerListings[0]!;
    expectError(await call(sandbox, "GET", `/listings/${first.svc_id}?channel=svc`, { key }), 404);
    expectError(await call(sandbox, "GET", `/listings/${first.id}?channel=${first.channel}`, { key }), 403);
  });
});

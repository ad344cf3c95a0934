import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_ORIGIN, startRouteWorld, type RouteWorld } from "@/test-support/route-world";
import { sessionCookieFor } from "@/test-support/webhook-service";
import { NO_MIRROR } from "@/lib/server/triage/queue";

/**
 * GET /api/triage and GET /api/triage.csv as public endpoints: a live session, the sentence
 * before the mirror is filled, the queue and its CSV after; against the reference service
 * over loopback with real sealed sessions and the real SQLite mirror.
 */
let world: RouteWorld;
let owner: string;
let routes: {
  triage: typeof import("@/app/api/triage/route");
  csv: typeof import("@/app/api/triage.csv/route");
  sync: typeof import("@/app/api/sync/route");
};
let runtime: typeof import("@/lib/server/mirror/runtime");

const get = (p: string, cookie = owner) =>
  new Request(`${ROUTE_ORIGIN}${p}`, { headers: { cookie, "sec-fetch-site": "same-origin" } });

beforeAll(async () => {
  world = await startRouteWorld("triage-route");
  routes = {
    triage: await import("@/app/api/triage/route"),
    csv: await import("@/app/api/triage.csv/route"),
    sync: await import("@/app/api/sync/route"),
  };
  runtime = await import("@/lib/server/mirror/runtime");
  const { personas } = world;
  owner = await sessionCookieFor(personas.owner.keys.standard!, { persona: "owner", keyKind: "standard" });
});

afterAll(async () => {
  const rt = await runtime.mirrorRuntime();
  rt.worker.stop();
  await rt.store.close();
  await world.close();
});

describe("the triage queue over JSON and CSV", () => {
  it("needs a live session", async () => {
    expect((await routes.triage.GET(get("/api/triage", ""))).status).toBe(401);
    expect((await routes.csv.GET(get("/api/triage.csv", ""))).status).toBe(401);
    const refused = await (
      await routes.triage.GET(get("/api/triage?format=csv", "rd_session=forged"))
    ).json();
    expect(refused.error.code).toBe("unauthenticated");
  });

  it("before the mirror is filled, answers a sentence pointing to the Sync page, not an error", async () => {
    const answer = await routes.triage.GET(get("/api/triage"));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ enabled: false, listings: [], notice: NO_MIRROR });
    expect(NO_MIRROR).toMatch(/Portfolio sync page/);
  });

  it("scores every listing from the mirror once it is filled, as JSON and as CSV", async () => {
    const started = await routes.sync.POST(
      new Request(`${ROUTE_ORIGIN}/api/sync`, {
        method: "POST",
        headers: { cookie: owner, "sec-fetch-site": "same-origin", "content-type": "application/json" },
        body: JSON.stringify({ action: "start" }),
      }),
    );
    expect(started.status).toBe(200);
    const rt = await runtime.mirrorRuntime();
    const [account] = await rt.store.syncAccounts();
    await expect
      .poll(async () => (await rt.store.progress(account!)).listingsSynced, { timeout: 50_000 })
      .toBe(34);

    const body = await (await routes.triage.GET(get("/api/triage"))).json();
    expect(body).toMatchObject({ enabled: true, notice: null, as_of: expect.any(String) });
    expect(body.listings.length).toBeGreaterThan(0);
    const [first] = body.listings;
    expect(Object.keys(first).sort()).toEqual(
      ["band", "band_label", "factors", "listing_id", "measured", "name", "score", "why"].sort(),
    );
    expect(Object.keys(first.factors[0]).sort()).toEqual(
      ["key", "label", "measured", "share", "sub_score", "value", "weight"].sort(),
    );

    for (const asked of [
      routes.csv.GET(get("/api/triage.csv")),
      routes.triage.GET(get("/api/triage?format=csv")),
    ]) {
      const csv = await asked;
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(csv.headers.get("content-disposition")).toBe('attachment; filename="triage.csv"');
      const lines = (await csv.text()).trim().split("\r\n");
      expect(lines[0]).toBe(
        "listing_id,name,score,pace_30,pace_60,pace_90,market,last_booking,at_minimum,base_price,flags,band,why",
      );
      expect(lines.length).toBe(body.listings.length + 1);
      expect(lines[1]!.startsWith(`${first.listing_id},`)).toBe(true);
    }
  }, 70_000);
});

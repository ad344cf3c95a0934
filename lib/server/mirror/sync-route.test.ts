import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeRequest, startRouteWorld, type RouteWorld } from "@/test-support/route-world";
import { sessionCookieFor } from "@/test-support/webhook-service";

/**
 * GET /api/sync/status, POST and DELETE /api/sync as public endpoints: a live session, writes
 * from the dashboard itself, plain sentences; against the reference service over loopback
 * with a real sealed session and the real store.
 */
let world: RouteWorld;
let ownerCookie: string;
let managerCookie: string;
let personaKeyOwner: string;
let routes: {
  sync: typeof import("@/app/api/sync/route");
  status: typeof import("@/app/api/sync/status/route");
};
let runtime: typeof import("@/lib/server/mirror/runtime");

const status = async (cookie = ownerCookie) =>
  await (await routes.status.GET(routeRequest("GET", "/api/sync/status", cookie))).json();
const act = (action: unknown, cookie = ownerCookie, headers: Record<string, string> = {}) =>
  routes.sync.POST(routeRequest("POST", "/api/sync", cookie, action, headers));

beforeAll(async () => {
  world = await startRouteWorld("sync-route");
  routes = {
    sync: await import("@/app/api/sync/route"),
    status: await import("@/app/api/sync/status/route"),
  };
  runtime = await import("@/lib/server/mirror/runtime");
  const { personas } = world;
  personaKeyOwner = personas.owner.keys.standard;
  ownerCookie = await sessionCookieFor(personas.owner.keys.standard, {
    persona: "owner",
    keyKind: "standard",
  });
  managerCookie = await sessionCookieFor(personas.manager.keys.standard, {
    persona: "manager",
    keyKind: "standard",
  });
});

afterAll(async () => {
  const rt = await runtime.mirrorRuntime();
  rt.worker.stop();
  await rt.store.close();
  await world.close();
});

describe("the sync's JSON interface", () => {
  it("an account without a mirror: not enabled, nothing spent", async () => {
    expect(await status()).toMatchObject({
      enabled: false,
      state: "idle",
      listings_total: 0,
      requests_spent: 0,
    });
  });

  it("start, pause, resume: each answers the status after it", async () => {
    const started = await (await act({ action: "start" })).json();
    expect(started).toMatchObject({ enabled: true, state: "backfilling", share: 0.3, last_error: null });
    expect(started.started_at).toEqual(expect.any(String));
    expect(await (await act({ action: "pause" })).json()).toMatchObject({ state: "paused" });
    expect(await (await act({ action: "resume" })).json()).toMatchObject({ state: "backfilling" });
  });

  it("each account has its own mirror: the manager's status is not the owner's", async () => {
    expect(await status(managerCookie)).toMatchObject({ enabled: false });
    const paused = await act({ action: "pause" }, managerCookie);
    expect(paused.status).toBe(404);
    expect((await paused.json()).error.message).toBe(
      "No sync has been started for this account: start it first.",
    );
  });

  it("an unknown action is refused in a sentence; a cross-site write and a missing session are refused", async () => {
    const bad = await act({ action: "hurry" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe(
      'action must be one of "start", "pause", "resume", "store_key", "erase_key".',
    );
    expect((await act("{not json")).status).toBe(400);
    expect((await act({ action: "start" }, ownerCookie, { "sec-fetch-site": "cross-site" })).status).toBe(
      403,
    );
    expect((await act({ action: "start" }, "")).status).toBe(401);
    expect((await routes.status.GET(routeRequest("GET", "/api/sync/status", ""))).status).toBe(401);
  });

  it("a write through the dashboard makes the price calendars of the listings it named due at once", async () => {
    await act({ action: "start" });
    const rt = await runtime.mirrorRuntime();
    const [account] = await rt.store.syncAccounts();
    await expect.poll(async () => (await rt.store.listings(account!)).length, { timeout: 20_000 }).toBe(34);
    const [a, b, c] = await rt.store.listings(account!);
    const { refreshAfterWrite } = await import("@/lib/server/mirror/after-write");
    const session = { apiKey: personaKeyOwner };
    const write = (
      params: Record<string, string>,
      channel: string | null,
      body: unknown,
      group = "custom_rates",
    ) => refreshAfterWrite(session, { group, params, channel, body });
    // By the channel's id on the path; by svc ids in a bulk body; a batch's entries.
    expect(await write({ listing_id: a!.channelListingId }, a!.channel, null)).toBe(1);
    expect(await write({ listing_id: a!.listingId }, "svc", { listing_ids: [b!.listingId] })).toBe(2);
    expect(await write({}, "svc", { preferences: [{ listing_id: c!.listingId, settings: {} }] })).toBe(1);
    // Another account's session, or none known here: nothing.
    expect(
      await refreshAfterWrite(
        { apiKey: "not-a-key-of-anyone" },
        {
          group: "custom_rates",
          params: { listing_id: a!.listingId },
          channel: "svc",
          body: null,
        },
      ),
    ).toBe(0);
    // A write to a listing's record (its tags) makes the account's listing list due too.
    // (Paused, so that this test takes the first due task, not the sync.)
    await rt.store.setPaused(account!, true);
    const firstDue = async () => (await rt.store.claimTasks(account!, 1, 60_000)).map((task) => task.kind);
    expect(await write({ listing_id: a!.listingId }, "svc", { tags: ["sea"] }, "tags")).toBe(1);
    expect(await firstDue()).toEqual(["listings"]);
    await rt.store.setPaused(account!, false);
  });

  it("a write to a segment or to a set's associated listings makes the read of segments and comp sets due at once; a write to a set's members does not", async () => {
    const rt = await runtime.mirrorRuntime();
    const [account] = await rt.store.syncAccounts();
    const { refreshAfterWrite } = await import("@/lib/server/mirror/after-write");
    const write = (group: string, endpoint: string, params: Record<string, string>, body: unknown) =>
      refreshAfterWrite({ apiKey: personaKeyOwner }, { group, endpoint, params, channel: "svc", body });
    // Paused; the read is taken by hand (once whatever the sync had in flight is finished) and
    // put off for a day, so that only a write can make it due.
    await rt.store.setPaused(account!, true);
    const heldBack = async () => {
      const task = (await rt.store.claimTasks(account!, 10_000, 1)).find((t) => t.kind === "groups");
      if (task)
        await rt.store.finishTask(
          task,
          {
            ok: false,
            error: "Held back by a test.",
            requests: 0,
            retryAt: new Date(Date.now() + 86_400_000),
          },
          86_400_000,
        );
      return task !== undefined;
    };
    await rt.store.markDue(account!, "groups", [""]);
    await expect.poll(heldBack, { timeout: 30_000 }).toBe(true);
    expect(await heldBack()).toBe(false);
    await write("segments", "segments.update", { segment_id: "seg_any" }, { name: "Renamed" });
    expect(await heldBack()).toBe(true);
    await write(
      "sets",
      "sets.membersPut",
      { set_id: "set_any" },
      { listing_ids: ["cand_1"], status: "active" },
    );
    expect(await heldBack()).toBe(false);
    await write("sets", "sets.associatedPut", { set_id: "set_any" }, { listing_ids: [] });
    expect(await heldBack()).toBe(true);
    await rt.store.markDue(account!, "groups", [""]);
    await rt.store.setPaused(account!, false);
  });

  it("GET /api/mirror/listings answers the mirror's records with the Listings filters applied as the service applies them", async () => {
    const listings = await import("@/app/api/mirror/listings/route");
    const read = async (query = "", cookie = ownerCookie) =>
      await (await listings.GET(routeRequest("GET", `/api/mirror/listings${query}`, cookie))).json();
    const all = await read();
    expect(all.enabled).toBe(true);
    expect(all.listings).toHaveLength(34);
    const first = all.listings[0];
    expect(first).toMatchObject({ listing_id: expect.any(String), read_at: expect.any(String) });
    expect(first.listing.svc_id).toBe(first.listing_id);
    const owner = first.listing.owner_user.id as string;
    const inactive = all.listings.filter((l: { listing: { is_active: boolean } }) => !l.listing.is_active);
    expect((await read("?exclude_inactive=true")).listings).toHaveLength(34 - inactive.length);
    expect((await read(`?owner_user_id=${owner}`)).listings.length).toBeGreaterThan(0);
    expect((await read("?owner_user_id=someone-else")).listings).toEqual([]);
    expect((await read("?include_managed_listings=false")).listings.length).toBeGreaterThan(0);
    const refused = await listings.GET(
      routeRequest("GET", "/api/mirror/listings?exclude_inactive=maybe", ownerCookie),
    );
    expect(refused.status).toBe(400);
    expect((await listings.GET(routeRequest("GET", "/api/mirror/listings", ""))).status).toBe(401);
  });

  it("a read-only key is stored sealed, a standard key or another account's is refused, and erasing it leaves none", async () => {
    const keys = world.personas;
    const standard = await act({ action: "store_key", key: keys.owner.keys.standard });
    expect(standard.status).toBe(400);
    expect((await standard.json()).error.message).toBe(
      "This key can change prices, and the dashboard stores no such key. Create a read-only key on the API keys page and paste that one.",
    );
    const wrong = await act({ action: "store_key", key: "rk_not_a_key_of_anyone_at_all" });
    expect((await wrong.json()).error.code).toBe("invalid_key");
    const readOnly = keys.owner.keys.read_only!;
    const stored = await (await act({ action: "store_key", key: readOnly })).json();
    expect(stored.stored_key).toEqual({ last4: readOnly.slice(-4), stored_at: expect.any(String) });
    // At rest: sealed, never the key.
    for (const file of ["mirror.db", "mirror.db-wal"]
      .map((f) => path.join(world.dataDir, f))
      .filter(existsSync))
      expect(readFileSync(file).includes(Buffer.from(readOnly)), file).toBe(false);
    const rt = await runtime.mirrorRuntime();
    const [account] = await rt.store.syncAccounts();
    expect((await rt.store.sealedKey(account!))!.length).toBeGreaterThan(readOnly.length);
    expect((await (await act({ action: "erase_key" })).json()).stored_key).toBeNull();
    expect(await rt.store.sealedKey(account!)).toBeNull();
  });

  it("DELETE forgets the account's mirror: its rows, tasks and state", async () => {
    const rt = await runtime.mirrorRuntime();
    const [account] = await rt.store.syncAccounts();
    const response = await routes.sync.DELETE(routeRequest("DELETE", "/api/sync", ownerCookie));
    expect(await response.json()).toMatchObject({ enabled: false });
    expect(await rt.store.syncRecord(account!)).toBeNull();
    expect((await rt.store.counts(account!)).tasks).toBe(0);
  });

  it("signing out everywhere ends every session of the key and erases the account's mirror", async () => {
    const { call: svcCall } = await import("@/sandbox/test-support");
    const keys = (await svcCall(world.sandbox, "GET", "/api_keys", { key: personaKeyOwner })).json as Array<{
      token_id: string;
      last4: string;
    }>;
    const keyId = keys.find((k) => k.last4 === personaKeyOwner.slice(-4))!.token_id;
    const here = await sessionCookieFor(personaKeyOwner, { keyId, persona: "owner", keyKind: "standard" });
    const elsewhere = await sessionCookieFor(personaKeyOwner, {
      keyId,
      persona: "owner",
      keyKind: "standard",
    });
    await act({ action: "start" }, here);
    const rt = await runtime.mirrorRuntime();
    const [account] = await rt.store.syncAccounts();
    await expect.poll(async () => (await rt.store.listings(account!)).length, { timeout: 20_000 }).toBe(34);
    const session = await import("@/app/api/session/route");
    const signedOut = await session.DELETE(routeRequest("DELETE", "/api/session?everywhere=true", here));
    expect(signedOut.status).toBe(204);
    expect(await rt.store.syncRecord(account!)).toBeNull();
    expect(await rt.store.counts(account!)).toMatchObject({ listings: 0, reservations: 0, tasks: 0 });
    // The other browser's session of the same key is refused too; the manager's is not.
    expect((await routes.status.GET(routeRequest("GET", "/api/sync/status", elsewhere))).status).toBe(401);
    expect((await routes.status.GET(routeRequest("GET", "/api/sync/status", managerCookie))).status).toBe(
      200,
    );
  });
});

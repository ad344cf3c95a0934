import type { Listing } from "../lib/svc/schemas/listings";
import { expect, signInAs, test } from "./fixtures";
import {
  A,
  B,
  connectedSink,
  deliver,
  openStream,
  INSTANCES_SANDBOX,
  startInstances,
  type Instances,
} from "./instances-support";
import { api, control } from "./webhooks-support";

/**
 * Two dashboard instances on one PostgreSQL behave as one dashboard: a webhook
 * delivered to A reaches pages open on B, a delivery sent to both is kept once, PostgreSQL
 * going down and coming back needs no restart, and a kill -9 of A loses and repeats nothing.
 * The instances, their reference service and the cluster are this spec's own.
 */
let instances: Instances;
let cookie = "";

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  instances = await startInstances();
});
test.afterAll(async () => {
  await instances?.stopAll();
});

test.beforeEach(async ({ page }) => {
  await signInAs(page, "owner", B);
  const session = (await page.context().cookies(B)).map((c) => `${c.name}=${c.value}`);
  cookie = session.join("; ");
});

const eventIds = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `evt_${prefix}_${Date.now()}_${i}`);

const until = (check: () => boolean | Promise<boolean>, ms: number, what: string) =>
  expect.poll(check, { timeout: ms, message: what }).toBe(true);

test("a delivery the service sends to instance A is seen live by a page open on instance B", async ({
  page,
}) => {
  // Connected from B: the service is told A's receiver (DASHBOARD_PUBLIC_URL, the balancer's address).
  await page.goto(`${B}/webhooks`);
  const panel = page.getByTestId("dashboard-connection");
  await panel.getByRole("button", { name: "Connect" }).click();
  await expect(panel).toHaveAttribute("data-state", "connected");

  await page.goto(`${B}/listings`);
  await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready");
  await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));
  const refetched = page.waitForRequest((r) => r.url().startsWith(`${B}/api/svc/listings?`), {
    timeout: 30_000,
  });

  const listings = await api<Listing[]>(
    "GET",
    "/listings?per_page=1",
    undefined,
    "standard",
    INSTANCES_SANDBOX,
  );
  await control("simulate", { event: "pricing_run", market_id: listings[0]!.market_id }, INSTANCES_SANDBOX);
  await control("clock", { advance_seconds: 301 }, INSTANCES_SANDBOX); // the service delivers, to A

  await expect(page.getByText(/New price recommendations for \d+ listings?/)).toBeVisible({
    timeout: 30_000,
  });
  await refetched;
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
});

test("the same delivery sent to A and B at once is stored once, answered 2xx by both, and heard once", async () => {
  const sink = await connectedSink(instances.store);
  const streamB = await openStream(B, cookie);
  const streamA = await openStream(A, cookie);
  try {
    await until(() => streamA.connected() && streamB.connected(), 10_000, "both streams connected");
    const [eventId] = eventIds("dup", 1);
    const answers = await Promise.all([deliver(A, sink, eventId!), deliver(B, sink, eventId!)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Record<string, boolean>[];
    expect(bodies).toContainEqual({ accepted: true });
    expect(bodies).toContainEqual({ duplicate: true });

    await until(
      () => streamA.count(eventId!) >= 1 && streamB.count(eventId!) >= 1,
      10_000,
      "both pages heard it",
    );
    await new Promise((r) => setTimeout(r, 1500)); // time for a second notice, if there were one
    expect([streamA.count(eventId!), streamB.count(eventId!)]).toEqual([1, 1]);
    const stored = await instances.store.findEvent(eventId!);
    expect(stored?.state).toBe("processed");
  } finally {
    streamA.close();
    streamB.close();
  }
});

test("two instances share the owner's portfolio sync: every listing's reads made once, by one instance or the other", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The owner is signed in on A and on B (beforeEach): each instance holds a key to read with
  // once a page of the owner's has asked it how the sync stands. The sync is started paused
  // on A, B's page is opened, then the sync resumes and both instances read.
  const onA = await browser.newPage();
  await signInAs(onA, "owner", A);
  await onA.goto(`${A}/sync`);
  const reads = (paths: string[]) =>
    paths.filter((p) => /^\/listings\/[^/?]+\/(reservations|price_calendar|flags)\b/.test(p));
  const before = { a: instances.sent.a.length, b: instances.sent.b.length };
  await onA.getByRole("button", { name: "Start the sync" }).click();
  await onA.getByRole("button", { name: "Pause" }).click();
  await page.goto(`${B}/sync`);
  const onB = page.getByRole("region", { name: "Portfolio mirror" });
  await expect(onB).toHaveAttribute("data-state", "paused");
  await onA.getByRole("button", { name: "Resume" }).click();
  await expect(onA.getByRole("region", { name: "Portfolio mirror" })).toHaveAttribute("data-state", "idle", {
    timeout: 120_000,
  });
  const byA = reads(instances.sent.a.slice(before.a));
  const byB = reads(instances.sent.b.slice(before.b));
  expect(byA.length, "reads made by A").toBeGreaterThan(0);
  expect(byB.length, "reads made by B").toBeGreaterThan(0);
  const all = [...byA, ...byB];
  expect(new Set(all).size, "no read made twice").toBe(all.length);
  // Every listing of the owner's is covered, once.
  const listings = await api<Listing[]>(
    "GET",
    "/listings?per_page=100",
    undefined,
    "standard",
    INSTANCES_SANDBOX,
  );
  const flags = all.filter((p) => p.includes("/flags")).map((p) => p.split("?")[0]);
  expect(flags.sort()).toEqual(listings.map((l) => `/listings/${l.svc_id}/flags`).sort());
  await expect(onB).toHaveAttribute("data-state", "idle");
  // Forgotten, so that no later test meets the sync's traffic.
  await onA.getByRole("button", { name: "Forget the mirror" }).click();
  await onA.getByRole("alertdialog").getByRole("button", { name: "Forget the mirror" }).click();
  await expect(onA.getByRole("heading", { name: "No mirror yet" })).toBeVisible();
  await onA.close();
});

test("PostgreSQL down: deliveries answer 503 with Retry-After, pages keep working on the service, readiness says why, and all resumes without a restart", async ({
  page,
  browser,
}) => {
  const sink = await connectedSink(instances.store);
  const streamB = await openStream(B, cookie);
  await until(() => streamB.connected(), 10_000, "the stream connected");
  await instances.cluster.pause();
  try {
    const [refusedId] = eventIds("down", 1);
    const refused = await deliver(A, sink, refusedId!);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");

    const ready = await fetch(`${A}/api/ready`);
    expect(ready.status).toBe(503);
    const checks = ((await ready.json()) as { checks: { name: string; ok: boolean; detail: string }[] })
      .checks;
    expect(checks.find((c) => c.name === "store")).toMatchObject({ ok: false });
    expect(checks.find((c) => c.name === "service")).toMatchObject({ ok: true });

    await page.goto(`${B}/listings`);
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready");

    // Signing out still works, and a copy of that session's cookie is refused meanwhile.
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await signInAs(otherPage, "owner", B, { ownSession: true });
      const copy = (await other.cookies(B)).map((c) => `${c.name}=${c.value}`).join("; ");
      const signedOut = await otherPage.evaluate(
        async () => (await fetch("/api/session", { method: "DELETE" })).status,
      );
      expect(signedOut).toBe(204);
      expect((await fetch(`${B}/api/svc/listings?per_page=1`, { headers: { cookie: copy } })).status).toBe(
        401,
      );
      expect((await fetch(`${B}/api/svc/listings?per_page=1`, { headers: { cookie } })).status).toBe(200);
    } finally {
      await other.close();
    }
  } finally {
    await instances.cluster.resume();
  }

  await until(async () => (await fetch(`${A}/api/ready`)).status === 200, 20_000, "A ready again");
  // The service keeps sending; once B listens again, a delivery to A is heard on B.
  let heard = "";
  await until(
    async () => {
      const [id] = eventIds("back", 1);
      const answer = await deliver(A, sink, id!);
      if (answer.status !== 200) return false;
      await new Promise((r) => setTimeout(r, 500));
      if (streamB.count(id!) > 0) heard = id!;
      return heard !== "";
    },
    30_000,
    "a delivery to A heard on B after PostgreSQL returned",
  );
  expect((await instances.store.findEvent(heard))?.state).toBe("processed");
  streamB.close();
});

test("a kill -9 of A in the middle of a delivery stream loses nothing and repeats nothing once B has drained", async () => {
  test.setTimeout(120_000);
  const sink = await connectedSink(instances.store);
  const streamB = await openStream(B, cookie);
  await until(() => streamB.connected(), 10_000, "the stream connected");
  const ids = eventIds("kill", 120);
  let aAlive = true;
  let answeredByA = 0;

  // As the service does: each event is sent until some instance answers it 2xx; the balancer
  // sends to A until A is gone, then to B.
  async function send(id: string) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const base = aAlive ? A : B;
      const answer = await deliver(base, sink, id).catch(() => null);
      if (answer?.status === 200) {
        if (base === A) answeredByA++;
        return;
      }
      if (base === A) aAlive = false; // refused or reset: the balancer takes A out
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${id} was never accepted`);
  }
  let next = 0;
  const workers = Array.from({ length: 4 }, async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      if (next === 40) void instances.killA().then(() => (aAlive = false));
      await send(id);
    }
  });
  await Promise.all(workers);
  expect(answeredByA).toBeGreaterThan(0);
  expect(answeredByA).toBeLessThan(ids.length);

  // B drains what A accepted and did not finish (its claims run out after 3 s).
  await until(
    async () =>
      (await instances.store.pendingEvents(500)).filter((e) => ids.includes(e.eventId)).length === 0,
    30_000,
    "no event of the stream still pending",
  );
  for (const id of ids) expect((await instances.store.findEvent(id))?.state, id).toBe("processed");
  const owner = (await instances.store.findSink(sink.id))!.ownerAccountId;
  const inbox = (await instances.store.listInbox(owner, 1000)).filter((e) => ids.includes(e.eventId));
  expect(inbox).toHaveLength(ids.length);
  // A page on B hears each event at most once, and every event B accepted or drained.
  await new Promise((r) => setTimeout(r, 1000));
  for (const id of ids) expect(streamB.count(id), id).toBeLessThanOrEqual(1);
  expect(ids.filter((id) => streamB.count(id) === 1).length).toBeGreaterThanOrEqual(ids.length - answeredByA);
  streamB.close();
});

import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import { ORIGIN, ownerKey, request } from "@/test-support/bff";
import { routePageRequests, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { AlertsView } from "@/components/alerts/alerts-view";

/**
 * The Alerts page against the real thing: the page's requests to /api/alerts go to the real
 * route handlers (the SQLite store in a throw-away directory), with the session a browser on
 * the dashboard sends; names come from the real reference service through the BFF.
 */
// Read once by env() when the dashboard's server code first loads: set before it does.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "rd-alerts-view-"));

withServiceInPage();

type Handler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
let routes: {
  rules: { GET: Handler; POST: Handler };
  rule: { PUT: Handler; DELETE: Handler };
  alerts: { GET: Handler };
  alert: { POST: Handler };
  count: { GET: Handler };
};
let cookie: string;
let readOnlyCookie: string;
let accountId: string;
let runtime: typeof import("@/lib/server/alerts/runtime");

async function sessionCookie(keyKind: "standard" | "read_only" | null) {
  const { sealSession } = await import("@/lib/server/session");
  const sealed = await sealSession({
    sessionId: `test_${keyKind}_${Math.random().toString(36).slice(2)}`,
    keyId: null,
    apiKey: ownerKey,
    label: "Test",
    persona: null,
    keyKind,
    signedInAt: Date.now(),
  });
  return `rmd_session=${encodeURIComponent(sealed)}`;
}

/** The page's /api/alerts requests to the real handlers, `change` rewriting a body on its way. */
function routeAlerts(
  as: () => string,
  change?: (url: string, body: string | undefined) => string | undefined,
) {
  routePageRequests(async (url, method, init) => {
    const { pathname, search } = new URL(url, ORIGIN);
    if (!pathname.startsWith("/api/alerts")) return null;
    const body = typeof init.body === "string" ? init.body : undefined;
    const req = request(`${pathname}${search}`, {
      method,
      headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: change ? change(pathname, body) : body,
      cookie: as(),
    });
    const id = decodeURIComponent(pathname.split("/").at(-1)!);
    const ctx = { params: Promise.resolve({ id }) };
    if (pathname === "/api/alerts") return routes.alerts.GET(req, ctx);
    if (pathname === "/api/alerts/count") return routes.count.GET(req, ctx);
    if (pathname === "/api/alerts/rules")
      return method === "POST" ? routes.rules.POST(req, ctx) : routes.rules.GET(req, ctx);
    if (pathname.startsWith("/api/alerts/rules/"))
      return method === "DELETE" ? routes.rule.DELETE(req, ctx) : routes.rule.PUT(req, ctx);
    return routes.alert.POST(req, ctx);
  });
}

beforeAll(async () => {
  routes = {
    rules: (await import("@/app/api/alerts/rules/route")) as never,
    rule: (await import("@/app/api/alerts/rules/[id]/route")) as never,
    alerts: (await import("@/app/api/alerts/route")) as never,
    alert: (await import("@/app/api/alerts/[id]/route")) as never,
    count: (await import("@/app/api/alerts/count/route")) as never,
  };
  runtime = await import("@/lib/server/alerts/runtime");
  cookie = await sessionCookie("standard");
  readOnlyCookie = await sessionCookie("read_only");
  const { accountOf } = await import("@/lib/server/mirror/account");
  accountId = (await accountOf({ apiKey: ownerKey, keyId: null, label: "Test" })).accountId;
});

afterAll(async () => {
  const { mirrorRuntime } = await import("@/lib/server/mirror/runtime");
  const mirror = await mirrorRuntime();
  mirror.worker.stop();
  runtime.alertTrigger(mirror.store).stop();
  await mirror.store.close();
  await (await runtime.alertsStore()).close();
});

function openPage(search = "") {
  return renderPage(
    <NuqsTestingAdapter hasMemory searchParams={search}>
      <AlertsView />
    </NuqsTestingAdapter>,
  );
}

const inboxReady = () =>
  waitFor(() => expect(screen.getByTestId("alert-inbox")).toHaveAttribute("data-state", "ready"), {
    timeout: 10_000,
  });

async function clearRules() {
  const store = await runtime.alertsStore();
  for (const rule of await store.listRules(accountId)) await store.deleteRule(accountId, rule.id);
}

describe("the rule dialog", () => {
  it("offers the fields of the kind chosen, and creates the rule the server words", async () => {
    await clearRules();
    routeAlerts(() => cookie);
    const { user } = openPage();
    await user.click(await screen.findByRole("button", { name: "New rule" }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("dialog", { name: "New alert rule" });
    const d = within(dialog);
    expect(d.getByLabelText("Measured on")).toHaveValue("nights");
    expect(d.getByLabelText("Percent behind the same time last year")).toHaveValue(15);

    const kind = d.getByLabelText("Watch for");
    await user.selectOptions(kind, "No new booking");
    expect(d.queryByLabelText("Measured on")).not.toBeInTheDocument();
    expect(d.getByLabelText("Days without a new booking")).toHaveValue(14);
    await user.selectOptions(kind, "Occupancy below the market's");
    expect(d.getByLabelText("Nights ahead")).toHaveValue("14");
    expect(d.getByLabelText("Percent of the market's occupancy")).toHaveValue(80);
    await user.selectOptions(kind, "A listing gained a flag");
    expect(d.getByText(/No threshold: any flag a listing gains\./)).toBeVisible();
    await user.selectOptions(kind, "The comps' prices moved");
    expect(d.getByLabelText("Set")).toBeInTheDocument();

    await user.selectOptions(kind, "Nights at the minimum price");
    const nights = d.getByLabelText("More than this many of the next 30 nights");
    await user.clear(nights);
    await user.type(nights, "30");
    await user.click(d.getByRole("button", { name: "Create the rule" }));
    // The server's own schema, in the form: its sentence under the field, nothing sent.
    expect(nights).toHaveAccessibleDescription(/Nights at the minimum price can be at most 29\./);
    await user.clear(nights);
    await user.type(nights, "3");
    await user.selectOptions(d.getByLabelText("By e-mail"), "Immediately");
    await user.click(d.getByRole("button", { name: "Create the rule" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const rules = within(screen.getByRole("list", { name: "Alert rules" }));
    expect(
      await rules.findByText(/^More than 3 of the next 30 nights priced at the minimum price$/),
    ).toBeVisible();
    expect(rules.getByText("The whole portfolio")).toBeVisible();
    expect(rules.getByText("E-mail immediately; webhook off")).toBeVisible();
  });

  it("puts the server's refusal of a field beside that field", async () => {
    await clearRules();
    // The body changed on its way, as a page bypassing its own form would send it.
    routeAlerts(
      () => cookie,
      (url, body) => (url === "/api/alerts/rules" && body ? body.replace(/"days":\d+/, '"days":0') : body),
    );
    const { user } = openPage();
    await user.click(await screen.findByRole("button", { name: "New rule" }, { timeout: 10_000 }));
    const d = within(await screen.findByRole("dialog", { name: "New alert rule" }));
    await user.selectOptions(d.getByLabelText("Watch for"), "No new booking");
    await user.click(d.getByRole("button", { name: "Create the rule" }));
    await waitFor(() =>
      expect(d.getByLabelText("Days without a new booking")).toHaveAccessibleDescription(
        /Days without a booking must be at least 1\./,
      ),
    );
    expect(screen.getByRole("dialog", { name: "New alert rule" })).toBeVisible();
  });
});

describe("the inbox", () => {
  it("groups open alerts by rule with a count, names the listing, and snoozes and resolves", async () => {
    await clearRules();
    const listings = await serviceAnswer<Listing[]>("/listings?per_page=3");
    const store = await runtime.alertsStore();
    const { checkRule } = await import("@/lib/alerts/rules");
    const body = (b: unknown) => {
      const checked = checkRule(b);
      if (!checked.ok) throw new Error("bad rule");
      const { paused: _, ...rule } = checked.value;
      return rule;
    };
    const noBooking = await store.createRule(accountId, body({ kind: "no_booking", params: { days: 14 } }));
    const atMinimum = await store.createRule(accountId, body({ kind: "at_minimum", params: { nights: 5 } }));
    const why = (i: number) =>
      `No new booking in the last 14 days, with ${i + 3} open nights in the next 30.`;
    await store.fire(accountId, [
      ...listings.slice(0, 2).map((l, i) => ({
        ruleId: noBooking.id,
        listingId: l.svc_id,
        period: null,
        measured: { bookings: 0 },
        against: { days: 14 },
        why: why(i),
      })),
      {
        ruleId: atMinimum.id,
        listingId: listings[2]!.svc_id,
        period: null,
        measured: {},
        against: {},
        why: "Eight of the next 30 nights are at the minimum price.",
      },
    ]);
    routeAlerts(() => cookie);
    const { user } = openPage();
    await inboxReady();
    const inbox = within(screen.getByTestId("alert-inbox"));
    const groups = await inbox.findAllByRole("group");
    expect(groups.map((g) => g.querySelector("summary")!.textContent)).toEqual([
      "No new booking in 14 days for a listing with open nights in the next 302 alerts",
      "More than 5 of the next 30 nights priced at the minimum price1 alert",
    ]);
    const first = within(inbox.getByRole("list", { name: /^No new booking in 14 days/ }));
    expect(first.getByText(why(0))).toBeVisible();
    expect(await first.findByRole("link", { name: listings[0]!.name })).toHaveAttribute(
      "href",
      `/listings/${listings[0]!.svc_id}`,
    );

    await user.click(first.getByRole("button", { name: `Snooze the alert on ${listings[0]!.name}` }));
    const snooze = within(await screen.findByRole("dialog", { name: "Snooze the alert" }));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(snooze.getByLabelText("Snooze until")).toHaveValue(tomorrow);
    await user.click(snooze.getByRole("button", { name: "Snooze" }));
    expect(
      await screen.findByText(new RegExp(`The alert on ${listings[0]!.name} is snoozed until`)),
    ).toBeVisible();
    await waitFor(() => expect(inbox.queryByText(why(0))).not.toBeInTheDocument());

    await user.click(inbox.getByRole("button", { name: `Resolve the alert on ${listings[1]!.name}` }));
    expect(await screen.findByText(`The alert on ${listings[1]!.name} is resolved.`)).toBeVisible();
    await waitFor(() => expect(inbox.queryByText(why(1))).not.toBeInTheDocument());

    await user.click(inbox.getByRole("radio", { name: "Snoozed" }));
    expect(await inbox.findByText(why(0))).toBeVisible();
    expect(inbox.getByText(/^Snoozed until /)).toBeVisible();
  });

  it("says what to do when nothing is open", async () => {
    await clearRules();
    routeAlerts(() => cookie);
    openPage();
    await inboxReady();
    expect(
      screen.getByText("No open alerts. Rules watch the portfolio; alerts appear here when one fires."),
    ).toBeVisible();
  });
});

describe("a read-only key", () => {
  it("sees the rules and alerts with no action, and is told why", async () => {
    await clearRules();
    const store = await runtime.alertsStore();
    const { checkRule } = await import("@/lib/alerts/rules");
    const checked = checkRule({ kind: "flag_gained", params: {} });
    if (!checked.ok) throw new Error("bad rule");
    const rule = await store.createRule(accountId, checked.value);
    const [listing] = await serviceAnswer<Listing[]>("/listings?per_page=1");
    await store.fire(accountId, [
      {
        ruleId: rule.id,
        listingId: listing!.svc_id,
        period: null,
        measured: {},
        against: {},
        why: "It gained a flag.",
      },
    ]);
    routeAlerts(() => readOnlyCookie);
    openPage();
    await inboxReady();
    expect(await screen.findByText("It gained a flag.")).toBeVisible();
    expect(
      screen.getByText(/^Your API key is read-only: you can see the rules and alerts but not change them\./),
    ).toBeVisible();
    const rules = within(screen.getByRole("list", { name: "Alert rules" }));
    expect(rules.getByText("A listing gained a flag")).toBeVisible();
    expect(rules.getByText("Not evaluated yet")).toBeVisible();
    for (const name of ["New rule", /^Edit/, /^Delete/, /^Snooze/, /^Resolve/])
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
  });
});

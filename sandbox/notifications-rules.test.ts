import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Notification } from "../lib/svc/schemas/notifications";
import type { Sandbox } from "./app";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const list = async (key: string, query = "") => {
  const res = await call<Notification[]>(sandbox, "GET", `/notifications${query}`, { key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  endpoints["notifications.list"].response.parse(res.json);
  return res;
};
const stored = (userId: string, sql = "") =>
  rows<{
    id: string;
    event: string;
    created_at: string;
    dismissed_at: string | null;
    listing_svc_id: string | null;
  }>(
    sandbox,
    `SELECT * FROM notifications WHERE user_id = ? ${sql} ORDER BY created_at DESC, seq DESC`,
    userId,
  );

describe("GET /notifications", () => {
  it("rule: list is paginated, newest first, undismissed by default, with X-Total-Count", async () => {
    const key = p.owner.keys.standard;
    const open = stored(p.owner.user_id, "AND dismissed_at IS NULL");
    expect(open.length).toBeGreaterThan(10);
    const first = await list(key, "?per_page=10");
    expect(first.headers.get("X-Total-Count")).toBe(String(open.length));
    expect(first.json.map((n) => n.id)).toEqual(open.slice(0, 10).map((n) => n.id));
    const second = await list(key, "?per_page=10&page=2");
    expect(second.json.map((n) => n.id)).toEqual(open.slice(10, 20).map((n) => n.id));
    const dates = [...first.json, ...second.json].map((n) => n.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const all = stored(p.owner.user_id);
    expect(all.some((n) => n.dismissed_at !== null)).toBe(true);
    const withDismissed = await list(key, "?include_dismissed=true&per_page=100");
    expect(withDismissed.headers.get("X-Total-Count")).toBe(String(all.length));
  });

  it("rule: list is seeded from the world: bookings, cancellations and demand on the caller's listings and markets", async () => {
    const res = await list(p.outsider.keys.standard, "?include_dismissed=true&per_page=100");
    const own = new Set(
      rows<{ svc_id: string }>(
        sandbox,
        `SELECT svc_id FROM listings WHERE owner_user_id = ?`,
        p.outsider.user_id,
      ).map((r) => r.svc_id),
    );
    expect(res.json.length).toBeGreaterThan(0);
    for (const n of res.json) {
      if (n.event === "reservations.new" || n.event === "reservations.canceled") {
        expect(own.has(n.listing_id!)).toBe(true);
        const reservationId = /reservation ([\w-]+)/.exec(n.message)![1];
        const [r] = rows<{ booked_at: string; canceled_at: string | null; listing_svc_id: string }>(
          sandbox,
          `SELECT booked_at, canceled_at, listing_svc_id FROM reservations WHERE reservation_id = ?`,
          reservationId,
        );
        expect(r!.listing_svc_id).toBe(n.listing_id);
        expect(n.created_at).toBe(n.event === "reservations.new" ? r!.booked_at : r!.canceled_at);
      }
      if (n.event === "flags.detected") {
        const flags = rows(
          sandbox,
          `SELECT 1 FROM listing_flags WHERE listing_svc_id = ? AND detected_at = ? AND cleared_at IS NULL`,
          n.listing_id,
          n.created_at,
        );
        expect(flags).toHaveLength(1);
      }
      expect(n.created_at < `${sandbox.ctx.clock.today()}T00:00:00Z`).toBe(true);
    }
    expect(new Set(res.json.map((n) => n.event))).toContain("market.demand_spike");
    // The viewer switched demand spikes off in-app, so never received one.
    const viewer = await list(p.viewer.keys.standard, "?include_dismissed=true&per_page=100");
    expect(viewer.json.some((n) => n.event === "market.demand_spike")).toBe(false);
  });

  it("rule: bad query answers 400 naming the field", async () => {
    for (const [query, field] of [
      ["?per_page=0", "per_page"],
      ["?per_page=101", "per_page"],
      ["?include_dismissed=perhaps", "include_dismissed"],
      ["?page=1&offset=3", "offset"],
    ] as const) {
      const err = expectError(
        await call(sandbox, "GET", `/notifications${query}`, { key: p.owner.keys.standard }),
        400,
        "invalid_query",
      );
      expect(err.details?.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
  });
});

describe("POST /notifications/dismiss", () => {
  it("rule: dismiss by id sets dismissed_at; dismissed ones leave the default list and stay with include_dismissed", async () => {
    const key = p.editor.keys.standard;
    const [a, b] = (await list(key, "?per_page=2")).json;
    const total = Number((await list(key)).headers.get("X-Total-Count"));
    const res = await call<Notification[]>(sandbox, "POST", "/notifications/dismiss", {
      key,
      body: { ids: [a!.id, b!.id] },
    });
    expect(res.status).toBe(200);
    expect(res.json.map((n) => n.id)).toEqual([a!.id, b!.id]);
    for (const n of res.json) expect(n.dismissed_at).not.toBeNull();
    const after = await list(key, "?per_page=100");
    expect(after.headers.get("X-Total-Count")).toBe(String(total - 2));
    expect(after.json.map((n) => n.id)).not.toContain(a!.id);
    const everything = (await list(key, "?include_dismissed=true&per_page=100")).json;
    expect(everything.find((n) => n.id === a!.id)?.dismissed_at).toBe(res.json[0]!.dismissed_at);
    // Dismissing again keeps the first dismissed_at.
    const again = await call<Notification[]>(sandbox, "POST", "/notifications/dismiss", {
      key,
      body: { ids: [a!.id] },
    });
    expect(again.json[0]!.dismissed_at).toBe(res.json[0]!.dismissed_at);
  });

  it("rule: another user's ids are not dismissed: 404 naming them, and nothing in the request is applied", async () => {
    const [mine] = stored(p.manager.user_id, "AND dismissed_at IS NULL");
    const [theirs] = stored(p.outsider.user_id, "AND dismissed_at IS NULL");
    const err = expectError(
      await call(sandbox, "POST", "/notifications/dismiss", {
        key: p.manager.keys.standard,
        body: { ids: [mine!.id, theirs!.id, "ntf_nope"] },
      }),
      404,
      "notification_not_found",
    );
    expect(err.details?.ids).toEqual([theirs!.id, "ntf_nope"]);
    expect(
      rows(sandbox, `SELECT dismissed_at FROM notifications WHERE id IN (?, ?)`, mine!.id, theirs!.id),
    ).toEqual([{ dismissed_at: null }, { dismissed_at: null }]);
  });

  it("rule: bad body answers 400 naming the field, nothing written", async () => {
    const before = rows(sandbox, `SELECT id, dismissed_at FROM notifications ORDER BY id`);
    const cases: Array<[unknown, string]> = [
      [{ ids: [] }, "ids"],
      [{ ids: "ntf_1" }, "ids"],
      [{ ids: [1] }, "ids.0"],
      [{ ids: ["x".repeat(500)] }, "ids.0"],
      [{}, "ids"],
    ];
    for (const [body, field] of cases) {
      const err = expectError(
        await call(sandbox, "POST", "/notifications/dismiss", { key: p.owner.keys.standard, body }),
        400,
      );
      expect(
        err.details?.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expectError(
      await call(sandbox, "POST", "/notifications/dismiss", {
        key: p.owner.keys.read_only!,
        body: { ids: ["ntf_1"] },
      }),
      403,
      "read_only_key",
    );
    expect(rows(sandbox, `SELECT id, dismissed_at FROM notifications ORDER BY id`)).toEqual(before);
  });
});

describe("notification settings", () => {
  it("rule: per-event per-channel settings: GET answers every event; PUT is partial and keeps the rest", async () => {
    const key = p.restricted_editor.keys.standard;
    const before = (await call(sandbox, "GET", "/notification_settings", { key })).json;
    endpoints["notifications.settingsGet"].response.parse(before);
    expect(before.map((s: { event: string }) => s.event)).toContain("reservations.new");
    const target = before.find((s: { event: string }) => s.event === "reservations.canceled");
    const res = await call(sandbox, "PUT", "/notification_settings", {
      key,
      body: {
        settings: [
          { event: "reservations.canceled", email: !target.email },
          { event: "flags.detected", in_app: false },
        ],
      },
    });
    expect(res.status).toBe(200);
    const expected = before.map((s: { event: string; in_app: boolean; email: boolean }) =>
      s.event === "reservations.canceled"
        ? { ...s, email: !target.email }
        : s.event === "flags.detected"
          ? { ...s, in_app: false }
          : s,
    );
    expect(res.json).toEqual(expected);
    expect((await call(sandbox, "GET", "/notification_settings", { key })).json).toEqual(expected);
    // Other users' settings are their own.
    const other = (await call(sandbox, "GET", "/notification_settings", { key: p.editor.keys.standard }))
      .json;
    expect(other.find((s: { event: string }) => s.event === "flags.detected").in_app).toBe(true);
  });

  it("rule: unknown event or bad values answer 400 naming the field, nothing written", async () => {
    const key = p.manager.keys.standard;
    const before = rows(sandbox, `SELECT * FROM notification_settings ORDER BY user_id, event`);
    const cases: Array<[unknown, string]> = [
      [
        {
          settings: [
            { event: "reservations.new", email: true },
            { event: "pizza.delivered", email: true },
          ],
        },
        "settings.1.event",
      ],
      [{ settings: [{ event: "x".repeat(5000), in_app: true }] }, "settings.0.event"],
      [{ settings: [{ event: "reservations.new", email: "yes" }] }, "settings.0.email"],
      [{ settings: [{ event: "reservations.new" }] }, "settings.0.in_app"],
      [{ settings: [] }, "settings"],
    ];
    for (const [body, field] of cases) {
      const err = expectError(
        await call(sandbox, "PUT", "/notification_settings", { key, body }),
        400,
        "invalid_body",
      );
      expect(
        err.details?.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body).slice(0, 80),
      ).toContain(field);
    }
    expect(rows(sandbox, `SELECT * FROM notification_settings ORDER BY user_id, event`)).toEqual(before);
  });

  it("rule: in_app off stops new notifications of that event (a team invitation)", async () => {
    const outsider = p.outsider;
    const invitations = () => stored(outsider.user_id, "AND event = 'team.invitation'");
    await call(sandbox, "PUT", "/notification_settings", {
      key: outsider.keys.standard,
      body: { settings: [{ event: "team.invitation", in_app: false }] },
    });
    const invite = () =>
      call(sandbox, "POST", "/teams/members/invite", {
        key: p.owner.keys.standard,
        body: { email: outsider.email, level: "viewer" },
      });
    expect((await invite()).status).toBe(201);
    expect(invitations()).toEqual([]);
    await call(sandbox, "DELETE", `/teams/memberships/${p.owner.user_id}`, { key: outsider.keys.standard });
    await call(sandbox, "PUT", "/notification_settings", {
      key: outsider.keys.standard,
      body: { settings: [{ event: "team.invitation", in_app: true }] },
    });
    expect((await invite()).status).toBe(201);
    const [newest] = (await list(outsider.keys.standard, "?per_page=1")).json;
    expect(newest).toMatchObject({ event: "team.invitation", listing_id: null, dismissed_at: null });
    expect(newest!.message).toContain(p.owner.email);
    expect(invitations()).toHaveLength(1);
  });
});

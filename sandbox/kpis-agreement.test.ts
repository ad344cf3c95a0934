import { beforeAll, describe, expect, it } from "vitest";
import { KPI_METRICS } from "../lib/svc/schemas/kpis";
import type { Sandbox } from "./app";
import { addDays, addMonths } from "./kpis-test-support";
import { call, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// Rolling windows and calendar months are the same sums: when today is the first of a month,
// `30_0` is the previous month if it has 30 days, and `0_30` is this month if it has 30 days.
// The clock is moved forward to such days (the seeded calendar stays where it is).
let sandbox: Sandbox;
let p: Personas;
let listingIds: string[];

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  listingIds = rows<{ svc_id: string }>(
    sandbox,
    `SELECT svc_id FROM listings WHERE owner_user_id = ? ORDER BY CAST(svc_id AS INTEGER) LIMIT 4`,
    p.owner.user_id,
  ).map((r) => r.svc_id);
});

const daysInMonth = (month: string) =>
  Math.round((Date.parse(`${addMonths(month, 1)}-01`) - Date.parse(`${month}-01`)) / 86_400_000);

/** The first day of a month, after today, whose month passes the test. */
function nextFirstOfMonth(test: (month: string) => boolean): string {
  let month = addMonths(sandbox.ctx.clock.today().slice(0, 7), 1);
  while (!test(month)) month = addMonths(month, 1);
  return `${month}-01`;
}

async function moveClockTo(date: string) {
  const seconds = Math.ceil((Date.parse(`${date}T00:00:01Z`) - sandbox.ctx.clock.nowMs()) / 1000);
  const res = await call(sandbox, "POST", "/_sandbox/clock", { body: { advance_seconds: seconds } });
  expect(res.status).toBe(200);
  expect(sandbox.ctx.clock.today()).toBe(date);
}

async function compare(window: "30_0" | "0_30", month: string) {
  const key = p.owner.keys.standard;
  for (const id of listingIds) {
    const rolling = (await call(sandbox, "GET", `/listings/${id}/kpis?channel=svc`, { key })).json;
    const monthly = (await call(sandbox, "GET", `/listings/${id}/kpis/monthly?channel=svc`, { key })).json;
    const row = monthly.months.find((m: { month: string }) => m.month === month);
    expect(row, `${id} ${month}`).toBeDefined();
    for (const metric of KPI_METRICS) {
      expect(rolling[`${metric}_${window}`], `${id} ${metric}_${window} vs ${month}`).toBe(row[metric]);
    }
  }
}

describe("rolling and monthly KPIs agree", () => {
  it("rule: rolling windows agree with monthly rows: 30_0 on the first of a month equals the previous 30-day month exactly", async () => {
    const day = nextFirstOfMonth((month) => daysInMonth(addMonths(month, -1)) === 30);
    await moveClockTo(day);
    await compare("30_0", addMonths(day.slice(0, 7), -1));
  });

  it("rule: rolling windows agree with monthly rows: 0_30 on the first of a 30-day month equals that month exactly", async () => {
    const day = nextFirstOfMonth((month) => daysInMonth(month) === 30);
    await moveClockTo(day);
    await compare("0_30", day.slice(0, 7));
    expect(addDays(day, 30).slice(0, 7)).toBe(addMonths(day.slice(0, 7), 1));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import { call, makeSandbox, personaKeys, type Personas } from "./test-support";

let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});
afterAll(() => sandbox.close());

/** The Date header to the second, as a unix ms on the service clock. */
const dateOf = (headers: Headers) => Date.parse(headers.get("date") ?? "");

describe("the Date header says the service clock", () => {
  it("every answer carries a Date of the service clock: ordinary, refused and unauthenticated", async () => {
    const key = p.owner.keys.standard;
    for (const res of [
      await call(sandbox, "GET", "/listings?per_page=1", { key }),
      await call(sandbox, "GET", "/listings/999999999?channel=svc", { key }),
      await call(sandbox, "GET", "/listings"),
    ]) {
      expect(Math.abs(dateOf(res.headers) - sandbox.ctx.clock.nowMs())).toBeLessThan(2_000);
    }
  });

  it("a service clock moved an hour ahead dates its answers an hour ahead, and its Reset with them", async () => {
    await sandbox.ctx.clock.advance(3600);
    const res = await call(sandbox, "GET", "/listings?per_page=1", { key: p.owner.keys.standard });
    const date = dateOf(res.headers);
    expect(date - Date.now()).toBeGreaterThan(3_598_000);
    const reset = Number(res.headers.get("x-ratelimit-reset")) * 1000;
    expect(reset - date).toBeGreaterThan(0);
    expect(reset - date).toBeLessThanOrEqual(61_000);
  });
});

import { expect, test } from "./fixtures";

/** The probes a load balancer uses, on the production server: unauthenticated, cheap, no secret. */

test("GET /api/health answers 200 without a session, with the API's security headers", async ({
  request,
}) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
});

test("GET /api/ready answers 200 with each check in a sentence; other methods are refused", async ({
  request,
}) => {
  const response = await request.get("/api/ready");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    ready: true,
    checks: [
      { name: "store", ok: true, detail: "The dashboard's store can be read." },
      { name: "migrations", ok: true, detail: "The store's schema is in place." },
      { name: "service", ok: true, detail: "The pricing service answers." },
    ],
    // Our reference service answers exactly the contract: nothing it sent differed.
    differences: [],
  });
  const post = await request.post("/api/ready", { headers: { origin: "http://localhost" } });
  expect(post.status()).toBe(405);
  expect(post.headers()["allow"]).toBe("GET, HEAD");
});

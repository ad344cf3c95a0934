import { describe, expect, it } from "vitest";
import { send, upstream, withBffAgainstService } from "@/test-support/bff";

/**
 * The BFF validated a parsed copy of the query but forwarded the browser's
 * own text. Upstream now gets exactly what the contract parsed: the path rebuilt from its
 * parameters and the query serialised from the parsed object.
 */
withBffAgainstService();

describe("only the query the contract parsed goes upstream", () => {
  it("unknown parameters stop at the BFF", async () => {
    const res = await send("/api/svc/listings?per_page=2&debug=1&admin=true&__proto__=x");
    expect(res.status).toBe(200);
    expect(upstream.map((u) => u.search)).toEqual(["?per_page=2"]);
  });

  it("a repeated single-valued parameter is refused, never forwarded twice", async () => {
    const res = await send("/api/svc/listings?per_page=2&per_page=100");
    expect(res.status).toBe(400);
    expect(upstream).toEqual([]);
  });

  it("values go upstream in the contract's own form (numbers and booleans as parsed)", async () => {
    const res = await send("/api/svc/listings?per_page=%32&page=01&include_photos=1");
    expect(res.status).toBe(200);
    const sent = new URLSearchParams(upstream[0]!.search);
    expect(Object.fromEntries(sent)).toEqual({ page: "1", per_page: "2", include_photos: "true" });
  });

  it("a listing-scoped call keeps only its channel", async () => {
    const res = await send("/api/svc/listings/1000001/tags?channel=svc&channel_extra=1&x-api-key=k");
    expect(res.status).toBe(200);
    expect(upstream[0]).toMatchObject({ path: "/listings/1000001/tags", search: "?channel=svc" });
  });

  it("a query with no parameter the contract knows goes upstream with none", async () => {
    const res = await send("/api/svc/api_keys?include=secret");
    expect(res.status).toBe(200);
    expect(upstream[0]).toMatchObject({ path: "/api_keys", search: "" });
  });

  it("the path goes upstream rebuilt from its decoded parameters", async () => {
    const res = await send("/api/svc/listings/%31000001/tags?channel=svc");
    expect(res.status).toBe(200);
    expect(upstream[0]!.path).toBe("/listings/1000001/tags");
  });
});

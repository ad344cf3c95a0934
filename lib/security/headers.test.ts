import { describe, expect, it } from "vitest";
import { API_POLICY, documentPolicy, newNonce, securityHeaders } from "@/lib/security/headers";

describe("the content security policy", () => {
  it("production pages allow scripts only by nonce (and what they load), never eval", () => {
    const policy = documentPolicy({ nonce: "abc", dev: false, https: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("only next dev gets unsafe-eval; https gets upgrade-insecure-requests", () => {
    expect(documentPolicy({ nonce: "n", dev: true, https: false })).toContain("'unsafe-eval'");
    expect(documentPolicy({ nonce: "n", dev: false, https: true })).toContain("upgrade-insecure-requests");
  });

  it("API answers allow nothing and cannot be framed", () => {
    expect(API_POLICY).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
  });

  it("nonces are 128 random bits, new each time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it("HSTS is sent over https only", () => {
    expect(securityHeaders({ https: true })["strict-transport-security"]).toMatch(/^max-age=31536000/);
    expect(securityHeaders({ https: false })).not.toHaveProperty("strict-transport-security");
    expect(securityHeaders({ https: false })).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
    });
  });
});

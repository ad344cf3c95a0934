import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSignatureHeader, verifySignature } from "@/lib/server/webhooks/signature";

/** Vectors for Svc-Signature: HMAC-SHA256 over `<t>.<raw body>`, 300 s each way. */
const SECRET = "whsec_" + "a1".repeat(32);
const OTHER = "whsec_" + "b2".repeat(32);
const NOW = 1_790_000_000;
const BODY =
  '{"id":"evt_1","type":"flags.detected","created_at":"2026-11-21T10:00:00Z","data":{"listing_ids":["l1"]}}';

const hex = (secret: string, t: number | string, body: string) =>
  createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
const check = (header: string, body = BODY, secrets = [SECRET]) =>
  verifySignature({ header, body, secrets, nowSeconds: NOW });

describe("Svc-Signature verification", () => {
  it("a signature made with the secret over t and the exact body verifies", () => {
    expect(check(`t=${NOW},v1=${hex(SECRET, NOW, BODY)}`)).toEqual({ result: "ok", secretIndex: 0 });
  });

  it("the same computation over the raw bytes verifies (bytes, not decoded text, are signed)", () => {
    const bytes = Buffer.from(BODY, "utf8");
    expect(
      verifySignature({
        header: `t=${NOW},v1=${hex(SECRET, NOW, BODY)}`,
        body: bytes,
        secrets: [SECRET],
        nowSeconds: NOW,
      }),
    ).toEqual({ result: "ok", secretIndex: 0 });
  });

  it("a signature made with another secret does not match", () => {
    expect(check(`t=${NOW},v1=${hex(OTHER, NOW, BODY)}`)).toEqual({ result: "no_match" });
  });

  it("a body changed after signing does not match", () => {
    const header = `t=${NOW},v1=${hex(SECRET, NOW, BODY)}`;
    expect(check(header, BODY.replace("l1", "l2"))).toEqual({ result: "no_match" });
    expect(check(header, BODY + " ")).toEqual({ result: "no_match" });
  });

  it("a t changed after signing does not match", () => {
    expect(check(`t=${NOW + 1},v1=${hex(SECRET, NOW, BODY)}`)).toEqual({ result: "no_match" });
  });

  it("a t more than 300 s old is stale, even with a valid signature; exactly 300 s is accepted", () => {
    const t = NOW - 301;
    expect(check(`t=${t},v1=${hex(SECRET, t, BODY)}`)).toEqual({ result: "stale", ageSeconds: 301 });
    expect(check(`t=${NOW - 300},v1=${hex(SECRET, NOW - 300, BODY)}`).result).toBe("ok");
  });

  it("a t more than 300 s ahead is refused as future; exactly 300 s is accepted", () => {
    const t = NOW + 301;
    expect(check(`t=${t},v1=${hex(SECRET, t, BODY)}`)).toEqual({ result: "future", aheadSeconds: 301 });
    expect(check(`t=${NOW + 300},v1=${hex(SECRET, NOW + 300, BODY)}`).result).toBe("ok");
  });

  it("several v1 with one valid verify, wherever the valid one stands", () => {
    const good = hex(SECRET, NOW, BODY);
    const bad = hex(OTHER, NOW, BODY);
    expect(check(`t=${NOW},v1=${bad},v1=${good}`).result).toBe("ok");
    expect(check(`v1=${good},t=${NOW},v1=${bad}`).result).toBe("ok");
    expect(check(`t=${NOW},v1=${bad},v1=${bad}`)).toEqual({ result: "no_match" });
  });

  it("any valid secret verifies: the previous secret after a rotation is the second candidate", () => {
    const header = `t=${NOW},v1=${hex(OTHER, NOW, BODY)}`;
    expect(check(header, BODY, [SECRET, OTHER])).toEqual({ result: "ok", secretIndex: 1 });
    expect(check(header, BODY, [])).toEqual({ result: "no_match" });
  });

  it("unknown schemes are ignored, and spaces around parts are tolerated", () => {
    expect(check(`t=${NOW}, v0=abc, v1=${hex(SECRET, NOW, BODY)}, v2=zzz`).result).toBe("ok");
  });

  it("an empty body is signed and verified like any other", () => {
    expect(check(`t=${NOW},v1=${hex(SECRET, NOW, "")}`, "")).toEqual({ result: "ok", secretIndex: 0 });
    expect(check(`t=${NOW},v1=${hex(SECRET, NOW, BODY)}`, "")).toEqual({ result: "no_match" });
  });

  it.each([
    ["missing t", `v1=${"0".repeat(64)}`],
    ["non-numeric t", `t=soon,v1=${"0".repeat(64)}`],
    ["negative t", `t=-5,v1=${"0".repeat(64)}`],
    ["t twice", `t=${NOW},t=${NOW},v1=${"0".repeat(64)}`],
    ["no v1", `t=${NOW}`],
    ["only another scheme", `t=${NOW},v0=${"0".repeat(64)}`],
    ["v1 that is not a hex digest", `t=${NOW},v1=nothex`],
    ["garbage", "garbage"],
    ["empty", ""],
    ["commas only", ",,,"],
    ["a part without a key", `t=${NOW},=abc,v1=${"0".repeat(64)}`],
    ["a huge header", `t=${NOW},v1=${"0".repeat(5000)}`],
  ])("a malformed header (%s) is malformed, not an error", (_name, header) => {
    expect(check(header).result).toBe("malformed");
  });

  it("parsing keeps every hex v1 and the exact t text", () => {
    const parsed = parseSignatureHeader(`t=0${NOW},v1=${"ab".repeat(32)},v1=${"cd".repeat(32)}`);
    expect(parsed).toMatchObject({ t: NOW, tText: `0${NOW}` });
    expect("signatures" in parsed && parsed.signatures).toHaveLength(2);
  });
});

import { createHmac } from "node:crypto";

/**
 * docs/interface.md, Delivery rule 5: `Svc-Signature: t=<unix seconds>,v1=<hex>`, where the hex is
 * HMAC-SHA256 over `<t>.<raw request body>` keyed with the subscription's secret as UTF-8
 * bytes, `whsec_` prefix included (docs/interface-decisions.md §6).
 */
export function sign(secret: string, t: number, body: string): string {
  const hex = createHmac("sha256", Buffer.from(secret, "utf8")).update(`${t}.${body}`, "utf8").digest("hex");
  return `t=${t},v1=${hex}`;
}

/**
 * `t` is REAL unix time, not the service clock: receivers compare it with their own clocks
 * to refuse replays, and the service clock may run days ahead in the reference service.
 */
export const signingTime = (): number => Math.floor(Date.now() / 1000);

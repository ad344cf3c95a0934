import { instantAt, lastDue } from "@/lib/alerts/local-time";
import {
  digestPayload,
  firedPayload,
  testPayload,
  type AlertIn,
  type RuleIn,
} from "@/lib/alerts/outgoing-webhook";
import type { Alert, AlertsStore } from "@/lib/server/alerts/alerts-store";
import { sendAttempt } from "@/lib/server/delivery/webhook/send";
import type { Endpoint, Message, WebhookOutStore } from "@/lib/server/delivery/webhook/webhook-store";

/**
 * What the outgoing webhook does, given its store, the alerts' store and a clock: makes the
 * messages (one per evaluation's immediate alerts, one digest per account and local day, a
 * test on demand) and sends the attempts that are due. The process's timer and its wiring to
 * the fired alerts are `runtime.ts`; tests call `tick` with a clock of their own.
 */
export interface WorkerOptions {
  store: WebhookOutStore;
  alerts: AlertsStore;
  /** The endpoint's signing secret in the clear (`whsec_...`). */
  openSecret: (sealed: Buffer, accountId: string) => string;
  now?: () => Date;
  fetch?: typeof fetch;
  /** How long a claimed attempt is this worker's (longer than an attempt's timeout). */
  leaseMs?: number;
  /** Attempts sent per tick, at most. */
  batch?: number;
}

export interface WebhookWorker {
  /** Immediate alerts an evaluation fired: one message, if the endpoint is on and any rule asks. */
  fired(accountId: string, fired: readonly Alert[]): Promise<Message | null>;
  /** A test message; null when the account has no endpoint. */
  test(accountId: string): Promise<Message | null>;
  /** Makes the digests that are due, then sends the attempts that are due. */
  tick(): Promise<void>;
  /** Sends this message's attempt now if it is due and no one else is sending it. */
  sendNow(messageId: string): Promise<void>;
}

const inOfAlert = (a: Alert): AlertIn => ({
  id: a.id,
  ruleId: a.ruleId,
  listingId: a.listingId,
  period: a.period,
  firedAt: a.firedAt,
  why: a.why,
  measured: a.measured,
  against: a.against,
});

export function createWebhookWorker({
  store,
  alerts,
  openSecret,
  now = () => new Date(),
  fetch: send,
  leaseMs = 60_000,
  batch = 20,
}: WorkerOptions): WebhookWorker {
  const rulesOf = async (accountId: string, choice: "immediate" | "digest"): Promise<RuleIn[]> =>
    (await alerts.listRules(accountId))
      .filter((r) => r.rule.delivery.webhook === choice)
      .map((r) => ({ id: r.id, rule: r.rule }));

  /**
   * The digest last due, if it is due since the endpoint was made and not claimed yet: the
   * open alerts of digest rules fired between the previous digest time and this one.
   */
  const digest = async (endpoint: Endpoint, at: Date) => {
    const due = lastDue(endpoint.digestTime, endpoint.timeZone, at);
    if (due.at.getTime() < Date.parse(endpoint.createdAt)) return;
    if (await store.digestClaimed(endpoint.accountId, due.date)) return;
    const previous = new Date(`${due.date}T00:00:00Z`);
    previous.setUTCDate(previous.getUTCDate() - 1);
    const since = instantAt(previous.toISOString().slice(0, 10), endpoint.digestTime, endpoint.timeZone);
    const rules = await rulesOf(endpoint.accountId, "digest");
    const ruleIds = new Set(rules.map((r) => r.id));
    const fired = (await alerts.listAlerts(endpoint.accountId, { state: "open" }, at)).filter((a) => {
      const t = Date.parse(a.firedAt);
      return ruleIds.has(a.ruleId) && t > since.getTime() && t <= due.at.getTime();
    });
    const body =
      fired.length === 0
        ? null
        : JSON.stringify(
            digestPayload(
              { date: due.date, timeZone: endpoint.timeZone, since, until: due.at },
              fired.reverse().map(inOfAlert),
              rules,
              at,
            ),
          );
    await store.claimDigest(endpoint.accountId, due.date, body, at);
  };

  const sendDue = async (at: Date, messageId?: string) => {
    for (const due of await store.claimDue(at, leaseMs, batch, messageId)) {
      let secret: string;
      try {
        secret = openSecret(due.sealedSecret, due.accountId);
      } catch {
        secret = "";
      }
      const result = await sendAttempt(due, secret, at, { fetch: send });
      await store.recordAttempt(due.id, result);
    }
  };

  return {
    async fired(accountId, fired) {
      const endpoint = await store.endpoint(accountId);
      if (!endpoint?.enabled) return null;
      const rules = await rulesOf(accountId, "immediate");
      const ids = new Set(rules.map((r) => r.id));
      const chosen = fired.filter((a) => ids.has(a.ruleId));
      if (chosen.length === 0) return null;
      const at = now();
      return store.addMessage(
        accountId,
        "alert.fired",
        JSON.stringify(firedPayload(chosen.map(inOfAlert), rules, at)),
        at,
      );
    },
    async test(accountId) {
      if (!(await store.endpoint(accountId))) return null;
      const at = now();
      return store.addMessage(accountId, "alert.test", JSON.stringify(testPayload(at)), at);
    },
    async tick() {
      const at = now();
      for (const endpoint of await store.enabledEndpoints()) {
        try {
          await digest(endpoint, at);
        } catch (error) {
          console.error(
            "A webhook digest could not be made:",
            error instanceof Error ? error.message : error,
          );
        }
      }
      await sendDue(at);
    },
    sendNow: (messageId) => sendDue(now(), messageId),
  };
}

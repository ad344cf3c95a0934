import { sameOrigin, send, signIn } from "../client";
import { tally, type Check } from "../types";

/**
 * Server-side request forgery through webhook endpoints: subscriptions to private,
 * link-local, unique-local and metadata addresses are refused by the service with a 400 that
 * names the rule (seen through the BFF, as the Webhooks page sees it); a public one is taken.
 */
const REFUSED = [
  "https://10.0.0.1/hook",
  "https://172.16.5.4/hook",
  "https://192.168.1.1/hook",
  "https://169.254.169.254/latest/meta-data/",
  "https://100.100.100.200/",
  "https://[fd00:ec2::254]/",
  "https://[fe80::1]/hook",
  "https://[fc00::1]/hook",
  "https://[::ffff:10.0.0.1]/hook",
  "https://[::ffff:a9fe:a9fe]/",
  "https://0.0.0.0/hook",
  "https://100.64.0.1/hook",
  "http://10.0.0.1/hook",
  "http://169.254.169.254/",
];

export const webhookEndpoints: Check = async (servers) => {
  const { result, probe } = tally("Webhook endpoints (private, link-local, metadata)");
  const cookie = await signIn(servers, { persona: "owner" });
  const headers = { ...sameOrigin(servers), "content-type": "application/json", cookie };
  const create = (url: string) =>
    send(servers, {
      method: "POST",
      path: "/api/svc/webhooks",
      headers,
      body: JSON.stringify({ url, event_types: ["flags.detected"] }),
    });

  for (const url of REFUSED) {
    const answer = await create(url);
    const code = (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code;
    probe(
      answer.status === 400 && (code === "endpoint_address_refused" || code === "https_required"),
      () => `${url}: ${answer.status} ${code ?? answer.body.slice(0, 80)}`,
    );
  }
  const control = await create("https://8.8.8.8/security-suite");
  probe(
    control.status === 201,
    () => `a public endpoint was refused: ${control.status} ${control.body.slice(0, 120)}`,
  );
  if (control.status === 201) {
    const { id } = JSON.parse(control.body) as { id: string };
    await send(servers, { method: "DELETE", path: `/api/svc/webhooks/${id}`, headers });
  }
  return result;
};

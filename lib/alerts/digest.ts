/**
 * The e-mails alerts are delivered in: the morning digest and the immediate e-mail of an
 * evaluation. Pure: the subject, a plain-text body and a simple HTML body, the alerts grouped
 * by rule (the rule's threshold in words as the heading), each alert's why and a link to its
 * listing in the dashboard, and a link to the alert inbox. No alerts, no message: the caller
 * sends nothing.
 */

export interface MailedAlert {
  ruleId: string;
  /** The service's listing id. */
  listingId: string;
  why: string;
  firedAt: string;
}

export interface MailedRule {
  id: string;
  /** The threshold in words (`ruleWords`). */
  words: string;
}

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  rules: readonly MailedRule[];
  /** The listings' names by service id; an id without one is shown as the id. */
  names?: ReadonlyMap<string, string>;
  /** The dashboard's public address, without a trailing slash. */
  dashboardUrl: string;
}

/** Per rule, at most this many alerts are listed; the rest are counted, and the inbox has them. */
export const LISTED_PER_RULE = 25;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const listingUrl = (dashboardUrl: string, listingId: string) =>
  `${dashboardUrl}/listings/${encodeURIComponent(listingId)}`;
export const inboxUrl = (dashboardUrl: string) => `${dashboardUrl}/alerts`;

interface Group {
  words: string;
  alerts: MailedAlert[];
}

/** The alerts by rule, in the order of the rules (oldest rule first), newest alert first within. */
export function groupByRule(alerts: readonly MailedAlert[], rules: readonly MailedRule[]): Group[] {
  const byRule = new Map<string, MailedAlert[]>();
  for (const a of alerts) byRule.set(a.ruleId, [...(byRule.get(a.ruleId) ?? []), a]);
  return rules.flatMap((rule) => {
    const mine = byRule.get(rule.id);
    if (!mine) return [];
    return [{ words: rule.words, alerts: [...mine].sort((a, b) => b.firedAt.localeCompare(a.firedAt)) }];
  });
}

function render(intro: string, groups: Group[], ctx: MailContext, subject: string): MailMessage {
  const name = (id: string) => ctx.names?.get(id) ?? id;
  const text: string[] = [intro, ""];
  const html: string[] = [`<p>${escapeHtml(intro)}</p>`];
  for (const g of groups) {
    text.push(`${g.words} (${counted(g.alerts.length, "alert")})`);
    html.push(
      `<h2 style="font-size:16px">${escapeHtml(g.words)} (${counted(g.alerts.length, "alert")})</h2>`,
      "<ul>",
    );
    for (const a of g.alerts.slice(0, LISTED_PER_RULE)) {
      const url = listingUrl(ctx.dashboardUrl, a.listingId);
      text.push(`- ${name(a.listingId)}: ${a.why}`, `  ${url}`);
      html.push(
        `<li><a href="${escapeHtml(url)}">${escapeHtml(name(a.listingId))}</a>: ${escapeHtml(a.why)}</li>`,
      );
    }
    const more = g.alerts.length - LISTED_PER_RULE;
    if (more > 0) {
      text.push(`- and ${counted(more, "more alert")}, in the alert inbox`);
      html.push(`<li>and ${counted(more, "more alert")}, in the alert inbox</li>`);
    }
    text.push("");
    html.push("</ul>");
  }
  const inbox = inboxUrl(ctx.dashboardUrl);
  text.push(`Every alert, to snooze or resolve: ${inbox}`);
  html.push(`<p><a href="${escapeHtml(inbox)}">Open the alert inbox</a> to snooze or resolve them.</p>`);
  return {
    subject,
    text: `${text.join("\n")}\n`,
    html: `<!doctype html><html><body>${html.join("\n")}</body></html>`,
  };
}

/** Only alerts of the given rules are mailed: an alert of a rule not in the list is left out. */
const ofRules = (alerts: readonly MailedAlert[], rules: readonly MailedRule[]) => {
  const ids = new Set(rules.map((r) => r.id));
  return alerts.filter((a) => ids.has(a.ruleId));
};

/**
 * The morning digest of the local day `date` (YYYY-MM-DD): null when nothing is due, and
 * then nothing is sent.
 */
export function digestMessage(
  date: string,
  alerts: readonly MailedAlert[],
  ctx: MailContext,
): MailMessage | null {
  const due = ofRules(alerts, ctx.rules);
  if (due.length === 0) return null;
  const groups = groupByRule(due, ctx.rules);
  const total = counted(due.length, "alert");
  return render(
    `Good morning. Since your last digest, ${total} fired and still ${due.length === 1 ? "needs" : "need"} attention, by rule:`,
    groups,
    ctx,
    `Rate Desk digest for ${date}: ${total} to look at`,
  );
}

/** The e-mail of alerts an evaluation just fired under `immediate` rules; null when none. */
export function immediateMessage(alerts: readonly MailedAlert[], ctx: MailContext): MailMessage | null {
  const due = ofRules(alerts, ctx.rules);
  if (due.length === 0) return null;
  const groups = groupByRule(due, ctx.rules);
  const subject =
    groups.length === 1
      ? `Rate Desk alert: ${groups[0]!.words} (${counted(due.length, "listing")})`
      : `Rate Desk: ${counted(due.length, "alert")} just fired`;
  return render(
    `${due.length === 1 ? "An alert" : `${counted(due.length, "alert")}`} just fired:`,
    groups,
    ctx,
    subject,
  );
}

/** The test e-mail a person sends themselves from the delivery page. */
export function testMessage(dashboardUrl: string, nextDigest: string | null): MailMessage {
  const next = nextDigest ? `Your next digest: ${nextDigest}.` : "Your morning digest is off.";
  const text = `This is a test e-mail from Rate Desk: alerts will reach you at this address.\n${next}\nDelivery settings: ${dashboardUrl}/alerts/delivery\n`;
  return {
    subject: "Rate Desk test e-mail",
    text,
    html: `<!doctype html><html><body><p>This is a test e-mail from Rate Desk: alerts will reach you at this address.</p><p>${escapeHtml(next)}</p><p><a href="${escapeHtml(`${dashboardUrl}/alerts/delivery`)}">Delivery settings</a></p></body></html>`,
  };
}

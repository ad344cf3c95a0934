import nodemailer from "nodemailer";
import type { MailMessage } from "@/lib/alerts/digest";

/**
 * Sends one message over SMTP (nodemailer, on `SMTP_URL` such as
 * `smtp://user:pass@host:587`; `smtps://` for TLS from the start). A message is sent once:
 * the retries are the caller's (`sendWithRetries`), so that each attempt is counted.
 */
export interface Mailer {
  send(to: readonly string[], message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(to, message) {
      await transport.sendMail({
        from,
        to: [...to],
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * What a failed send says, in a sentence: never a stack trace, nor the mail server's address
 * or credentials (the page shows it to whoever tests their e-mail). A refusal the server
 * worded itself (a 4xx or 5xx reply) is quoted, its first line only.
 */
export function sendFailure(error: unknown): string {
  const e = (error ?? {}) as { code?: string; responseCode?: number; response?: string };
  if (e.code === "EAUTH")
    return "The mail server refused the dashboard's sign-in: check SMTP_URL's user and password.";
  if (typeof e.responseCode === "number") {
    const said = (e.response ?? "").split("\n")[0]!.slice(0, 200);
    return `The mail server did not take the message (${e.responseCode}${said ? `: ${said}` : ""}).`;
  }
  if (["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ENOTFOUND"].includes(e.code ?? ""))
    return "The mail server could not be reached: check SMTP_URL.";
  return "The mail server did not take the message.";
}

export interface RetryOptions {
  /** Attempts in all (3). */
  attempts?: number;
  /** The wait before attempt n+1 is base * 4^(n-1): 2 s, then 8 s. */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
  });

/** Sends with a few attempts, waiting longer between each: the outcome and how many attempts it took. */
export async function sendWithRetries(
  mailer: Mailer,
  to: readonly string[],
  message: MailMessage,
  { attempts = 3, baseDelayMs = 2_000, sleep = realSleep }: RetryOptions = {},
): Promise<{ ok: true; attempts: number } | { ok: false; attempts: number; error: string }> {
  let last: unknown;
  for (let n = 1; n <= attempts; n++) {
    try {
      await mailer.send(to, message);
      return { ok: true, attempts: n };
    } catch (error) {
      last = error;
      if (n < attempts) await sleep(baseDelayMs * 4 ** (n - 1));
    }
  }
  return { ok: false, attempts, error: sendFailure(last) };
}

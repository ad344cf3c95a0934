import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server in-process on a free loopback port, for the tests: it takes every
 * message and keeps it, decoded enough to read (headers, the plain-text and HTML parts), or
 * refuses the next few with a temporary failure. Imported by tests only.
 */
export interface CaughtMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** The next `n` messages are refused (451), as a mail server that is briefly down. */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

function part(raw: string, type: string): string {
  const at = raw.search(new RegExp(`Content-Type: ${type}`, "i"));
  if (at < 0) return "";
  const rest = raw.slice(at);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const body = rest
    .slice(headerEnd)
    .replace(/^\r?\n\r?\n/, "")
    .split(/\r?\n--/)[0]!;
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, "base64").toString("utf8");
  return body;
}

function header(raw: string, name: string): string {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refusing > 0) {
          refusing--;
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          subject: header(raw, "Subject"),
          text: part(raw, "text/plain"),
          html: part(raw, "text/html"),
          raw,
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = (server as unknown as { server: import("node:net").Server }).server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuseNext: (n) => {
      refusing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

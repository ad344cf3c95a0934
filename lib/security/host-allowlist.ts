/**
 * The host names the dashboard answers for. The write check compares
 * Origin with the request's own Host, so a DNS-rebinding page (its own name pointed at
 * 127.0.0.1) would pass it; answering only for known Host headers closes that. Loopback
 * names answer by default, on any port (local use, the tests and benchmarks); the names of
 * DASHBOARD_ORIGIN, DASHBOARD_PUBLIC_URL (where the service delivers webhooks) and
 * ALLOWED_HOSTS are added. Pure: proxy.ts runs it before routing, and tests call it directly.
 */

export interface HostAllowlist {
  /** Host names accepted on any port (lower case, no trailing dot, IPv6 in brackets). */
  anyPort: ReadonlySet<string>;
  /** `name:port` pairs accepted exactly. */
  exact: ReadonlySet<string>;
}

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** A Host header value split into name and port, or null when it is not a plain host. */
export function parseHost(header: string | null | undefined): { name: string; port: string | null } | null {
  if (!header || header.length > 300) return null;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?\.?)(?::(\d{1,5}))?$/i.exec(header.trim());
  if (!match) return null;
  const name = match[1]!.toLowerCase().replace(/\.$/, "");
  const port = match[2] ?? null;
  if (port !== null && (Number(port) < 1 || Number(port) > 65535)) return null;
  return { name, port };
}

/** `host` or `host:port` entries, comma- or space-separated, as ALLOWED_HOSTS holds them. */
function entriesOf(list: string | undefined): string[] {
  return (list ?? "")
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

function hostOfUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).host;
  } catch {
    return null;
  }
}

export function hostAllowlistFrom(source: Record<string, string | undefined>): HostAllowlist {
  const anyPort = new Set(LOOPBACK);
  const exact = new Set<string>();
  const add = (entry: string, portless: "any" | "exact") => {
    const host = parseHost(entry);
    if (!host) throw new Error(`ALLOWED_HOSTS: "${entry}" is not a host name or host:port`);
    if (host.port !== null) exact.add(`${host.name}:${host.port}`);
    else if (portless === "any") anyPort.add(host.name);
    else exact.add(host.name);
  };
  for (const entry of entriesOf(source.ALLOWED_HOSTS)) add(entry, "any");
  // An origin's host has its port when it is not the scheme's default, and none when it is:
  // a browser then sends the bare name as Host, which is what is accepted.
  for (const url of [source.DASHBOARD_ORIGIN, source.DASHBOARD_PUBLIC_URL]) {
    const host = hostOfUrl(url);
    if (host) add(host, "exact");
  }
  return { anyPort, exact };
}

export function isAllowedHost(header: string | null | undefined, allowlist: HostAllowlist): boolean {
  const host = parseHost(header);
  if (!host) return false;
  if (allowlist.anyPort.has(host.name)) return true;
  return allowlist.exact.has(host.port === null ? host.name : `${host.name}:${host.port}`);
}

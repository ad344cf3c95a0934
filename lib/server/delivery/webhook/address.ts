import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where the outgoing webhook may post: the public internet, and this machine (a receiver under
 * test, or one running beside the dashboard: the endpoint's own rule). Never a private network,
 * link-local (a cloud's metadata service), shared or reserved address: an account's editor must
 * not be able to make the dashboard post to, and show the answer of, the network it runs in.
 * Checked on the addresses the host name resolves to, just before each attempt.
 */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  REFUSED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  REFUSED.addSubnet(network, prefix, "ipv6");

/** An IPv4 address written inside IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 it is. */
const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Whether the dashboard refuses to post to this address (an IP literal). */
export function isRefusedAddress(address: string): boolean {
  const mapped = MAPPED.exec(address)?.[1];
  if (mapped) return isRefusedAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return REFUSED.check(address, family === 4 ? "ipv4" : "ipv6");
}

export const PRIVATE_ADDRESS =
  "The endpoint's host is on a private, link-local or reserved network, which alerts are never posted to: give a public URL.";

type Lookup = (hostname: string) => Promise<Array<{ address: string }>>;
const systemLookup: Lookup = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Why the URL's host may not be posted to, in a sentence; null when every address it resolves
 * to may be. A name that does not resolve is left to the attempt, which says so.
 */
export async function refusedHost(url: string, resolve: Lookup = systemLookup): Promise<string | null> {
  const hostname = new URL(url).hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(hostname) !== 0) return isRefusedAddress(hostname) ? PRIVATE_ADDRESS : null;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await resolve(hostname);
  } catch {
    return null;
  }
  return addresses.some((a) => isRefusedAddress(a.address)) ? PRIVATE_ADDRESS : null;
}

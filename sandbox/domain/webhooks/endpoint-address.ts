import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook endpoint may point. The service POSTs to whatever URL a
 * subscriber gives it, so an endpoint on a private network, a link-local address or a cloud
 * metadata address would turn the service into a proxy into its own network (server-side
 * request forgery). A real service refuses those; so does the reference service. Loopback
 * stays allowed: the reference service runs on the developer's machine, next to the
 * dashboard's receiver.
 *
 * The name is resolved and every address it resolves to is checked, when the subscription
 * is written (a clear 400) and again before each delivery (a name may be re-pointed later).
 */

export type AddressClass =
  | "public"
  | "loopback"
  | "unspecified"
  | "private"
  | "shared"
  | "link_local"
  | "unique_local"
  | "metadata"
  | "multicast"
  | "reserved";

/** What each refused class is called in the 400 sentence. */
export const REFUSED_CLASS_WORDS: Record<Exclude<AddressClass, "public" | "loopback">, string> = {
  unspecified: "an unspecified address",
  private: "a private address",
  shared: "a shared (carrier-grade NAT) address",
  link_local: "a link-local address",
  unique_local: "a unique-local address",
  metadata: "a cloud metadata address",
  multicast: "a multicast address",
  reserved: "a reserved address",
};

function list(entries: Array<[string, number]>, family: "ipv4" | "ipv6"): BlockList {
  const blocks = new BlockList();
  for (const [network, prefix] of entries) blocks.addSubnet(network, prefix, family);
  return blocks;
}

/** Checked in this order: the metadata addresses sit inside the link-local and shared ranges. */
const V4: Array<[AddressClass, BlockList]> = [
  [
    "metadata",
    list(
      [
        ["169.254.169.254", 32],
        ["100.100.100.200", 32],
        ["192.0.0.192", 32],
      ],
      "ipv4",
    ),
  ],
  ["loopback", list([["127.0.0.0", 8]], "ipv4")],
  ["unspecified", list([["0.0.0.0", 8]], "ipv4")],
  [
    "private",
    list(
      [
        ["10.0.0.0", 8],
        ["172.16.0.0", 12],
        ["192.168.0.0", 16],
      ],
      "ipv4",
    ),
  ],
  ["shared", list([["100.64.0.0", 10]], "ipv4")],
  ["link_local", list([["169.254.0.0", 16]], "ipv4")],
  ["multicast", list([["224.0.0.0", 4]], "ipv4")],
  // 240/4 (with the broadcast address), the IETF block 192.0.0.0/24 and benchmarking 198.18/15.
  [
    "reserved",
    list(
      [
        ["240.0.0.0", 4],
        ["192.0.0.0", 24],
        ["198.18.0.0", 15],
      ],
      "ipv4",
    ),
  ],
];
const V6: Array<[AddressClass, BlockList]> = [
  ["metadata", list([["fd00:ec2::254", 128]], "ipv6")],
  ["loopback", list([["::1", 128]], "ipv6")],
  ["unspecified", list([["::", 128]], "ipv6")],
  ["link_local", list([["fe80::", 10]], "ipv6")],
  ["unique_local", list([["fc00::", 7]], "ipv6")],
  ["multicast", list([["ff00::", 8]], "ipv6")],
];

/** The eight 16-bit groups of an IPv6 address (valid input, as isIP() said). */
function groupsOf(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/**
 * The IPv4 address an IPv6 one carries, when it is only a wrapper: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`) and NAT64 (`64:ff9b::a.b.c.d`). Otherwise null.
 */
function embeddedV4(ip: string): string | null {
  const g = groupsOf(ip);
  const v4 = () => `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(5) && g[5] === 0xffff) return v4();
  if (zeroUpTo(6) && (g[6]! !== 0 || g[7]! > 1)) return v4();
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4();
  return null;
}

/** What kind of address an IP literal is; anything not listed is public. */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) throw new Error(`not an IP address: ${ip}`);
  if (family === 6) {
    const v4 = embeddedV4(bare);
    if (v4 !== null) return classifyAddress(v4);
  }
  const table = family === 4 ? V4 : V6;
  for (const [kind, blocks] of table) if (blocks.check(bare, family === 4 ? "ipv4" : "ipv6")) return kind;
  return "public";
}

/** Resolves a host name to every address it has; throws when it does not resolve. */
export type HostResolver = (hostname: string) => Promise<string[]>;

const RESOLVE_TIMEOUT_MS = 3000;

export const systemResolver: HostResolver = async (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("lookup timed out")), RESOLVE_TIMEOUT_MS);
  });
  try {
    const answers = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
    return answers.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

export interface AddressRefusal {
  address: string;
  kind: Exclude<AddressClass, "public" | "loopback">;
}

/**
 * The first address of the URL's host that the service refuses to send to, or null when it
 * may. A name that does not resolve (yet) is not refused here: nothing can be sent to it, and
 * the check runs again before every delivery.
 */
export async function refusedAddress(
  url: URL,
  resolve: HostResolver = systemResolver,
): Promise<AddressRefusal | null> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return null;
    }
  }
  for (const address of addresses) {
    const kind = classifyAddress(address);
    if (kind !== "public" && kind !== "loopback") return { address, kind };
  }
  return null;
}

/** The sentence of the 400 (and of a refused delivery), naming the rule. */
export function refusalSentence(host: string, refusal: AddressRefusal): string {
  const what = REFUSED_CLASS_WORDS[refusal.kind];
  const subject =
    host.replace(/^\[|\]$/g, "") === refusal.address
      ? `${refusal.address} is ${what}`
      : `${host} resolves to ${refusal.address}, ${what}`;
  return (
    `${subject}: webhook endpoints must be public addresses (private, link-local, unique-local and ` +
    "metadata addresses are refused against server-side request forgery; loopback is accepted by the reference service for local development)."
  );
}

import { matchPath } from "../../../lib/svc/match";
import { tally, type Check } from "../types";

/**
 * Run last: every request that reached the service during the whole suite was a contract
 * request, or the dashboard's own persona list (sign-in) and reachability check (open pages).
 */
export const upstreamContract: Check = async (servers) => {
  const { result, probe } = tally("Upstream requests (whole suite) in the contract");
  for (const record of servers.upstream) {
    const [path = ""] = record.url.split("?");
    const own = record.method === "GET" && (path === "/_sandbox/personas" || path === "/");
    probe(
      own || matchPath(record.method, path).kind === "match",
      () => `${record.method} ${record.url} is not in the contract`,
    );
  }
  return result;
};

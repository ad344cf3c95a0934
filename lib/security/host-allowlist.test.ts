import { describe, expect, it } from "vitest";
import { hostAllowlistFrom, isAllowedHost, parseHost } from "@/lib/security/host-allowlist";

/** The dashboard answers only for the host names it is served as. */
describe("the dashboard answers only for its own host names", () => {
  const loopbackOnly = hostAllowlistFrom({});

  it.each([
    "localhost:3000",
    "localhost",
    "127.0.0.1:3110",
    "127.0.0.1:4242",
    "[::1]:3000",
    "LOCALHOST:3000",
    "localhost.:80",
  ])("loopback %s answers by default, on any port", (host) => {
    expect(isAllowedHost(host, loopbackOnly)).toBe(true);
  });

  it.each([
    "evil.example",
    "evil.example:3000",
    "rebind.attacker.test:3000",
    "127.0.0.1.nip.io:3000",
    "localhost.evil.example",
    "127.0.0.2:3000",
    "0.0.0.0:3000",
    "10.0.0.5:3000",
    "[::ffff:127.0.0.1]:3000",
    "localhost:99999",
    "localhost:3000@evil.example",
    "localhost:3000/evil",
    "local host",
    "",
    null,
  ])("%j is refused by default", (host) => {
    expect(isAllowedHost(host, loopbackOnly)).toBe(false);
  });

  it("DASHBOARD_ORIGIN and DASHBOARD_PUBLIC_URL add their exact host", () => {
    const list = hostAllowlistFrom({
      DASHBOARD_ORIGIN: "https://dash.example.com",
      DASHBOARD_PUBLIC_URL: "http://receiver.internal:8080",
    });
    expect(isAllowedHost("dash.example.com", list)).toBe(true);
    expect(isAllowedHost("dash.example.com:8443", list)).toBe(false);
    expect(isAllowedHost("receiver.internal:8080", list)).toBe(true);
    expect(isAllowedHost("receiver.internal:9090", list)).toBe(false);
    expect(isAllowedHost("localhost:3000", list)).toBe(true);
  });

  it("ALLOWED_HOSTS adds names on any port, or one exact port", () => {
    const list = hostAllowlistFrom({ ALLOWED_HOSTS: "rates.lan, 192.168.1.20:3000 Dash.Example.com" });
    expect(isAllowedHost("rates.lan:3000", list)).toBe(true);
    expect(isAllowedHost("rates.lan", list)).toBe(true);
    expect(isAllowedHost("192.168.1.20:3000", list)).toBe(true);
    expect(isAllowedHost("192.168.1.20:3001", list)).toBe(false);
    expect(isAllowedHost("dash.example.com:443", list)).toBe(true);
  });

  it("a malformed ALLOWED_HOSTS entry stops the dashboard with the entry named", () => {
    expect(() => hostAllowlistFrom({ ALLOWED_HOSTS: "https://dash.example.com/" })).toThrow(
      /ALLOWED_HOSTS: "https:\/\/dash.example.com\/"/,
    );
  });

  it("reads a Host header's name and port", () => {
    expect(parseHost("Example.COM:8080")).toEqual({ name: "example.com", port: "8080" });
    expect(parseHost("[::1]")).toEqual({ name: "[::1]", port: null });
    expect(parseHost("a b")).toBeNull();
  });
});

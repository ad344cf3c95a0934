import { describe, expect, it } from "vitest";
import { isRefusedAddress, PRIVATE_ADDRESS, refusedHost } from "@/lib/server/delivery/webhook/address";
import { sendAttempt } from "@/lib/server/delivery/webhook/send";

/**
 * The outgoing webhook never posts into the network the dashboard runs in: private, link-local,
 * shared and reserved addresses are refused, IPv4 written inside IPv6 included; the public
 * internet and this machine (the endpoint's own rule for a receiver beside it) are not.
 */
describe("the addresses the outgoing webhook posts to", () => {
  it("refuses private, link-local, shared, reserved and multicast addresses, and accepts public ones and this machine", () => {
    for (const refused of [
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "::ffff:10.0.0.1",
      "::FFFF:169.254.169.254",
      "not an address",
    ])
      expect(isRefusedAddress(refused), refused).toBe(true);
    for (const accepted of [
      "93.184.216.34",
      "8.8.8.8",
      "172.32.0.1",
      "192.169.0.1",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
      "127.0.0.1",
      "127.8.9.10",
      "::1",
    ])
      expect(isRefusedAddress(accepted), accepted).toBe(false);
  });

  it("judges an address written in the URL, and every address a name resolves to", async () => {
    const never = async (): Promise<Array<{ address: string }>> => {
      throw new Error("an address in the URL is not looked up");
    };
    expect(await refusedHost("https://10.0.0.5/hooks", never)).toBe(PRIVATE_ADDRESS);
    expect(await refusedHost("https://[fd00::1]:8443/hooks", never)).toBe(PRIVATE_ADDRESS);
    expect(await refusedHost("http://127.0.0.1:3000/hooks", never)).toBeNull();
    expect(await refusedHost("https://[::1]/hooks", never)).toBeNull();

    const resolvesTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address }));
    // One private address among public ones is enough to refuse: a connection may take any.
    expect(await refusedHost("https://hooks.example.com/in", resolvesTo("93.184.216.34", "10.0.0.7"))).toBe(
      PRIVATE_ADDRESS,
    );
    expect(
      await refusedHost("https://hooks.example.com/in", resolvesTo("93.184.216.34", "2606:2800::1")),
    ).toBeNull();
    // A name that does not resolve is the attempt's to report ("could not be found").
    expect(await refusedHost("https://nowhere.invalid/in", never)).toBeNull();
  });

  it("an attempt to a private host fails with the reason, without posting, and is tried again later", async () => {
    let posted = 0;
    const result = await sendAttempt(
      {
        id: "msg_1",
        accountId: "usr_owner",
        body: "{}",
        attempt: 1,
        url: "https://169.254.169.254/latest/meta-data",
        sealedSecret: Buffer.alloc(0),
      },
      `whsec_${Buffer.from("a secret of thirty-two bytes!!!!").toString("base64")}`,
      new Date("2026-11-29T08:00:00.000Z"),
      {
        fetch: (async () => {
          posted += 1;
          return new Response(null, { status: 204 });
        }) as typeof fetch,
      },
    );
    expect(posted).toBe(0);
    expect(result).toMatchObject({
      state: "pending",
      responseStatus: null,
      responseBody: null,
      error: PRIVATE_ADDRESS,
    });
    expect(PRIVATE_ADDRESS).not.toMatch(/169\.254|stack|Error/);
  });
});

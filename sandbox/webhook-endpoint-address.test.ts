import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import {
  classifyAddress,
  refusedAddress,
  type AddressClass,
  type HostResolver,
} from "./domain/webhooks/endpoint-address";
import { postDelivery } from "./domain/webhooks/send";
import { checkEndpointUrl } from "./domain/webhooks/subscriptions";
import { call, expectError, makeSandbox, personaKeys } from "./test-support";

/**
 * The reference service refuses webhook endpoints on private, link-local,
 * unique-local and metadata addresses, as a real service does against server-side request
 * forgery. No test needs the internet: literal addresses, `localhost`, and a resolver that
 * answers from a table for names.
 */

/** A resolver that knows a few names, as a DNS server would answer them; others do not resolve. */
const table: Record<string, string[]> = {
  "intranet.example": ["10.1.2.3"],
  "metadata.example": ["169.254.169.254"],
  "mixed.example": ["203.0.113.9", "192.168.1.10"],
  "public.example": ["203.0.113.9", "2001:db8::9"],
  "v6-private.example": ["fd12:3456::1"],
};
const resolver: HostResolver = async (name) => {
  const found = table[name];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return found;
};

describe("which addresses a webhook endpoint may have", () => {
  const cases: Array<[string, AddressClass]> = [
    ["8.8.8.8", "public"],
    ["203.0.113.9", "public"],
    ["2606:4700::1111", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.0.1", "private"],
    ["100.64.0.1", "shared"],
    ["169.254.0.7", "link_local"],
    ["fe80::1", "link_local"],
    ["fc00::1", "unique_local"],
    ["fd12:3456::1", "unique_local"],
    ["169.254.169.254", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["64:ff9b::a00:1", "private"],
    ["[fe80::1]", "link_local"],
  ];
  it.each(cases)("%s is %s", (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });

  it("a name is judged by every address it resolves to: one private address refuses it", async () => {
    expect(await refusedAddress(new URL("https://public.example/h"), resolver)).toBeNull();
    expect(await refusedAddress(new URL("https://mixed.example/h"), resolver)).toEqual({
      address: "192.168.1.10",
      kind: "private",
    });
    expect(await refusedAddress(new URL("https://metadata.example/h"), resolver)).toMatchObject({
      kind: "metadata",
    });
    expect(await refusedAddress(new URL("https://v6-private.example/h"), resolver)).toMatchObject({
      kind: "unique_local",
    });
  });

  it("localhost resolves to loopback, which the reference service keeps for local development", async () => {
    expect(await refusedAddress(new URL("https://localhost:8443/h"))).toBeNull();
    expect(await refusedAddress(new URL("http://localhost:3000/api/webhooks/x"))).toBeNull();
  });

  it("a name that does not resolve is not refused when written: the check repeats at each delivery", async () => {
    expect(await refusedAddress(new URL("https://nowhere.example/h"), resolver)).toBeNull();
  });
});

describe("the endpoint check names the rule it keeps", () => {
  it.each([
    ["https://10.0.0.8/hook", /10\.0\.0\.8 is a private address/],
    ["https://169.254.169.254/latest/meta-data", /169\.254\.169\.254 is a cloud metadata address/],
    ["https://[fe80::1]/hook", /fe80::1 is a link-local address/],
    ["https://[fd00::5]/hook", /fd00::5 is a unique-local address/],
    ["https://0.0.0.0/hook", /0\.0\.0\.0 is an unspecified address/],
    ["https://intranet.example/hook", /intranet\.example resolves to 10\.1\.2\.3, a private address/],
    ["https://metadata.example/hook", /resolves to 169\.254\.169\.254, a cloud metadata address/],
  ])("refuses %s", async (url, sentence) => {
    await expect(checkEndpointUrl(url, resolver)).rejects.toMatchObject({
      status: 400,
      code: "endpoint_address_refused",
      message: expect.stringMatching(sentence),
    });
  });

  it.each([
    "https://8.8.8.8/hook",
    "https://public.example/hook",
    "https://localhost/hook",
    "http://127.0.0.1:3000/api/webhooks/x",
    "http://[::1]:3000/hook",
  ])("accepts %s", async (url) => {
    await expect(checkEndpointUrl(url, resolver)).resolves.toBe(url);
  });
});

describe("webhook endpoints on private, link-local, unique-local and metadata addresses are refused", () => {
  let sandbox: Sandbox;
  let owner: string;
  beforeAll(async () => {
    sandbox = makeSandbox();
    owner = (await personaKeys(sandbox)).owner.keys.standard;
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    sandbox.ctx.db.exec(`DELETE FROM webhook_attempts; DELETE FROM webhook_subscriptions;`);
  });
  const create = (url: string) =>
    call(sandbox, "POST", "/webhooks", { key: owner, body: { url, event_types: ["flags.detected"] } });

  it.each([
    "https://192.168.1.20/hook",
    "https://172.20.0.1:8443/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fd00:ec2::254]/",
    "https://[::ffff:10.0.0.1]/hook",
    "https://100.100.100.200/",
  ])("POST /webhooks with %s answers 400 endpoint_address_refused naming the rule", async (url) => {
    const error = expectError(await create(url), 400, "endpoint_address_refused");
    expect(error.message).toMatch(/private, link-local, unique-local and metadata addresses are refused/);
    expect(error.details).toEqual({
      fields: [{ field: "url", message: expect.stringMatching(/^must not point at/) }],
    });
  });

  it("PUT /webhooks/{id} refuses a private URL and keeps the old one", async () => {
    const created = await create("https://8.8.8.8/hook");
    expect(created.status).toBe(201);
    const id = (created.json as { id: string }).id;
    const res = await call(sandbox, "PUT", `/webhooks/${id}`, {
      key: owner,
      body: { url: "https://10.9.8.7/x" },
    });
    expectError(res, 400, "endpoint_address_refused");
    const read = await call(sandbox, "GET", `/webhooks/${id}`, { key: owner });
    expect((read.json as { url: string }).url).toBe("https://8.8.8.8/hook");
  });

  it("loopback stays accepted for local development, over http and https", async () => {
    for (const url of [
      "http://127.0.0.1:3000/api/webhooks/x",
      "http://localhost:3000/h",
      "https://127.0.0.1/h",
    ]) {
      expect((await create(url)).status, url).toBe(201);
    }
  });
});

describe("a delivery is not sent to an endpoint whose name now resolves to a refused address", () => {
  it("the attempt fails with the rule's sentence and no connection is made", async () => {
    const result = await postDelivery("https://intranet.example/hook", {}, "{}", 1000, resolver);
    expect(result).toMatchObject({ ok: false, status: null, body: null });
    expect(result.error).toMatch(/^not sent: intranet\.example resolves to 10\.1\.2\.3, a private address/);
  });
});

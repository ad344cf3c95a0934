import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freshDatabase, sql } from "@/test-support/pg-database";
import { openPostgresRelay, RELAY_CHANNEL, type PostgresRelay } from "@/lib/server/postgres-relay";

/** The relay between instances on a real PostgreSQL: two relays stand for two instances. */
let url: string;
const open: PostgresRelay[] = [];

beforeAll(async () => {
  url = await freshDatabase("relay");
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((relay) => relay.close()));
});

function relay() {
  const heard: string[] = [];
  const r = openPostgresRelay({ url, onMessage: (text) => heard.push(text) });
  open.push(r);
  return { relay: r, heard };
}

const until = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 20 });

describe("the relay between instances (LISTEN/NOTIFY)", () => {
  it("a message sent by one instance reaches every instance listening on the database", async () => {
    const a = relay();
    const b = relay();
    await Promise.all([a.relay.listening(), b.relay.listening()]);
    a.relay.send('{"hello":"from a"}');
    await until(() => a.heard.length === 1 && b.heard.length === 1);
    expect(b.heard).toEqual(['{"hello":"from a"}']);
    expect(b.relay.state()).toBe("listening");
  });

  it("listens again after the database dropped its connection, and hears what is sent afterwards", async () => {
    const a = relay();
    const b = relay();
    await Promise.all([a.relay.listening(), b.relay.listening()]);
    // What a database restart or a failover does to a listening session.
    await sql(
      url,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'LISTEN ${RELAY_CHANNEL}' AND pid <> pg_backend_pid()`,
    );
    await until(() => b.relay.state() === "reconnecting");
    await b.relay.listening();
    await a.relay.listening();
    a.relay.send('{"after":"the drop"}');
    await until(() => b.heard.includes('{"after":"the drop"}'));
  });

  it("a closed relay neither hears nor sends, and closing twice is harmless", async () => {
    const a = relay();
    const b = relay();
    await Promise.all([a.relay.listening(), b.relay.listening()]);
    await b.relay.close();
    a.relay.send('{"n":1}');
    await until(() => a.heard.length === 1);
    expect(b.heard).toEqual([]);
    expect(b.relay.state()).toBe("closed");
    b.relay.send('{"n":2}');
    await b.relay.close();
    await expect(b.relay.listening()).rejects.toThrow("closed");
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createKeyRing } from "@/lib/server/mirror/key-ring";
import { openSqliteMirror } from "@/lib/server/mirror/sqlite-mirror";
import { syncKeys } from "@/lib/server/mirror/stored-key";

const root = mkdtempSync(path.join(tmpdir(), "rd-stored-key-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SECRET = "stored-key-test-session-secret-0123456789";

async function setUp(name: string) {
  const store = openSqliteMirror(path.join(root, name));
  await store.startSync("usr_owner", "Olivia Hart");
  const ring = createKeyRing();
  return { store, ring, keys: syncKeys(store, ring, SECRET) };
}

describe("the keys the sync reads with", () => {
  it("the key of someone online first, at the online share; else the stored read-only key, at the idle share", async () => {
    const { store, ring, keys } = await setUp("order");
    expect(await keys.keyFor("usr_owner")).toBeNull();
    await store.storeKey("usr_owner", keys.seal("usr_owner", "ro_key_1234"), "1234");
    expect(await keys.keyFor("usr_owner")).toEqual({ apiKey: "ro_key_1234", online: false });
    ring.touch("usr_owner", "session_key_9876");
    expect(await keys.keyFor("usr_owner")).toEqual({ apiKey: "session_key_9876", online: true });
    await store.close();
  });

  it("a sealed key opens only for its own account, and only under the same SESSION_SECRET", async () => {
    const { store, keys } = await setUp("bound");
    await store.startSync("usr_other", "Other");
    // The owner's sealed key copied onto another account's row does not open there.
    await store.storeKey("usr_other", keys.seal("usr_owner", "ro_key_1234"), "1234");
    expect(await keys.keyFor("usr_other")).toBeNull();
    expect(await store.sealedKey("usr_other")).toBeNull();
    expect((await store.syncRecord("usr_other"))!.stoppedReason).toMatch(/SESSION_SECRET changed/);
    await store.storeKey("usr_owner", keys.seal("usr_owner", "ro_key_1234"), "1234");
    const elsewhere = syncKeys(store, createKeyRing(), `${SECRET}-rotated`);
    expect(await elsewhere.keyFor("usr_owner")).toBeNull();
    await store.close();
  });

  it("a stored key the service refuses is erased; a refused session key is only let go", async () => {
    const { store, ring, keys } = await setUp("refused");
    await store.storeKey("usr_owner", keys.seal("usr_owner", "ro_key_1234"), "1234");
    ring.touch("usr_owner", "session_key_9876");
    keys.refused("usr_owner", "session_key_9876");
    await expect.poll(() => keys.keyFor("usr_owner")).toEqual({ apiKey: "ro_key_1234", online: false });
    keys.refused("usr_owner", "ro_key_1234");
    await expect.poll(() => store.sealedKey("usr_owner")).toBeNull();
    await store.close();
  });
});

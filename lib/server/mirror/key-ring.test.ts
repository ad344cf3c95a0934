import { describe, expect, it } from "vitest";
import { createKeyRing, ONLINE_GRACE_MS } from "@/lib/server/mirror/key-ring";

describe("the keys the sync reads with, in memory only", () => {
  it("holds a key while a page of the account is open, and a grace after the last one closes", () => {
    let t = 0;
    const ring = createKeyRing(() => t);
    expect(ring.keyFor("usr_owner")).toBeNull();
    const release = ring.hold("usr_owner", "key-a");
    t += 10 * ONLINE_GRACE_MS;
    expect(ring.keyFor("usr_owner")).toEqual({ apiKey: "key-a", online: true });
    release();
    t += ONLINE_GRACE_MS - 1;
    expect(ring.online("usr_owner")).toBe(true);
    t += 2;
    expect(ring.keyFor("usr_owner")).toBeNull();
    expect(ring.online("usr_owner")).toBe(false);
  });

  it("reads with the newest user's key; a refused key is never used again", () => {
    let t = 0;
    const ring = createKeyRing(() => t);
    ring.touch("usr_owner", "key-a");
    ring.touch("usr_owner", "key-b");
    expect(ring.keyFor("usr_owner")?.apiKey).toBe("key-b");
    ring.refused("usr_owner", "key-b");
    expect(ring.keyFor("usr_owner")).toBeNull();
    ring.touch("usr_owner", "key-b");
    expect(ring.keyFor("usr_owner")).toBeNull();
    t += 1;
    ring.touch("usr_owner", "key-a");
    expect(ring.keyFor("usr_owner")?.apiKey).toBe("key-a");
    ring.forget("usr_owner");
    expect(ring.keyFor("usr_owner")).toBeNull();
  });
});

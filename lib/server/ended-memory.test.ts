import { describe, expect, it } from "vitest";
import { createEndedMemory } from "@/lib/server/ended-memory";

const ref = (sessionId: string, keyId: string | null, signedInAt: number) => ({
  sessionId,
  keyId,
  signedInAt,
});

describe("an instance's memory of ended sessions (used while the store cannot be read)", () => {
  it("a session ended here stays ended until its record runs out", () => {
    const memory = createEndedMemory();
    memory.remember({ sessionId: "s1", until: 1_000 });
    expect(memory.isEnded(ref("s1", null, 0), 999)).toBe(true);
    expect(memory.isEnded(ref("s1", null, 0), 1_000)).toBe(false);
    expect(memory.isEnded(ref("s2", null, 0), 500)).toBe(false);
  });

  it("a revoked key ends the sessions signed in with it until the revocation, not those after", () => {
    const memory = createEndedMemory();
    memory.remember({ keyId: "tok_a", at: 100, until: 5_000 });
    expect(memory.isEnded(ref("s1", "tok_a", 100), 200)).toBe(true);
    expect(memory.isEnded(ref("s2", "tok_a", 101), 200)).toBe(false);
    expect(memory.isEnded(ref("s3", "tok_b", 50), 200)).toBe(false);
    expect(memory.isEnded(ref("s4", null, 50), 200)).toBe(false);
  });

  it("ending again keeps the later of the two times", () => {
    const memory = createEndedMemory();
    memory.remember({ sessionId: "s1", until: 2_000 });
    memory.remember({ sessionId: "s1", until: 1_000 });
    expect(memory.isEnded(ref("s1", null, 0), 1_500)).toBe(true);
  });

  it("is bounded: past its size, the oldest records go first", () => {
    const memory = createEndedMemory(3);
    const far = Date.now() + 60_000;
    for (const id of ["s1", "s2", "s3", "s4"]) memory.remember({ sessionId: id, until: far });
    expect(memory.size()).toBe(3);
    expect(memory.isEnded(ref("s1", null, 0))).toBe(false);
    expect(memory.isEnded(ref("s4", null, 0))).toBe(true);
  });
});

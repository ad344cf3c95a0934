import { describe, expect, it } from "vitest";
import { onFreshConnection } from "@/lib/server/postgres-support";

/** The retry of work that met a connection the server had closed (a restart of PostgreSQL). */
function failingFirst(error: unknown) {
  let calls = 0;
  return {
    work: async () => {
      calls++;
      if (calls === 1) throw error;
      return "done";
    },
    calls: () => calls,
  };
}

describe("work on a stale pooled connection", () => {
  it.each([
    ["57P01", "terminating connection due to administrator command"],
    ["57P02", "terminating connection due to crash of another server process"],
    ["57P03", "the database system is starting up"],
  ])("a session the server ended (%s) is tried once more on a fresh connection", async (code, message) => {
    const attempt = failingFirst(Object.assign(new Error(message), { code }));
    expect(await onFreshConnection(attempt.work)).toBe("done");
    expect(attempt.calls()).toBe(2);
  });

  it("a client that sent nothing (not queryable) is tried once more", async () => {
    const attempt = failingFirst(new Error("Client has encountered a connection error and is not queryable"));
    expect(await onFreshConnection(attempt.work)).toBe("done");
  });

  it("any other failure (a constraint, a refused connection) is not retried", async () => {
    for (const error of [
      Object.assign(new Error("duplicate key"), { code: "23505" }),
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    ]) {
      const attempt = failingFirst(error);
      await expect(onFreshConnection(attempt.work)).rejects.toBe(error);
      expect(attempt.calls()).toBe(1);
    }
  });

  it("a second stale failure in a row is reported, not retried forever", async () => {
    let calls = 0;
    const stale = Object.assign(new Error("terminating connection"), { code: "57P01" });
    await expect(
      onFreshConnection(async () => {
        calls++;
        throw stale;
      }),
    ).rejects.toBe(stale);
    expect(calls).toBe(2);
  });
});

import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { isoTimestamp } from "../clock";
import type { SandboxContext } from "../context";
import { ApiError } from "../domain/api-error";
import { simulate, simulateBody } from "../domain/simulate";
import { parseBody } from "../http";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Controls answer loopback clients only. In-process requests (tests) have no socket. */
function fromLoopback(c: Context): boolean {
  try {
    const address = getConnInfo(c).remote.address;
    return address === undefined || LOOPBACK.test(address);
  } catch {
    return true;
  }
}

const advanceBody = z.object({
  advance_seconds: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 3600),
});

type PersonaRow = {
  persona: string;
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
};

/** docs/interface-decisions.md §8: personas, reset, simulate and the clock, under /_sandbox. */
export function sandboxControls(ctx: SandboxContext, reset: () => void) {
  const controls = new Hono();
  controls.use("*", async (c, next) => {
    if (!fromLoopback(c))
      throw new ApiError(403, "forbidden", "Sandbox controls answer loopback clients only.");
    await next();
  });

  controls.get("/personas", (c) => {
    const users = ctx.db
      .prepare(
        `SELECT persona, id AS user_id, email, first_name, last_name FROM users
         WHERE persona IS NOT NULL ORDER BY CASE persona
           WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 WHEN 'editor' THEN 2
           WHEN 'restricted_editor' THEN 3 WHEN 'viewer' THEN 4 WHEN 'outsider' THEN 5 ELSE 6 END`,
      )
      .all() as PersonaRow[];
    const keyStmt = ctx.db.prepare(
      `SELECT kind, demo_key FROM api_keys
       WHERE user_id = ? AND demo_key IS NOT NULL AND revoked_at IS NULL ORDER BY token_id`,
    );
    return c.json(
      users.map((user) => {
        const keys: Record<string, string> = {};
        for (const k of keyStmt.all(user.user_id) as Array<{ kind: string; demo_key: string }>) {
          keys[k.kind] ??= k.demo_key;
        }
        return { ...user, keys };
      }),
    );
  });

  controls.post("/reset", (c) => {
    reset();
    return c.json({ reset: true, now: isoTimestamp(ctx.clock.now()) });
  });

  controls.get("/clock", (c) => c.json({ now: isoTimestamp(ctx.clock.now()) }));
  controls.post("/clock", async (c) => {
    const { advance_seconds } = await parseBody(advanceBody, c.req.raw);
    const now = await ctx.clock.advance(advance_seconds);
    ctx.db
      .prepare(
        `INSERT INTO meta (key, value) VALUES ('clock_offset_ms', ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      )
      .run(String(ctx.clock.offset));
    return c.json({ now: isoTimestamp(now) });
  });

  controls.post("/simulate", async (c) => {
    const body = await parseBody(simulateBody, c.req.raw);
    return c.json(simulate(ctx, body));
  });

  return controls;
}

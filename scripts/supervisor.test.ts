import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keepRunning, type Supervised } from "./supervisor.mjs";

/**
 * Under `npm start`, a reference service that dies is started again after a
 * growing pause, and each restart is logged; the supervisor never gives up while running.
 */
const handles: Supervised[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.stop()));
});

/** A child that crashes on its first `crashes` starts, then stays up; it counts its starts in a file. */
function flakyChild(crashes: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rd-supervisor-"));
  const counter = path.join(dir, "starts");
  writeFileSync(counter, "0");
  const script = path.join(dir, "child.mjs");
  writeFileSync(
    script,
    `import { readFileSync, writeFileSync } from "node:fs";
     const n = Number(readFileSync(${JSON.stringify(counter)}, "utf8")) + 1;
     writeFileSync(${JSON.stringify(counter)}, String(n));
     if (n <= ${crashes}) process.exit(3);
     setInterval(() => {}, 1000);`,
  );
  return { script, starts: () => Number(readFileSync(counter, "utf8")) };
}

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("the reference service is restarted with backoff when it dies", () => {
  it("restarts after each crash, pausing longer each time, and logs every restart", async () => {
    const { script, starts } = flakyChild(3);
    const lines: string[] = [];
    const handle = keepRunning("The reference service", [script], {
      log: (line: string) => lines.push(line),
      delays: [20, 40, 80],
      stdio: "ignore",
    });
    handles.push(handle);
    await until(() => starts() === 4 && lines.length === 6);
    expect(handle.restarts).toBe(3);
    expect(lines.filter((l) => l.includes("stopped"))).toEqual([
      "The reference service stopped (exit 3); restarting it in 0.02 s (restart 1). The dashboard stays up meanwhile.",
      "The reference service stopped (exit 3); restarting it in 0.04 s (restart 2). The dashboard stays up meanwhile.",
      "The reference service stopped (exit 3); restarting it in 0.08 s (restart 3). The dashboard stays up meanwhile.",
    ]);
    expect(lines.filter((l) => l.includes("restarted"))).toHaveLength(3);
  });

  it("a child killed from outside is restarted too, and stop() ends it for good", async () => {
    const { script, starts } = flakyChild(0);
    const lines: string[] = [];
    const handle = keepRunning("The reference service", [script], {
      log: (line: string) => lines.push(line),
      delays: [20],
      stdio: "ignore",
    });
    handles.push(handle);
    await until(() => starts() === 1);
    process.kill(handle.child.pid!, "SIGKILL");
    await until(() => starts() === 2);
    expect(lines[0]).toMatch(/stopped \(SIGKILL\); restarting it in 0.02 s/);
    await handle.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect(starts()).toBe(2);
  });
});

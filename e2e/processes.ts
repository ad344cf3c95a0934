/** Servers the specs start themselves (the recovery pair, the two instances): waiting for them, stopping them. */
import type { ChildProcess } from "node:child_process";

/** Resolves once `url` answers at all; rejects after `ms`, or at once when `child` has exited. */
export async function waitForHttp(url: string, ms: number, child?: ChildProcess) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** SIGKILL (a kill -9), resolved once the process has exited; nothing to do when it already has. */
export function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

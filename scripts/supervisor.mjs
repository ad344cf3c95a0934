// Keeps a child process running for `npm start`: when the reference service
// dies, the dashboard stays up and the service is started again after a growing pause, each
// restart said in the log. A child that stayed up a while starts the pauses over.
import { spawn } from "node:child_process";

/** Pauses before restart n (1-based): 1 s, 2 s, 4 s … at most 30 s. */
export const RESTART_DELAYS_MS = [1000, 2000, 4000, 8000, 16000, 30000];
/** Up this long, a child counts as healthy again: the next crash waits the first pause. */
export const HEALTHY_AFTER_MS = 60_000;

/**
 * Starts `node <args>` and restarts it whenever it exits, until stop(). Returns the handle.
 * `delays` and `healthyAfterMs` are for tests; `log` receives one line per event.
 */
export function keepRunning(
  name,
  args,
  {
    env = process.env,
    log = console.error,
    delays = RESTART_DELAYS_MS,
    healthyAfterMs = HEALTHY_AFTER_MS,
    stdio = "inherit",
  } = {},
) {
  let child = null;
  let stopped = false;
  let failures = 0;
  let timer = null;
  let startedAt = 0;

  function start() {
    startedAt = Date.now();
    child = spawn(process.execPath, args, { stdio, env });
    child.on("exit", (code, signal) => {
      if (stopped) return;
      if (Date.now() - startedAt >= healthyAfterMs) failures = 0;
      const delay = delays[Math.min(failures, delays.length - 1)];
      failures += 1;
      log(
        `${name} stopped (${signal ?? `exit ${code}`}); restarting it in ${delay / 1000} s (restart ${failures}). The dashboard stays up meanwhile.`,
      );
      timer = setTimeout(() => {
        timer = null;
        if (stopped) return;
        start();
        log(`${name} restarted (pid ${child.pid}).`);
      }, delay);
    });
  }
  start();

  return {
    get child() {
      return child;
    },
    get restarts() {
      return failures;
    },
    /** Stops restarting and ends the child; resolves when it has exited. */
    stop(signal = "SIGTERM") {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill(signal);
      });
    },
  };
}

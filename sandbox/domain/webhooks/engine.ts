import type { SandboxContext } from "../../context";

/** The delivery engine: closes batch windows, signs and sends due attempts, retries, disables. */
export interface DeliveryEngine {
  /** Closes every window that has ended and sends every attempt that is due, then settles. */
  runDue(): Promise<void>;
  /** Runs `runDue` on a real-time interval (the standalone server). */
  start(intervalMs: number): void;
  stop(): void;
}

export function createDeliveryEngine(ctx: SandboxContext): DeliveryEngine {
  void ctx;
  return { runDue: async () => {}, start: () => {}, stop: () => {} };
}

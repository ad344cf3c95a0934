import type { ChildProcess, StdioOptions } from "node:child_process";

export const RESTART_DELAYS_MS: number[];
export const HEALTHY_AFTER_MS: number;
export interface Supervised {
  readonly child: ChildProcess;
  readonly restarts: number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}
export function keepRunning(
  name: string,
  args: string[],
  options?: {
    env?: NodeJS.ProcessEnv;
    log?: (line: string) => void;
    delays?: number[];
    healthyAfterMs?: number;
    stdio?: StdioOptions;
  },
): Supervised;

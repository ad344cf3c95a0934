/** Types of server-pair.mjs (plain JavaScript, read by playwright.config.ts and the suites). */
/** A process of a server pair: its arguments for `node`, its environment, its ready URL. */
export interface PairProcess {
  args: string[];
  env: Record<string, string>;
  readyUrl: string;
}
export function referenceServiceProcess(options: { port: number; env?: Record<string, string> }): PairProcess;
export function dashboardProcess(options: {
  port: number;
  servicePort?: number;
  dataDir: string;
  env?: Record<string, string>;
}): PairProcess;

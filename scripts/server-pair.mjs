/**
 * A dashboard and its reference service, as every place that starts them runs them: the
 * browser tests' shared pairs (playwright.config.ts), the pairs the specs start themselves
 * (e2e/*-support.ts), the security suite and the benches. Each answers a process's arguments
 * for `node`, its environment (to lay over the caller's own) and the URL that answers once it
 * is ready; the caller starts it in its own way and keeps its own ports.
 */

/**
 * The reference service, in memory, with instant writes. `--import tsx` makes the server this
 * very process (tsx's CLI would run it in a child that a kill leaves behind).
 */
export function referenceServiceProcess({ port, env = {} }) {
  return {
    args: ["--import", "tsx", "sandbox/server.ts"],
    env: { SANDBOX_PORT: String(port), SANDBOX_DB: ":memory:", SANDBOX_WRITE_LATENCY_MS: "0", ...env },
    readyUrl: `http://127.0.0.1:${port}/_sandbox/clock`,
  };
}

/**
 * The built dashboard behind the method guard, as `npm start` runs it (scripts/serve.mjs),
 * talking to the reference service on `servicePort` (or to `env.SVC_BASE_URL` when that is set).
 * `next start -p` does not set PORT, so the service is told where the receiver is.
 */
export function dashboardProcess({ port, servicePort, dataDir, env = {} }) {
  return {
    args: ["scripts/serve.mjs", "-p", String(port), "-H", "127.0.0.1"],
    env: {
      ...(servicePort === undefined ? {} : { SANDBOX_PORT: String(servicePort) }),
      SVC_BASE_URL: "",
      DATA_DIR: dataDir,
      DASHBOARD_PUBLIC_URL: `http://127.0.0.1:${port}`,
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    readyUrl: `http://127.0.0.1:${port}/sign-in`,
  };
}

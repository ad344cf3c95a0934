/**
 * Runs once when the dashboard's server starts. It opens the receiver's store and processes
 * every webhook event accepted before the last stop but not processed yet, instead of waiting
 * for the next delivery to arrive. A DATABASE_URL that is malformed, or names a database that
 * cannot be reached, stops the server here with one sentence (store-select.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { receiverRuntime } = await import("./lib/server/webhooks/runtime");
  const { openOrStop } = await import("./lib/server/store-select");
  await openOrStop(receiverRuntime);
}

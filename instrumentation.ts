/**
 * Runs once when the dashboard's server starts: the composition root (lib/server/boot.ts)
 * opens the store, joins the other instances and starts the webhook receiver.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("@/lib/server/boot");
  await boot();
}

export const dynamic = "force-dynamic";

/**
 * GET: 200 while the process serves requests (a liveness probe). Unauthenticated and cheap:
 * it reads nothing and says nothing about the instance.
 */
export function GET(): Response {
  return new Response(JSON.stringify({ status: "ok" }), {
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}

import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { SESSION_COOKIE, unsealSession, viewOf, type SessionView } from "@/lib/server/session";

/**
 * The signed-in user's session view, or a redirect to sign-in (saying why when it expired).
 * Cached per render: the layout and the page share one read of the cookie.
 */
export const requireSession = cache(async (): Promise<SessionView> => {
  const store = await cookies();
  const sealed = store.get(SESSION_COOKIE)?.value;
  const session = await unsealSession(sealed);
  if (!session) redirect(sealed ? "/sign-in?expired=1" : "/sign-in");
  return viewOf(session);
});

export async function currentSession(): Promise<SessionView | null> {
  const store = await cookies();
  const session = await unsealSession(store.get(SESSION_COOKIE)?.value);
  return session ? viewOf(session) : null;
}

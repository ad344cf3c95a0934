import { anyAnswer, callDashboard } from "@/lib/queries/dashboard-api";

/** Starts a session with a pasted key or (reference service) a demo persona; the key stays on the server. */
export const startSession = (body: { apiKey: string } | { persona: string }) =>
  callDashboard("/api/session", anyAnswer, { method: "POST", body });

/**
 * Ends this session: its cookie is cleared and refused from now on. `everywhere` ends every
 * session signed in with this key and erases the account's portfolio mirror.
 */
export const endSession = ({ everywhere = false } = {}) =>
  callDashboard(everywhere ? "/api/session?everywhere=true" : "/api/session", anyAnswer, {
    method: "DELETE",
  });

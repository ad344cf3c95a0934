import { anyAnswer, callDashboard } from "@/lib/queries/dashboard-api";

/** Starts a session with a pasted key or (reference service) a demo persona; the key stays on the server. */
export const startSession = (body: { apiKey: string } | { persona: string }) =>
  callDashboard("/api/session", anyAnswer, { method: "POST", body });

/** Ends this session: its cookie is cleared and refused from now on. */
export const endSession = () => callDashboard("/api/session", anyAnswer, { method: "DELETE" });

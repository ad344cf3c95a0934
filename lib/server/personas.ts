import "server-only";
import { z } from "zod";
import { env } from "@/lib/server/env";

/** docs/interface-decisions.md §8: the reference service's demo personas (keys stay on the server). */
const personaSchema = z.object({
  persona: z.string(),
  user_id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  keys: z.record(z.string(), z.string()),
});
export type Persona = z.infer<typeof personaSchema>;
export type PersonaView = { persona: string; name: string; email: string };

export const PERSONA_ROLES: Record<string, string> = {
  owner: "Team owner: owns the portfolio, sets and billing",
  manager: "Manager on the owner's team",
  editor: "Editor on the owner's team",
  restricted_editor: "Restricted editor: no tags or batch preferences",
  viewer: "Viewer: read-only access",
  outsider: "Another account, with no access to the owner's listings",
  portfolio_manager:
    "Property manager: about 1,500 listings in four markets (first sign-in takes a few seconds)",
};

/**
 * What the reference service says about its personas: the list; or that there is no reference
 * service (a real one is configured); or that it did not answer, which under `npm start`
 * usually means it is restarting (the page says which).
 */
export type PersonaList =
  { state: "listed"; personas: Persona[] } | { state: "not_reference_service" } | { state: "not_answering" };

export async function listPersonas(): Promise<PersonaList> {
  const { usingReferenceService, svcBaseUrl } = env();
  if (!usingReferenceService) return { state: "not_reference_service" };
  try {
    const response = await fetch(`${svcBaseUrl}/_sandbox/personas`, {
      cache: "no-store",
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) return { state: "not_answering" };
    const parsed = z.array(personaSchema).safeParse(await response.json());
    return parsed.success ? { state: "listed", personas: parsed.data } : { state: "not_answering" };
  } catch {
    return { state: "not_answering" };
  }
}

export const personaName = (p: Pick<Persona, "first_name" | "last_name" | "email">) =>
  [p.first_name, p.last_name].filter(Boolean).join(" ") || p.email;

export function viewOfPersona(p: Persona): PersonaView {
  return { persona: p.persona, name: personaName(p), email: p.email };
}

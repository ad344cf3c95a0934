import { labelOf } from "@/lib/display/open-values";

/**
 * The reference service's demo personas by the role each plays, as the header's badge names
 * them. The list is the service's (GET /_sandbox/personas): a persona this dashboard has no
 * words for is put into words from its name ("night_auditor" → "Night auditor"), never shown
 * as the identifier.
 */
export const personaLabels: Readonly<Record<string, string>> = {
  owner: "Owner",
  manager: "Manager",
  editor: "Editor",
  restricted_editor: "Restricted editor",
  viewer: "Viewer",
  outsider: "Other account",
  portfolio_manager: "Portfolio manager",
};

/** A persona's role in words: "Portfolio manager" for `portfolio_manager`. */
export const personaLabel = (persona: string) => labelOf(personaLabels, persona);

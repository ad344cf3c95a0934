import { parseAsStringLiteral } from "nuqs";
import { WORKSPACE_TABS } from "@/components/listing/workspace/workspace-tab-state";

/**
 * `?tab=` as nuqs reads it; an unknown value falls back to KPIs rather than an empty page.
 * Apart from the tab names because nuqs is client-only and the skeleton renders on the server.
 */
export const tabState = parseAsStringLiteral(WORKSPACE_TABS).withDefault("kpis");

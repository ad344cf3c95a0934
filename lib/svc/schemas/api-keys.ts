import { z } from "zod";
import { timestamp } from "@/lib/svc/schemas/common";

/** docs/interface-decisions.md §2: key management is not in the interface, so it is ours. */
export const apiKeyKind = z.enum(["standard", "read_only", "channel_integration", "assistant"]);
export type ApiKeyKind = z.infer<typeof apiKeyKind>;

export const apiKey = z.object({
  token_id: z.string(),
  name: z.string(),
  kind: apiKeyKind,
  last4: z.string(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const createApiKeyBody = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(80),
  read_only: z.boolean().optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

/** The create response is the only place the key itself appears. */
export const createdApiKey = apiKey.extend({ key: z.string() });

/** Active keys a user may hold; assistant keys are not counted (docs/interface.md §Authentication 3). */
export const ACTIVE_KEY_LIMIT = 5;

import { z } from "zod";
import { apiKey, createApiKeyBody, createdApiKey } from "@/lib/svc/schemas/api-keys";
import { endpoint } from "@/lib/svc/endpoint";

export const apiKeyEndpoints = {
  "apiKeys.list": endpoint({
    group: "api_keys",
    method: "GET",
    path: "/api_keys",
    summary: "The caller's API keys, revoked ones included",
    response: z.array(apiKey),
  }),
  "apiKeys.create": endpoint({
    group: "api_keys",
    method: "POST",
    path: "/api_keys",
    summary: "Creates a key; the response alone carries it. A sixth active key: 422",
    body: createApiKeyBody,
    response: createdApiKey,
    status: 201,
  }),
  "apiKeys.revoke": endpoint({
    group: "api_keys",
    method: "DELETE",
    path: "/api_keys/{token_id}",
    summary: "Revokes a key",
    response: apiKey,
  }),
} as const;

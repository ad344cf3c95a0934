import type { EndpointDef } from "@/lib/svc/endpoint";
import { apiKeyEndpoints } from "@/lib/svc/endpoints/api-keys";
import { listingDataEndpoints } from "@/lib/svc/endpoints/listing-data";
import { listingOperationEndpoints } from "@/lib/svc/endpoints/listing-operations";
import { listingEndpoints } from "@/lib/svc/endpoints/listings";
import { marketReportEndpoints } from "@/lib/svc/endpoints/market-report";
import { notificationEndpoints } from "@/lib/svc/endpoints/notifications";
import { preferenceEndpoints } from "@/lib/svc/endpoints/preferences";
import { segmentEndpoints } from "@/lib/svc/endpoints/segments";
import { setEndpoints } from "@/lib/svc/endpoints/sets";
import { teamEndpoints } from "@/lib/svc/endpoints/team";
import { usageEndpoints } from "@/lib/svc/endpoints/usage";
import { webhookEndpoints } from "@/lib/svc/endpoints/webhooks";

/**
 * THE contract table: every endpoint of docs/interface.md, with docs/interface-decisions.md
 * applied, keyed by a stable id (`<group>.<action>`).
 */
export const endpoints = {
  ...listingEndpoints,
  ...listingDataEndpoints,
  ...listingOperationEndpoints,
  ...preferenceEndpoints,
  ...segmentEndpoints,
  ...marketReportEndpoints,
  ...setEndpoints,
  ...teamEndpoints,
  ...notificationEndpoints,
  ...webhookEndpoints,
  ...usageEndpoints,
  ...apiKeyEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;

export const endpointList: ReadonlyArray<EndpointDef & { id: EndpointId }> = Object.entries(endpoints).map(
  ([id, def]) => ({ ...(def as EndpointDef), id: id as EndpointId }),
);

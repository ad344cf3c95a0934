import type { EndpointDef } from "./endpoint";
import { apiKeyEndpoints } from "./endpoints/api-keys";
import { listingDataEndpoints } from "./endpoints/listing-data";
import { listingOperationEndpoints } from "./endpoints/listing-operations";
import { listingEndpoints } from "./endpoints/listings";
import { marketReportEndpoints } from "./endpoints/market-report";
import { notificationEndpoints } from "./endpoints/notifications";
import { preferenceEndpoints } from "./endpoints/preferences";
import { segmentEndpoints } from "./endpoints/segments";
import { setEndpoints } from "./endpoints/sets";
import { teamEndpoints } from "./endpoints/team";
import { usageEndpoints } from "./endpoints/usage";
import { webhookEndpoints } from "./endpoints/webhooks";

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

import { describe, expect, it } from "vitest";
import { endpointList } from "@/lib/svc/endpoints";

/**
 * Every endpoint of the interface (docs/interface.md §Endpoints), transcribed by hand from the specification (plus the key
 * endpoints docs/interface-decisions.md §2 adds). The contract table must hold exactly these.
 */
const SPECIFIED = `
GET /sets
POST /sets
GET /sets/candidates
GET /sets/{set_id}
POST /sets/{set_id}/upgrade
POST /sets/{set_id}/share
GET /sets/{set_id}/listings
PUT /sets/{set_id}/listings
DELETE /sets/{set_id}/listings
GET /sets/{set_id}/associated_listings
PUT /sets/{set_id}/associated_listings
DELETE /sets/{set_id}/associated_listings
GET /sets/{set_id}/aggregated_metrics
GET /sets/{set_id}/price_calendar
GET /sets/{set_id}/time_series
GET /sets/{set_id}/distribution
GET /sets/{set_id}/changelog
GET /webhook_events
GET /webhooks
POST /webhooks
GET /webhooks/{id}
PUT /webhooks/{id}
DELETE /webhooks/{id}
POST /webhooks/{id}/rotate_secret
GET /webhooks/{id}/deliveries
GET /usage
GET /listings
GET /listings/{listing_id}
GET /listings/kpis
GET /listings/{listing_id}/kpis
GET /listings/{listing_id}/kpis/monthly
GET /listings/{listing_id}/kpis/quarterly
GET /listings/{listing_id}/kpis/yearly
GET /listings/{listing_id}/pricing_tier
GET /listings/{listing_id}/recent_changes
GET /listings/{listing_id}/price_recommendations
GET /listings/{listing_id}/base_price_recommendation
GET /listings/{listing_id}/checkin_checkout
GET /listings/{listing_id}/min_max_prices
GET /listings/{listing_id}/monthly_seasonality
GET /listings/{listing_id}/price_calendar
GET /listings/{listing_id}/last_posted_prices
GET /listings/{listing_id}/base_price_history
GET /listings/{listing_id}/calendar_day_history
GET /listings/{listing_id}/neighborhood/pricing
GET /listings/{listing_id}/neighborhood/occupancy
GET /listings/{listing_id}/fee_impact_calendar
GET /listings/{listing_id}/min_stay_calendar
GET /listings/{listing_id}/reservations
GET /listings/{listing_id}/tags
PUT /listings/{listing_id}/tags
GET /listings/{listing_id}/flags
GET /listings/{listing_id}/custom_rates
PUT /listings/{listing_id}/custom_rates
DELETE /listings/{listing_id}/custom_rates
PUT /listings/{listing_id}/bulk_custom_rates
DELETE /listings/{listing_id}/bulk_custom_rates
GET /listings/{listing_id}/notes
POST /listings/{listing_id}/notes
PUT /listings/{listing_id}/notes/{note_id}
DELETE /listings/{listing_id}/notes/{note_id}
POST /listings/{listing_id}/sync
GET /preferences
PUT /preferences
GET /preferences/{listing_id}
PUT /preferences/{listing_id}
PUT /preferences/{listing_id}/copy
PUT /preferences/{listing_id}/{setting}
GET /preferences/{listing_id}/long_term_discounts
GET /preferences/{listing_id}/changelog
POST /preferences/{listing_id}/preview
GET /segments
POST /segments
PUT /segments/{segment_id}
GET /segments/{segment_id}/listings
GET /segments/{segment_id}/aggregated_metrics
GET /market_report
GET /market_report/{market_id}/time_series
GET /market_report/{market_id}/distribution
GET /market_report/{market_id}/bedroom_groups
GET /teams/members
POST /teams/members/invite
DELETE /teams/members/{sub_user_id}
POST /teams/members/{sub_user_id}/auto_managed_listing_level
POST /teams/members/{sub_user_id}/assigned_segments
POST /teams/members/{sub_user_id}/refresh_auto_managed_listings
GET /teams/memberships
POST /teams/memberships/{master_user_id}
DELETE /teams/memberships/{master_user_id}
GET /notifications
POST /notifications/dismiss
GET /notification_settings
PUT /notification_settings
GET /api_keys
POST /api_keys
DELETE /api_keys/{token_id}
`
  .trim()
  .split("\n");

describe("the contract table", () => {
  it("lists every endpoint of the specification, and nothing else", () => {
    const table = endpointList.map((e) => `${e.method} ${e.path}`).sort();
    expect(table).toEqual([...SPECIFIED].sort());
  });

  it("has one entry per method and path", () => {
    const keys = endpointList.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("marks exactly the five set analytics endpoints paid-only", () => {
    expect(
      endpointList
        .filter((e) => e.paidOnly)
        .map((e) => e.path)
        .sort(),
    ).toEqual([
      "/sets/{set_id}/aggregated_metrics",
      "/sets/{set_id}/changelog",
      "/sets/{set_id}/distribution",
      "/sets/{set_id}/price_calendar",
      "/sets/{set_id}/time_series",
    ]);
  });

  it("makes every PUT and DELETE a write, so read-only keys are refused on them", () => {
    for (const e of endpointList.filter((e) => e.method === "PUT" || e.method === "DELETE")) {
      expect(e.write, `${e.method} ${e.path}`).toBe(true);
    }
  });

  it("requires channel on every endpoint that identifies a listing in its path", () => {
    for (const e of endpointList.filter((e) => e.path.includes("{listing_id}"))) {
      expect(e.listingScoped, e.path).toBe(true);
      const parsed = e.query.safeParse({});
      const namesChannel = parsed.error?.issues.some((issue) => issue.path[0] === "channel") ?? false;
      expect(namesChannel, `${e.method} ${e.path} accepts a query without channel`).toBe(true);
    }
  });
});

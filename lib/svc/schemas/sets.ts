import { z } from "zod";
import {
  channelName,
  channelParam,
  currencyCode,
  queryInt,
  queryList,
  timestamp,
  withPagination,
} from "@/lib/svc/schemas/common";
import { isStrict, openSet, ourRule, type OpenValue } from "@/lib/svc/schemas/reading";
import { MEMBER_METRIC_KEYS, type MemberMetricKey } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * Dynamic sets (docs/interface.md §Dynamic sets, docs/interface-decisions.md §5): the set record,
 * member listings and the bodies that build a set. Analytics are in ./set-analytics.
 */

// ---------------------------------------------------------------------------------------
// Set record
// ---------------------------------------------------------------------------------------

/** Levels a share can give; N revokes access. */
export const shareLevel = z.enum(["R", "E", "F", "M", "N"]);
export type ShareLevel = z.infer<typeof shareLevel>;

/** Levels a collaborator can hold (N removes the collaborator). */
export const collaboratorLevel = openSet(["R", "E", "F", "M"]);

/** The caller's access: `owner`, or the level the set was shared with them. */
export const setAccess = openSet(["owner", "M", "F", "E", "R"]);
export type SetAccess = z.infer<typeof setAccess>;

export const setMembership = openSet(["static", "filter"]);

/** GeoJSON MultiPolygon coordinates: polygons → rings → positions ([lng, lat, ...]). */
export const multiPolygonCoordinates = z.array(z.array(z.array(z.array(z.number()).min(2)).min(4)).min(1));
export type MultiPolygonCoordinates = z.infer<typeof multiPolygonCoordinates>;

/**
 * Filters of a filter-based set (ours: the interface shows none). Members are the eligible
 * candidates matching every criterion given; a later sync proposes new ones as `suggested`.
 */
export const setFilters = z
  .object({
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    radius_km: z.number().positive().max(50).optional(),
    bedrooms_min: z.number().int().min(0).optional(),
    bedrooms_max: z.number().int().min(0).optional(),
    amenities: z.array(z.string().min(1)).optional(),
  })
  .superRefine((f, ctx) => {
    if ((f.latitude === undefined) !== (f.longitude === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["longitude"],
        message: "Give the latitude and the longitude together.",
      });
    }
    if (f.bedrooms_min !== undefined && f.bedrooms_max !== undefined && f.bedrooms_max < f.bedrooms_min) {
      ctx.addIssue({ code: "custom", path: ["bedrooms_max"], message: "bedrooms_max is below bedrooms_min" });
    }
  });
export type SetFilters = z.infer<typeof setFilters>;

export const setCollaborator = z.object({
  user_id: z.string(),
  email: z.string(),
  level: collaboratorLevel,
});

export const setRecord = z.object({
  id: z.string(),
  name: z.string(),
  /** A set with no kind reports `other`. */
  kind: z.string().min(1),
  is_paid: z.boolean(),
  membership: setMembership,
  filters: setFilters.nullable(),
  boundary: multiPolygonCoordinates.nullable(),
  owner_user_id: z.string(),
  access: setAccess,
  member_count: z.number().int().min(0),
  associated_listing_count: z.number().int().min(0),
  currency: currencyCode,
  /** Seen by the owner and managers only. */
  collaborators: z.array(setCollaborator).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SetRecord = z.infer<typeof setRecord>;

/** name: `*` matches any run of characters, otherwise the whole name (case-insensitive). */
export const listSetsQuery = withPagination({
  name: z.string().min(1).optional(),
  /** One or several comma-separated kinds; `other` also matches sets with no kind. */
  kind: queryList.optional(),
});
export type ListSetsQuery = z.infer<typeof listSetsQuery>;

export const createSetBody = z.object({
  name: z.string().trim().min(1, "Give the set a name.").max(120),
  kind: z.string().trim().min(1).max(60).optional(),
  /** Internal ids from GET /sets/candidates; they become `active` members. */
  listing_ids: z.array(z.string().min(1)).min(1, "Choose at least one listing."),
  /** Present: the set is filter-based. */
  filters: setFilters.optional(),
});
export type CreateSetBody = z.infer<typeof createSetBody>;

/** Exactly one of user_id or email names the user. */
export const shareEntry = z
  .object({
    user_id: z.string().min(1).optional(),
    email: z.email().optional(),
    level: shareLevel,
  })
  .superRefine((entry, ctx) => {
    if ((entry.user_id === undefined) === (entry.email === undefined)) {
      ctx.addIssue({ code: "custom", path: ["user_id"], message: "give exactly one of user_id or email" });
    }
  });
export type ShareEntry = z.infer<typeof shareEntry>;

export const shareSetBody = z.object({ shares: z.array(shareEntry).min(1) });
export type ShareSetBody = z.infer<typeof shareSetBody>;

export const upgradedSet = setRecord.extend({
  is_paid: z.literal(true),
  billed_user_id: z.string(),
});
export type UpgradedSet = z.infer<typeof upgradedSet>;

// ---------------------------------------------------------------------------------------
// Member listings
// ---------------------------------------------------------------------------------------

export const MEMBER_STATUSES = ["active", "suggested", "inactive"] as const;
/** A member's status as read: the interface names only `active`, so others may come. */
export const memberStatus = openSet(MEMBER_STATUSES);
export type MemberStatus = OpenValue<KnownMemberStatus>;
export type KnownMemberStatus = (typeof MEMBER_STATUSES)[number];
/** A status we ask for: only the ones we know what they do. */
export const memberStatusRequest = z.enum(MEMBER_STATUSES);

export { MEMBER_METRIC_KEYS };
export type { MemberMetricKey };
const memberMetricShape = Object.fromEntries(
  MEMBER_METRIC_KEYS.map((key) => [key, z.number().nullable()]),
) as Record<MemberMetricKey, z.ZodNullable<z.ZodNumber>>;

const memberListingBase = {
  /** The service's internal id: the one used to add or remove members. */
  listing_id: z.string(),
  name: z.string(),
  channel: channelName,
  latitude: z.number(),
  longitude: z.number(),
  bedrooms: z.number().int().min(0).nullable(),
  bathrooms: z.number().min(0).nullable(),
  guests_included: z.number().int().min(0).nullable(),
  /** Amenity names (a comma-separated string before 2026-09-21). */
  amenities: z.array(z.string()),
  currency: currencyCode,
  ...memberMetricShape,
};

export const memberListing = z.object({ ...memberListingBase, status: memberStatus });
export type MemberListing = z.infer<typeof memberListing>;

/** The member-listing object plus distance; `status` is null since no set is involved. */
export const candidateListing = z.object({
  ...memberListingBase,
  status: memberStatus.nullable(),
  distance_km: z.number().min(0),
});
export type CandidateListing = z.infer<typeof candidateListing>;

/**
 * GET/PUT/DELETE /sets/{set_id}/listings: each member under its status. Our reference
 * service sends the three groups we know; on read, a missing group is empty and a group we
 * do not know is kept, so its members still show and count.
 */
export const membersByStatus = z.preprocess(
  (groups) =>
    isStrict() || groups === null || typeof groups !== "object"
      ? groups
      : {
          active: [],
          suggested: [],
          inactive: [],
          // A key that holds no list is some other field, not a group of members.
          ...Object.fromEntries(Object.entries(groups).filter(([, members]) => Array.isArray(members))),
        },
  z
    .object({
      active: z.array(memberListing),
      suggested: z.array(memberListing),
      inactive: z.array(memberListing),
    })
    .catchall(z.array(memberListing))
    .superRefine(
      ourRule((groups, ctx) => {
        for (const status of MEMBER_STATUSES) {
          groups[status].forEach((member, index) => {
            if (member.status !== status) {
              ctx.addIssue({
                code: "custom",
                path: [status, index, "status"],
                message: `a member listed under ${status} has status ${member.status}`,
              });
            }
          });
        }
      }),
    ),
);
export type MembersByStatus = z.infer<typeof membersByStatus>;

const internalListingIds = z.array(z.string().min(1)).min(1, "Give at least one listing.");

/** Upsert: one membership per listing, taking the requested status. */
export const putMembersBody = z.object({ listing_ids: internalListingIds, status: memberStatusRequest });
export type PutMembersBody = z.infer<typeof putMembersBody>;

export const deleteMembersBody = z.object({ listing_ids: internalListingIds });
export type DeleteMembersBody = z.infer<typeof deleteMembersBody>;

// ---------------------------------------------------------------------------------------
// Candidates
// ---------------------------------------------------------------------------------------

export const CANDIDATE_RADIUS_KM_DEFAULT = 5;
export const CANDIDATE_RADIUS_KM_MAX = 50;

const queryNumber = (min: number, max: number) => z.coerce.number().min(min).max(max);

/**
 * Near a point (`latitude` + `longitude`) or near one of the caller's listings
 * (`listing_id` + `channel`), never both; `radius_km` (default 5, max 50) applies to either.
 */
export const candidatesQuery = withPagination({
  latitude: queryNumber(-90, 90).optional(),
  longitude: queryNumber(-180, 180).optional(),
  listing_id: z.string().min(1).optional(),
  channel: channelParam.optional(),
  radius_km: z.coerce.number().positive().max(CANDIDATE_RADIUS_KM_MAX).optional(),
  bedrooms: queryInt(0, 50).optional(),
}).superRefine((query, ctx) => {
  const byPoint = query.latitude !== undefined || query.longitude !== undefined;
  const byListing = query.listing_id !== undefined;
  if (!byPoint && !byListing) {
    ctx.addIssue({
      code: "custom",
      path: ["latitude"],
      message: "give latitude and longitude, or listing_id and channel",
    });
  }
  if (byPoint && byListing) {
    ctx.addIssue({
      code: "custom",
      path: ["listing_id"],
      message: "give either latitude and longitude or listing_id, not both",
    });
  }
  if (byPoint && (query.latitude === undefined || query.longitude === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["longitude"],
      message: "Give the latitude and the longitude together.",
    });
  }
  if (byListing && query.channel === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["channel"],
      message: "channel is required with listing_id",
      params: { code: "channel_required" },
    });
  }
});
export type CandidatesQuery = z.infer<typeof candidatesQuery>;

// ---------------------------------------------------------------------------------------
// Associated listings (the caller's own listings; ids read per the channel rule)
// ---------------------------------------------------------------------------------------

export const associatedListingsBody = z.object({
  listing_ids: z.array(z.string().min(1)).min(1, "Give at least one listing."),
});
export type AssociatedListingsBody = z.infer<typeof associatedListingsBody>;

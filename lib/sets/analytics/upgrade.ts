import { formatDuration } from "@/lib/format/durations";
import { READ_ONLY_KEY_REASON, setPermission } from "@/lib/sets/access";
import type { Permission } from "@/lib/access/permission";
import { isSvcError, refusalIs } from "@/lib/svc/errors";
import type { SetRecord } from "@/lib/svc/schemas/sets";

/** What the paid plan adds to a set, in the order the paid tab shows it. */
export const PAID_FEATURES: ReadonlyArray<{ title: string; detail: string }> = [
  {
    title: "Aggregated monthly metrics",
    detail: "ADR, occupancy, RevPAR and revenue month by month across the set's active members.",
  },
  {
    title: "The price calendar of up to 25 comps",
    detail: "Every active member's nightly price and booking probability side by side, for up to a year.",
  },
  {
    title: "Time series",
    detail: "How a metric moves over time, with the members' median and middle half (p25 to p75).",
  },
  {
    title: "Distribution",
    detail: "How the members' values spread, with your associated listings marked among them.",
  },
  {
    title: "Changelog",
    detail: "Who added, removed, shared or upgraded what, and when.",
  },
];

/** Who pays: the set's owner, whoever buys (the billable user is the owner). */
export function billedToWords(set: Pick<SetRecord, "access" | "owner_user_id">): string {
  if (set.access === "owner") return "You, as the set's owner.";
  return `The set's owner (user ${set.owner_user_id}), not you.`;
}

/**
 * What the upgrade costs, as far as this dashboard can say. POST /sets/{set_id}/upgrade
 * "charges the billable user" (the set's owner) and neither it nor any other endpoint returns a
 * price or an invoice, so the amount is named as unknown here, with where to find it.
 */
export function upgradeCostWords(set: Pick<SetRecord, "access">): string {
  const whose = set.access === "owner" ? "your" : "the owner's";
  return (
    `The amount is set by ${whose} plan with the Listing Pricing Service. The service does not tell ` +
    `this dashboard the price, before or after the purchase, so none is shown here: ${whose} billing ` +
    "with the Listing Pricing Service lists the price and, once bought, the charge."
  );
}

/** The confirmation's sentence: what is bought, whose account is charged, and what is not known. */
export function upgradeConfirmWords(set: Pick<SetRecord, "access" | "owner_user_id">): string {
  const charged =
    set.access === "owner"
      ? "charges your account, as the set's owner"
      : `charges the set's owner's account (user ${set.owner_user_id}), not yours`;
  return (
    `This buys the paid plan for this set from the Listing Pricing Service and ${charged}. ` +
    `${upgradeCostWords(set)} The analytics appear as soon as it is bought; the set cannot be ` +
    "returned to the free plan from the dashboard."
  );
}

/** The confirm button names the action and whose account pays. */
export function upgradeConfirmLabel(set: Pick<SetRecord, "access">): string {
  return set.access === "owner"
    ? "Buy the paid plan and charge my account"
    : "Buy the paid plan and charge the owner's account";
}

/** May the caller upgrade, and if not, why and who can. */
export function upgradePermission(
  set: Pick<SetRecord, "access" | "owner_user_id">,
  readOnlyKey: boolean,
): Permission {
  const permission = setPermission(set.access, "upgrade", readOnlyKey);
  if (permission.allowed || permission.reason === READ_ONLY_KEY_REASON) return permission;
  return {
    allowed: false,
    reason: `${permission.reason} Ask its owner (user ${set.owner_user_id}) or one of its managers to upgrade it.`,
  };
}

/** A failed upgrade in a sentence; `alreadyPaid` tells the caller to refresh instead. */
export function upgradeFailure(error: unknown): { alreadyPaid: boolean; message: string } {
  if (isSvcError(error)) {
    if (refusalIs(error, 409, "already_paid")) {
      return {
        alreadyPaid: true,
        message: "This set is already on the paid plan; its analytics are shown now.",
      };
    }
    if (error.code === "read_only_key") return { alreadyPaid: false, message: READ_ONLY_KEY_REASON };
    if (error.status === 403) {
      return {
        alreadyPaid: false,
        message:
          "The service refused the upgrade: only the set's owner or a manager can upgrade it. Your access may have changed; reload the page to see it.",
      };
    }
    if (error.status === 404) {
      return { alreadyPaid: false, message: "This set no longer exists or is no longer shared with you." };
    }
    if (error.status === 429) {
      return {
        alreadyPaid: false,
        message: `The request budget for this minute is used up. Try again in ${formatDuration(error.rateLimit.retryAfter ?? 60)}; nothing was charged.`,
      };
    }
    return {
      alreadyPaid: false,
      message: `The upgrade did not go through: ${error.message} Nothing was charged.`,
    };
  }
  return {
    alreadyPaid: false,
    message:
      "The upgrade did not go through: the dashboard could not reach the service. Nothing was charged.",
  };
}

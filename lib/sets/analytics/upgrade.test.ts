import { describe, expect, it } from "vitest";
import { READ_ONLY_KEY_REASON } from "@/lib/sets/access";
import { SvcError } from "@/lib/svc/errors";
import type { SetAccess } from "@/lib/svc/schemas/sets";
import {
  billedToWords,
  upgradeConfirmLabel,
  upgradeConfirmWords,
  upgradeCostWords,
  upgradeFailure,
  upgradePermission,
} from "@/lib/sets/analytics/upgrade";

const set = (access: SetAccess) => ({ access, owner_user_id: "usr_owner" });

describe("who may upgrade a free set", () => {
  it("lets the owner and managers upgrade", () => {
    expect(upgradePermission(set("owner"), false).allowed).toBe(true);
    expect(upgradePermission(set("M"), false).allowed).toBe(true);
  });

  it("refuses editors, restricted editors and viewers and says who can", () => {
    for (const access of ["F", "E", "R"] as const) {
      const permission = upgradePermission(set(access), false);
      expect(permission.allowed, access).toBe(false);
      if (!permission.allowed) {
        expect(permission.reason).toMatch(/owner or a manager/);
        expect(permission.reason).toContain("usr_owner");
      }
    }
  });

  it("refuses a read-only key even to the owner, with that reason", () => {
    const permission = upgradePermission(set("owner"), true);
    expect(permission).toEqual({ allowed: false, reason: READ_ONLY_KEY_REASON });
  });
});

describe("who is charged", () => {
  it("is the owner: 'you' for the owner, the owner's id for anyone else", () => {
    expect(billedToWords(set("owner"))).toMatch(/^You/);
    expect(billedToWords(set("M"))).toContain("usr_owner");
    expect(billedToWords(set("M"))).toMatch(/not you/);
  });
});

describe("what the upgrade costs, which the interface does not return", () => {
  it("says the amount follows the payer's plan, that the dashboard is not told it, and where to see it", () => {
    expect(upgradeCostWords(set("owner"))).toBe(
      "The amount is set by your plan with the Listing Pricing Service. The service does not tell this dashboard the price, before or after the purchase, so none is shown here: your billing with the Listing Pricing Service lists the price and, once bought, the charge.",
    );
    const manager = upgradeCostWords(set("M"));
    expect(manager).toContain("the owner's plan with the Listing Pricing Service");
    expect(manager).toContain("the owner's billing with the Listing Pricing Service");
    // No amount is ever invented.
    expect(manager).not.toMatch(/\d/);
  });

  it("the confirmation names the purchase and whose account pays; the button names the action", () => {
    expect(upgradeConfirmWords(set("owner"))).toMatch(
      /^This buys the paid plan for this set from the Listing Pricing Service and charges your account, as the set's owner\. The amount is set by your plan/,
    );
    expect(upgradeConfirmWords(set("M"))).toContain(
      "charges the set's owner's account (user usr_owner), not yours.",
    );
    expect(upgradeConfirmLabel(set("owner"))).toBe("Buy the paid plan and charge my account");
    expect(upgradeConfirmLabel(set("M"))).toBe("Buy the paid plan and charge the owner's account");
  });
});

describe("a failed upgrade in words", () => {
  const error = (status: number, code: string) => new SvcError({ status, code, message: "Service words." });

  it("treats 409 already_paid as 'already paid', to refresh", () => {
    expect(upgradeFailure(error(409, "already_paid")).alreadyPaid).toBe(true);
  });

  it("says a read-only key cannot upgrade", () => {
    expect(upgradeFailure(error(403, "read_only_key"))).toEqual({
      alreadyPaid: false,
      message: READ_ONLY_KEY_REASON,
    });
  });

  it("says nothing was charged when the call failed", () => {
    expect(upgradeFailure(error(500, "internal")).message).toMatch(/Nothing was charged/);
    expect(upgradeFailure(new TypeError("fetch failed")).message).toMatch(/Nothing was charged/);
  });
});

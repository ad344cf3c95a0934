import { describe, expect, it } from "vitest";
import {
  batchRefusalReason,
  preferenceEditAccess,
  batchRows,
  batchSummary,
  humanize,
  unsupportedReason,
  warningInWords,
  warningsBySetting,
  writeOutcome,
} from "@/lib/listing/preferences/warnings";
import type { Listing, SupportedSettings } from "@/lib/svc/schemas/listings";
import type { ListingPreferences, PreferenceWarning } from "@/lib/svc/schemas/preferences";
import type { BatchPreferencesResult } from "@/lib/svc/schemas/preferences-batch";

const everything: SupportedSettings = {
  checkin_checkout: true,
  min_stay: true,
  long_term_discounts: true,
  long_term_discount_form: "percent",
};

const minStayWarning: PreferenceWarning = {
  setting: "min_stay",
  reason: "not_supported_by_channel",
  attributes: ["min_stay"],
  message: "The listing's channel cannot take min_stay; it was not applied.",
};
const checkoutWarning: PreferenceWarning = {
  setting: "checkin_checkout",
  reason: "partially_supported_by_channel",
  attributes: ["checkout_days"],
  message: "The listing's channel restricts check-in days only; checkout_days was not applied.",
};

describe("settings that supported_settings rules out", () => {
  it("are disabled with the channel's refusal in words", () => {
    expect(unsupportedReason("min_stay", { ...everything, min_stay: false }, "Vrbo")).toBe(
      "Vrbo does not take a minimum stay from us for this listing.",
    );
    expect(unsupportedReason("checkin_checkout", { ...everything, checkin_checkout: false }, "Vrbo")).toBe(
      "Vrbo does not take check-in and checkout days from us for this listing.",
    );
  });

  it("long-term discounts are ruled out by the flag or by a channel form of none", () => {
    expect(
      unsupportedReason("long_term_discounts", { ...everything, long_term_discounts: false }, "Vrbo"),
    ).toMatch(/long-term discounts/);
    expect(
      unsupportedReason(
        "long_term_discounts",
        { ...everything, long_term_discount_form: "none" },
        "Booking.com",
      ),
    ).toMatch(/^Booking\.com does not take long-term discounts/);
  });

  it("a setting the channel takes, or one no channel can refuse, is editable", () => {
    expect(unsupportedReason("min_stay", everything, "Airbnb")).toBeNull();
    expect(unsupportedReason("base_price", { ...everything, min_stay: false }, "Airbnb")).toBeNull();
  });
});

describe("warnings in words", () => {
  it("a setting not applied names the channel, the setting and the attributes affected", () => {
    const words = warningInWords(minStayWarning, "Airbnb");
    expect(words.title).toBe("Not applied");
    expect(words.sentence).toBe(
      "Airbnb does not take a minimum stay from us for this listing, so it was not applied.",
    );
    expect(words.attributes).toEqual(["minimum stay"]);
  });

  it("a setting or reason we do not know is said in words, never blank", () => {
    const unknown: PreferenceWarning = {
      setting: "pet_fee",
      reason: "not_supported_by_channel",
      attributes: ["pet_fee"],
      message: "x",
    };
    expect(warningInWords(unknown, "Vrbo").sentence).toBe(
      "Vrbo does not take pet fee from us for this listing, so it was not applied.",
    );
    const odd = warningInWords({ ...minStayWarning, reason: "rounded_by_channel" }, "Vrbo");
    expect(odd.title).toBe("Warning");
    expect(odd.sentence).toBe("Vrbo warned about a minimum stay for this listing: rounded by channel.");
    // No field sits beside an unknown setting: the write's outcome says it instead.
    expect(warningsBySetting([unknown, minStayWarning])).toEqual({ min_stay: [minStayWarning] });
    expect(writeOutcome([unknown], "Saved").detail).toContain("pet fee");
  });

  it("a setting applied in part says which part was dropped", () => {
    const words = warningInWords(checkoutWarning, "Booking.com");
    expect(words.title).toBe("Partly applied");
    expect(words.sentence).toBe(
      "Booking.com takes only part of check-in and checkout days for this listing: the checkout days were not applied.",
    );
    expect(words.attributes).toEqual(["checkout days"]);
  });

  it("a preview speaks of what would happen", () => {
    expect(warningInWords(minStayWarning, "Airbnb", "preview").title).toBe("Would not apply");
    expect(warningInWords(minStayWarning, "Airbnb", "preview").sentence).toMatch(/would not be applied/);
    expect(warningInWords(checkoutWarning, "Booking.com", "preview").title).toBe("Would apply in part");
  });

  it("are grouped by the setting they name", () => {
    const grouped = warningsBySetting([minStayWarning, checkoutWarning, { ...minStayWarning }]);
    expect(grouped.min_stay).toHaveLength(2);
    expect(grouped.checkin_checkout).toHaveLength(1);
    expect(grouped.fees).toBeUndefined();
  });

  it("a write with warnings is not plain success", () => {
    expect(writeOutcome([], "Saved")).toMatchObject({ tone: "success", title: "Saved." });
    const outcome = writeOutcome([minStayWarning, checkoutWarning], "Saved");
    expect(outcome.tone).toBe("warning");
    expect(outcome.title).toBe("Saved with warnings");
    expect(outcome.detail).toMatch(/^2 settings were not applied in full/);
    expect(writeOutcome([minStayWarning], "Copied").title).toBe("Copied with warnings");
  });

  it("the service's field names become words in its sentences", () => {
    expect(humanize("total_fee_percentage is at least -100")).toBe("Total fee percentage is at least -100.");
    expect(humanize("min_price 1000 is above max_price 302")).toBe(
      "Minimum price 1000 is above maximum price 302.",
    );
    expect(humanize("Already a sentence.")).toBe("Already a sentence.");
    expect(humanize("Invalid fee_adjustments.total_fee_percentage.")).toBe("Invalid total fee percentage.");
    expect(humanize("preferences.2.settings.min_price is above max_price")).toBe(
      "Minimum price is above maximum price.",
    );
  });
});

function listing(svcId: string, access: Listing["access_level"]): Listing {
  return { svc_id: svcId, name: `Listing ${svcId}`, access_level: access } as Listing;
}
const prefs = {} as ListingPreferences;

describe("a batch's answer per listing", () => {
  const listings = [
    listing("1", "owner"),
    listing("2", "restricted_editor"),
    listing("3", "owner"),
    listing("4", "owner"),
  ];
  const result: BatchPreferencesResult = {
    results: [
      { listing_id: "1", preferences: prefs, warnings: [] },
      { listing_id: "3", preferences: prefs, warnings: [minStayWarning] },
    ],
    errors: [
      {
        listing_id: "2",
        status: 403,
        error: { code: "forbidden", message: "A restricted_editor cannot use the batch PUT /preferences." },
      },
    ],
    warnings: [{ ...minStayWarning, listing_id: "3" }],
  };

  it("is applied, applied with warnings, or refused with the service's reason", () => {
    const rows = batchRows(listings, result);
    expect(rows.map((r) => [r.listing.svc_id, r.outcome])).toEqual([
      ["1", "applied"],
      ["2", "refused"],
      ["3", "warnings"],
      ["4", "missing"],
    ]);
    expect(rows[1]!.reason).toBe("Refused: A restricted editor cannot use the batch PUT /preferences.");
    expect(rows[2]!.warnings).toEqual([minStayWarning]);
  });

  it("is summed up in one sentence", () => {
    expect(batchSummary(batchRows(listings.slice(0, 3), result))).toBe(
      "Applied to 2 listings, 1 with warnings; 1 refused.",
    );
  });

  it("restricted editors and viewers are told beforehand that the batch refuses them", () => {
    expect(batchRefusalReason({ access_level: "restricted_editor" })).toMatch(
      /Restricted editors cannot use batch/,
    );
    expect(batchRefusalReason({ access_level: "viewer" })).toMatch(/Viewers/);
    for (const level of ["owner", "manager", "editor"] as const) {
      expect(batchRefusalReason({ access_level: level })).toBeNull();
    }
  });

  it("an unknown access level gets the least privilege: the batch is not offered", () => {
    expect(batchRefusalReason({ access_level: "co_host" })).toContain('"co_host"');
  });
});

describe("who may edit a listing's preferences", () => {
  it("a read-only key and viewers may not, and are told why", () => {
    expect(preferenceEditAccess("owner", true)).toMatchObject({
      canEdit: false,
      reason: expect.stringMatching(/read-only API key/),
    });
    expect(preferenceEditAccess("viewer", false)).toMatchObject({
      canEdit: false,
      reason: expect.stringMatching(/view-only/),
    });
  });

  it("restricted editors may, with a note that batches refuse them", () => {
    expect(preferenceEditAccess("restricted_editor", false)).toMatchObject({
      canEdit: true,
      note: expect.stringMatching(/batch/),
    });
  });

  it("owners, managers and editors may, without a note", () => {
    for (const level of ["owner", "manager", "editor"] as const) {
      expect(preferenceEditAccess(level, false)).toEqual({ canEdit: true, note: null });
    }
  });

  it("an unknown access level gets the least privilege", () => {
    expect(preferenceEditAccess("co_host", false)).toMatchObject({
      canEdit: false,
      reason: expect.stringContaining('"co_host"'),
    });
  });
});

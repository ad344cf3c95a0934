import { describe, expect, it } from "vitest";
import { formFieldOf, serviceFieldErrors } from "@/lib/listing/preferences/service-field-errors";

describe("errors the service names a field in", () => {
  it("go to the input of that field", () => {
    expect(formFieldOf("fee_adjustments.total_fee_percentage")).toBe("fee_adjustments.total_fee_percentage");
    expect(formFieldOf("min_price")).toBe("min_price");
    expect(formFieldOf("preferences.2.settings.min_stay")).toBe("min_stay");
    expect(formFieldOf("checkin_checkout.checkin_days.3")).toBe("checkin_checkout.checkin_days");
  });

  it("naming a whole object setting go to its first input; naming no setting go nowhere", () => {
    expect(formFieldOf("fee_adjustments")).toBe("fee_adjustments.total_fee_percentage");
    expect(formFieldOf("fees")).toBe("fees.cleaning_fee");
    expect(formFieldOf("listing_id")).toBeNull();
    expect(formFieldOf("(root)")).toBeNull();
  });

  it("are read from details.fields, ignoring entries of another shape", () => {
    expect(
      serviceFieldErrors({ fields: [{ field: "min_price", message: "too high" }, { field: 3 }, "x"] }),
    ).toEqual([{ field: "min_price", message: "too high" }]);
    expect(serviceFieldErrors(undefined)).toEqual([]);
    expect(serviceFieldErrors({ fields: "min_price" })).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import {
  customRatePermission,
  READ_ONLY_CUSTOM_RATES_REASON,
  VIEWER_CUSTOM_RATES_REASON,
} from "@/lib/listing/custom-rates/permission";

describe("who may change custom rates", () => {
  it("refuses every write on a read-only key, whatever the access", () => {
    expect(customRatePermission("owner", true)).toEqual({
      allowed: false,
      reason: READ_ONLY_CUSTOM_RATES_REASON,
    });
  });

  it("lets viewers read but not write", () => {
    expect(customRatePermission("viewer", false)).toEqual({
      allowed: false,
      reason: VIEWER_CUSTOM_RATES_REASON,
    });
  });

  it("lets restricted editors write, as the interface bars them from tags and batch preferences only", () => {
    for (const access of ["owner", "manager", "editor", "restricted_editor"] as const) {
      expect(customRatePermission(access, false).allowed).toBe(true);
    }
  });

  it("an unknown access level gets the least privilege", () => {
    const unknown = customRatePermission("co_host", false);
    expect(unknown.allowed).toBe(false);
    if (!unknown.allowed) expect(unknown.reason).toContain('"co_host"');
  });
});

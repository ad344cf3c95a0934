import { describe, expect, it } from "vitest";
import { fieldControlProps, fieldIds, joinIds } from "@/components/ui/field-aria";

describe("joinIds", () => {
  it("drops absent and empty ids and keeps the order", () => {
    expect(joinIds(["a-hint", null, undefined, false, "", "a-error", "note"])).toBe("a-hint a-error note");
  });

  it("is undefined when nothing is left, so no empty attribute is written", () => {
    expect(joinIds([])).toBeUndefined();
    expect(joinIds([null, false, ""])).toBeUndefined();
  });
});

describe("fieldIds", () => {
  it("names the hint and the error after the control", () => {
    expect(fieldIds("api-key")).toEqual({ hint: "api-key-hint", error: "api-key-error" });
  });
});

describe("fieldControlProps", () => {
  it("describes the control by its hint, then its error, then further notes", () => {
    expect(
      fieldControlProps({ id: "f", hint: true, invalid: true, describedBy: ["f-guardrails", null] }),
    ).toEqual({ id: "f", "aria-invalid": true, "aria-describedby": "f-hint f-error f-guardrails" });
  });

  it("points at the error line even while it is empty, and writes no aria-invalid while valid", () => {
    expect(fieldControlProps({ id: "f", invalid: false })).toEqual({
      id: "f",
      "aria-invalid": undefined,
      "aria-describedby": "f-error",
    });
  });

  it("leaves out an error line that is not in the page", () => {
    expect(fieldControlProps({ id: "f", hint: true, errorLine: false, invalid: false })).toEqual({
      id: "f",
      "aria-invalid": undefined,
      "aria-describedby": "f-hint",
    });
    expect(
      fieldControlProps({ id: "f", errorLine: false, invalid: false })["aria-describedby"],
    ).toBeUndefined();
  });

  it("points at a line shared by several fields instead of its own", () => {
    expect(fieldControlProps({ id: "f", errorId: "range-problem", invalid: true })).toEqual({
      id: "f",
      "aria-invalid": true,
      "aria-describedby": "range-problem",
    });
  });
});

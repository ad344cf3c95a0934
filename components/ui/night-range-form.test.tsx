import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "@/test-support/render";
import { CalendarRangeForm, type NightRange } from "@/components/ui/night-range-form";

const start = { start: "2030-06-01", nights: 90 };

function renderForm(props: { earliest?: string; disabled?: boolean } = {}) {
  const applied: NightRange[] = [];
  const rendered = renderPage(
    <CalendarRangeForm value={start} onApply={(range) => applied.push(range)} {...props} />,
  );
  const nights = screen.getByLabelText("Nights (1 to 365)");
  const show = () => rendered.user.click(screen.getByRole("button", { name: "Show" }));
  return { ...rendered, applied, nights, show };
}

describe("the calendar range form", () => {
  it.each([
    ["366", "The range was not changed: The calendar shows at most 365 nights."],
    ["0", "The range was not changed: Show at least 1 night."],
    ["", "The range was not changed: Enter a number of nights."],
    ["2.5", "The range was not changed: Enter a whole number of nights."],
  ])(
    "nights %j are refused in a sentence; the range stays and what was typed stays",
    async (typed, sentence) => {
      const { user, nights, show, applied } = renderForm();
      await user.clear(nights);
      if (typed) await user.type(nights, typed);
      await show();

      expect(screen.getByText(sentence, { exact: true })).toBeVisible();
      expect(nights).toHaveAttribute("aria-invalid", "true");
      expect(nights).toHaveAccessibleDescription(sentence);
      expect(nights).toHaveValue(typed === "" ? null : Number(typed));
      // Focus goes to the field to fix.
      expect(nights).toHaveFocus();
      expect(applied).toEqual([]);
    },
  );

  it("a valid count is applied with the first night, and an earlier refusal is cleared", async () => {
    const { user, nights, show, applied } = renderForm();
    await user.clear(nights);
    await user.type(nights, "0");
    await show();
    expect(nights).toHaveAttribute("aria-invalid", "true");

    await user.clear(nights);
    await user.type(nights, "14");
    await show();
    expect(applied).toEqual([{ start: "2030-06-01", nights: 14 }]);
    expect(nights).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(/The range was not changed/)).not.toBeInTheDocument();
  });

  it("a first night before the earliest is refused beside the date, which takes focus", async () => {
    const { user, show, applied } = renderForm({ earliest: "2030-07-01" });
    const first = screen.getByLabelText("First night");
    await show();
    expect(
      screen.getByText("The range was not changed: Start today or later: past nights cannot be repriced.", {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(first).toHaveAttribute("aria-invalid", "true");
    expect(first).toHaveFocus();
    expect(applied).toEqual([]);
    await user.clear(first);
    await user.type(first, "2030-07-02");
    await show();
    expect(applied).toEqual([{ start: "2030-07-02", nights: 90 }]);
  });

  it("disabled, neither field nor Show can be used", () => {
    renderForm({ disabled: true });
    expect(screen.getByLabelText("First night")).toBeDisabled();
    expect(screen.getByLabelText("Nights (1 to 365)")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Show" })).toBeDisabled();
  });
});

import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field, FieldGroup } from "@/components/ui/field";

describe("Field", () => {
  it("labels its control and describes it by the hint and the error line", () => {
    render(
      <Field label="Endpoint URL" hint="It must start with https://." error="Enter a URL.">
        <input type="url" />
      </Field>,
    );
    const input = screen.getByLabelText("Endpoint URL");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("It must start with https://. Enter a URL.");
    // Not an alert unless asked: most fields are refused as they are checked, with focus on them.
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps an empty error line while valid, and writes no aria-invalid", () => {
    render(
      <Field id="name" label="Name">
        <input />
      </Field>,
    );
    const input = screen.getByLabelText("Name");
    expect(input).toHaveAttribute("id", "name");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAttribute("aria-describedby", "name-error");
    expect(document.getElementById("name-error")).toBeEmptyDOMElement();
  });

  it("announces its error line when asked, and keeps it in the page before any error", () => {
    const { rerender } = render(
      <Field id="api-key" label="API key" alert>
        <input />
      </Field>,
    );
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    rerender(
      <Field id="api-key" label="API key" alert error="Paste the whole API key.">
        <input />
      </Field>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Paste the whole API key.");
    expect(screen.getByLabelText("API key")).toHaveAccessibleDescription("Paste the whole API key.");
  });

  it("draws the error line with an error only when told to", () => {
    render(
      <Field id="kind" label="Kind" hint="Any word." keepErrorLine={false}>
        <input />
      </Field>,
    );
    expect(screen.getByLabelText("Kind")).toHaveAttribute("aria-describedby", "kind-hint");
    expect(document.getElementById("kind-error")).toBeNull();
  });

  it("hands a render prop the aria props, and keeps ids the child already names", () => {
    render(
      <>
        <p id="guard">Above the maximum.</p>
        <Field label="Minimum" error="Enter an amount." describedBy={["guard"]}>
          {(control) => (
            <span>
              <input {...control} />
              USD
            </span>
          )}
        </Field>
        <Field label="Tags">
          <input aria-describedby="guard" />
        </Field>
      </>,
    );
    expect(screen.getByLabelText("Minimum")).toHaveAccessibleDescription(
      "Enter an amount. Above the maximum.",
    );
    expect(screen.getByLabelText("Tags").getAttribute("aria-describedby")).toMatch(/-error guard$/);
  });

  it("points at a line drawn elsewhere and draws none of its own", () => {
    render(
      <>
        <Field id="start" label="First night" invalid errorId="range-problem">
          <input />
        </Field>
        <p id="range-problem">The range was not changed.</p>
      </>,
    );
    const input = screen.getByLabelText("First night");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("The range was not changed.");
    expect(document.getElementById("start-error")).toBeNull();
  });
});

describe("FieldGroup", () => {
  it("describes the fieldset by its error line", () => {
    render(
      <FieldGroup legend="Event types" error="Choose at least one event type.">
        <input type="checkbox" aria-label="Price changed" />
      </FieldGroup>,
    );
    expect(screen.getByRole("group", { name: "Event types" })).toHaveAccessibleDescription(
      "Choose at least one event type.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { personaLabel } from "@/lib/display/personas";

describe("a persona's role in words", () => {
  it("names every seeded persona without its identifier", () => {
    expect(personaLabel("portfolio_manager")).toBe("Portfolio manager");
    expect(personaLabel("restricted_editor")).toBe("Restricted editor");
    expect(personaLabel("outsider")).toBe("Other account");
  });

  it("puts a persona it does not know into words, never the raw identifier", () => {
    expect(personaLabel("night_auditor")).toBe("Night auditor");
    expect(personaLabel("toString")).toBe("ToString");
  });
});

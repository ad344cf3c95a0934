import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SessionView } from "@/lib/server/session";
import { renderPage } from "@/test-support/render";
import { SignedInAs } from "@/components/shell/signed-in-as";

const session = (persona: string | null): SessionView => ({
  label: "Priya Nair",
  persona,
  keyKind: "standard",
  signedInAt: 0,
  keyLast4: "abcd",
});

describe("who is signed in", () => {
  it("names the persona's role in words, never its identifier", () => {
    const { container } = renderPage(
      <SignedInAs session={session("portfolio_manager")} usingReferenceService />,
    );
    expect(screen.getByText("Portfolio manager")).toBeVisible();
    expect(container).not.toHaveTextContent("portfolio_manager");
  });

  it("puts a persona it has no words for into words", () => {
    renderPage(<SignedInAs session={session("night_auditor")} usingReferenceService />);
    expect(screen.getByText("Night auditor")).toBeVisible();
  });
});

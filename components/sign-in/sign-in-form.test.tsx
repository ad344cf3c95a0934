import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sentFromPage } from "@/test-support/dom-fetch";
import { renderPage } from "@/test-support/render";
import { SignInForm } from "@/components/sign-in/sign-in-form";

const personas = [{ persona: "owner", name: "Olivia Owner", email: "owner@example.com", role: "Owner" }];

describe("the sign-in form", () => {
  it("a key too short is refused on its line, marked invalid, and never sent", async () => {
    const { user } = renderPage(<SignInForm personas={[]} next="/" />);
    const key = screen.getByLabelText("API key");
    await user.type(key, "sk_live");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Paste the whole API key.");
    expect(key).toHaveAttribute("aria-invalid", "true");
    // The error line and the help are what a screen reader reads with the field.
    expect(key).toHaveAccessibleDescription(expect.stringContaining("Paste the whole API key."));
    expect(key).toHaveAccessibleDescription(expect.stringContaining("encrypted cookie"));
    expect(key).toHaveValue("sk_live");
    expect(sentFromPage).toEqual([]);
  });

  it("an empty key and one of spaces are refused the same way", async () => {
    const { user } = renderPage(<SignInForm personas={[]} next="/" />);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Paste the whole API key.");
    await user.type(screen.getByLabelText("API key"), "          ");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Paste the whole API key.");
    expect(sentFromPage).toEqual([]);
  });

  it("a valid field is not marked invalid and its error line is empty", () => {
    renderPage(<SignInForm personas={[]} next="/" />);
    expect(screen.getByLabelText("API key")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("fixing the key clears the sentence once it is sent again", async () => {
    const { user } = renderPage(<SignInForm personas={[]} next="/" />);
    const key = screen.getByLabelText("API key");
    await user.type(key, "short");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Paste the whole API key.");
    await user.type(key, "_and_now_long_enough");
    // react-hook-form re-checks a refused field as it changes.
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(key).not.toHaveAttribute("aria-invalid");
  });

  it("the key field hides what is typed and offers no autocompletion", () => {
    renderPage(<SignInForm personas={[]} next="/" />);
    const key = screen.getByLabelText("API key");
    expect(key).toHaveAttribute("type", "password");
    expect(key).toHaveAttribute("autocomplete", "off");
  });

  it("each demo persona is a button named for it and described by who it is", () => {
    renderPage(<SignInForm personas={personas} next="/" />);
    const button = screen.getByRole("button", { name: "Sign in as owner" });
    expect(button).toHaveAccessibleDescription("Olivia Owner · Owner");
    expect(screen.getByRole("heading", { name: "Or try a demo persona" })).toBeInTheDocument();
  });

  it("without personas there is no demo section", () => {
    renderPage(<SignInForm personas={[]} next="/" />);
    expect(screen.queryByRole("heading", { name: "Or try a demo persona" })).not.toBeInTheDocument();
  });
});

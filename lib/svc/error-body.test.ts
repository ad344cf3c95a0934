import { describe, expect, it } from "vitest";
import { readErrorBody } from "@/lib/svc/error-body";
import { SvcError } from "@/lib/svc/errors";

const read = (body: unknown, contentType: string | null = "application/json") =>
  readErrorBody(typeof body === "string" ? body : JSON.stringify(body), contentType);

describe("the service's sentence and code, from any common error body", () => {
  it("{error: {code, message, details}}: the reference service's shape", () => {
    expect(
      read({ error: { code: "too_many_members", message: "At most 25.", details: { limit: 25 } } }),
    ).toEqual({ code: "too_many_members", message: "At most 25.", details: { limit: 25 } });
  });

  it('{error: "…"}: a worded error is the sentence', () => {
    expect(read({ error: "The set does not exist." })).toEqual({
      code: null,
      message: "The set does not exist.",
    });
  });

  it('{error: "code", error_description: "…"}: a one-word error is the code (OAuth)', () => {
    expect(read({ error: "invalid_token", error_description: "The key was revoked." })).toEqual({
      code: "invalid_token",
      message: "The key was revoked.",
    });
    expect(read({ error: "read_only" })).toEqual({ code: "read_only", message: null });
  });

  it('{message: "…", code?}: with or without a code; a numeric code is no code', () => {
    expect(read({ message: "Slow down.", code: "throttled" })).toEqual({
      code: "throttled",
      message: "Slow down.",
    });
    expect(read({ message: "Not here.", code: 404 })).toEqual({ code: null, message: "Not here." });
  });

  it("{statusCode, message, error}: the message is the sentence, the reason phrase no code", () => {
    expect(read({ statusCode: 404, message: "Cannot GET /sets/9", error: "Not Found" })).toEqual({
      code: null,
      message: "Cannot GET /sets/9",
    });
  });

  it('{detail: "…"}', () => {
    expect(read({ detail: "Not authenticated" })).toEqual({ code: null, message: "Not authenticated" });
  });

  it("{detail: [{loc, msg}]}: FastAPI's validation list, joined, each with its field", () => {
    const reading = read({
      detail: [
        { loc: ["body", "url"], msg: "must use https", type: "value_error" },
        { loc: ["query", "per_page"], msg: "ensure this value is at most 100" },
      ],
    });
    expect(reading.message).toBe("url: must use https. per_page: ensure this value is at most 100.");
    expect(reading.details).toEqual({
      fields: [
        { field: "url", message: "must use https" },
        { field: "per_page", message: "ensure this value is at most 100" },
      ],
    });
  });

  it("{errors: [...]}: strings and objects with message, detail or title, joined", () => {
    expect(read({ errors: ["Name is required", "Too many listings."] }).message).toBe(
      "Name is required. Too many listings.",
    );
    expect(
      read({ errors: [{ message: "First." }, { detail: "Second." }, { title: "Third" }, { id: 4 }] }).message,
    ).toBe("First. Second. Third.");
    expect(read({ errors: [{ field: "name", message: "is taken" }] })).toEqual({
      code: null,
      message: "name: is taken.",
      details: { fields: [{ field: "name", message: "is taken" }] },
    });
  });

  it("{type, title, status, detail}: RFC 9457 problem details, the detail before the title", () => {
    const problem = { type: "about:blank", title: "Conflict", status: 409, detail: "A write is running." };
    expect(read(problem, "application/problem+json")).toEqual({ code: null, message: "A write is running." });
    expect(read({ title: "Forbidden", status: 403 })).toEqual({ code: null, message: "Forbidden" });
  });

  it("a short plain-text body is the sentence", () => {
    expect(read("Rate limit exceeded, slow down.\n", "text/plain")).toEqual({
      code: null,
      message: "Rate limit exceeded, slow down.",
    });
  });

  it("an HTML page, an empty body or a long dump is no sentence", () => {
    const page = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>";
    expect(read(page, "text/html")).toEqual({ code: null, message: null });
    expect(read(page, null)).toEqual({ code: null, message: null });
    expect(read("<h1>Not Found</h1>", "text/plain")).toEqual({ code: null, message: null });
    expect(read("", null)).toEqual({ code: null, message: null });
    expect(read("x".repeat(2000), "text/plain")).toEqual({ code: null, message: null });
    expect(read({ unrelated: true })).toEqual({ code: null, message: null });
  });
});

describe("SvcError.fromResponse", () => {
  const headers = (contentType: string) => new Headers({ "content-type": contentType });

  it("an answer without a code gets the status-driven code, and the service's sentence", () => {
    const error = SvcError.fromResponse(
      409,
      JSON.stringify({ detail: "Busy." }),
      headers("application/json"),
    );
    expect(error).toMatchObject({ status: 409, code: "http_409", message: "Busy." });
  });

  it("an answer without a sentence says so, with the status", () => {
    const error = SvcError.fromResponse(404, "<html><body>nope</body></html>", headers("text/html"));
    expect(error).toMatchObject({
      code: "http_404",
      message: "The service answered 404 without an error description.",
    });
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { differences } from "@/lib/svc/differences";
import { endpoints } from "@/lib/svc/endpoints";
import { openSet, ourRule } from "@/lib/svc/schemas/reading";

const row = z
  .object({ id: z.string(), level: openSet(["a", "b"]), from: z.number(), to: z.number() })
  .superRefine(
    ourRule((r, ctx) => {
      if (r.to < r.from) ctx.addIssue({ code: "custom", path: ["to"], message: "to is after from" });
    }),
  );
const schema = z.object({ rows: z.array(row) });

describe("differences from our contract", () => {
  it("an answer as ours differs in nothing", () => {
    expect(differences(schema, { rows: [{ id: "1", level: "a", from: 1, to: 2 }] })).toEqual([]);
  });

  it("names an unknown value, a broken rule of ours and an extra field by field, without values", () => {
    const found = differences(schema, {
      rows: [{ id: "1", level: "secret-level", from: 3, to: 2, colour: "secret-colour" }],
      page: 1,
    });
    expect(found).toEqual(
      expect.arrayContaining([
        { field: "rows.[].level", kind: "not as ours", detail: "expected one of a, b" },
        { field: "rows.[].to", kind: "not as ours", detail: "to is after from" },
        { field: "rows.[].colour", kind: "extra field", detail: "a field our contract does not name" },
        { field: "page", kind: "extra field", detail: "a field our contract does not name" },
      ]),
    );
    expect(JSON.stringify(found)).not.toMatch(/secret/);
  });

  it("names numeric strings and rows set aside", () => {
    const found = differences(schema, {
      rows: [
        { id: "1", level: "a", from: "1", to: 2 },
        { id: "2", level: "a", to: 2 },
      ],
    });
    expect(found).toEqual(
      expect.arrayContaining([
        { field: "rows.[].from", kind: "numeric string", detail: "a number sent as a string" },
        expect.objectContaining({ field: "rows.[]", kind: "row set aside" }),
      ]),
    );
  });

  it("an answer that cannot be read at all is named as unreadable", () => {
    expect(differences(endpoints["usage.get"].response, { nothing: true })[0]).toMatchObject({
      kind: "unreadable",
    });
  });
});

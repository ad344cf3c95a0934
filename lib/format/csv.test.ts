import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "@/lib/format/csv";

describe("csv", () => {
  it("writes plain fields as they are, rows joined by CRLF", () => {
    expect(
      toCsv(
        ["Route", "Requests"],
        [
          ["/listings", 12],
          ["/usage", 0],
        ],
      ),
    ).toBe("Route,Requests\r\n/listings,12\r\n/usage,0\r\n");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\r\nlf")).toBe('"cr\r\nlf"');
  });

  it("prefixes text that a spreadsheet would run as a formula", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+cmd")).toBe("'+cmd");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x",1)')).toBe(`"'=HYPERLINK(""x"",1)"`);
    expect(csvField("a=b")).toBe("a=b");
  });

  it("keeps numbers as numbers, negative ones included, and leaves empty values empty", () => {
    expect(csvField(-3.5)).toBe("-3.5");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
    expect(toCsv(["a", "b"], [[null, "x"]])).toBe("a,b\r\n,x\r\n");
  });

  it("round-trips through a strict reader", () => {
    const rows = [["Name, with comma", 'q"uote', "line\nbreak", 7]];
    const text = toCsv(["A", "B", "C", "D"], rows);
    // A minimal RFC 4180 reader: enough to show the quoting is unambiguous.
    const parsed: string[][] = [];
    let row: string[] = [];
    let field = "";
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (ch === '"') {
          quoted = false;
        } else {
          field += ch;
        }
      } else if (ch === '"') {
        quoted = true;
      } else if (ch === ",") {
        row.push(field);
        field = "";
      } else if (ch === "\r" && text[i + 1] === "\n") {
        row.push(field);
        parsed.push(row);
        row = [];
        field = "";
        i++;
      } else {
        field += ch;
      }
    }
    expect(parsed).toEqual([
      ["A", "B", "C", "D"],
      ["Name, with comma", 'q"uote', "line\nbreak", "7"],
    ]);
  });
});

/** Helpers of the CSV export spec: a download's text and an RFC 4180 reader for it. */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";

/** Clicks a download button and returns the file's name and its rows (header first). */
export async function downloadCsv(
  page: Page,
  button: Locator,
): Promise<{ filename: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const text = await readFile((await download.path())!, "utf8");
  return { filename: download.suggestedFilename(), rows: parseCsv(text) };
}

/** Fields quoted or not, doubled quotes, CRLF line ends; the trailing line end makes no row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endField();
    else if (c === "\r" && text[i + 1] === "\n") {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A column's cells by its header name. */
export function column(rows: string[][], name: string): string[] {
  const index = rows[0]!.indexOf(name);
  if (index < 0) throw new Error(`no column ${name} in ${rows[0]!.join(",")}`);
  return rows.slice(1).map((row) => row[index]!);
}

/**
 * CSV text (RFC 4180): fields with a comma, a quote or a line break are quoted, quotes
 * doubled, lines end with CRLF. A text field starting with `=`, `+`, `-`, `@` (or a tab or
 * carriage return) gets a leading `'`, so a spreadsheet opening the file shows it as text
 * instead of running it as a formula (OWASP "CSV injection"). Numbers are written as they are.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

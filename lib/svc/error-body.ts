/**
 * The service's own words from an error answer, whatever shape it chose. The interface leaves
 * the error body open ("not shown"), so the common shapes of HTTP APIs are all read:
 *
 * - `{error: {code, message, details?}}` (the reference service's),
 * - `{error: "…"}`, with `error_description` beside it when `error` is a code (OAuth),
 * - `{message: "…", code?}` (a list of messages too),
 * - `{detail: "…"}`, and FastAPI's `{detail: [{loc, msg}]}`,
 * - `{errors: [...]}` of strings or of objects with message, detail or title,
 * - `{title, detail}` (RFC 9457 problem details),
 * - a short plain-text body.
 *
 * No zod: this runs in the shell on every failed request.
 */

export interface ErrorReading {
  /** A machine-readable code the service gave, or null when it gave none. */
  code: string | null;
  /** The service's sentence, or null when the body holds none worth showing. */
  message: string | null;
  details?: Record<string, unknown>;
}

/** Longer than this, a text is a page or a dump, not a sentence for a banner. */
const MAX_SENTENCE = 500;
/** A code is one word: `rate_limited`, `E_NOT_FOUND`, `not-found`. */
const CODE = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function sentence(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(/\s+/g, " ").trim();
  if (text === "" || text.length > MAX_SENTENCE || looksLikeHtml(text)) return null;
  return text;
}

function looksLikeHtml(text: string): boolean {
  return /^\s*</.test(text) || /<\/?(html|body|head|title|div|p|h1)\b/i.test(text);
}

const codeOf = (value: unknown) => (typeof value === "string" && CODE.test(value) ? value : null);

/** Several sentences as one: each ends with its stop, duplicates said once. */
function joined(parts: string[]): string | null {
  const unique = [...new Set(parts)];
  if (unique.length === 0) return null;
  const text = unique.map((p) => (/[.!?…]$/.test(p) ? p : `${p}.`)).join(" ");
  return text.length > MAX_SENTENCE ? `${text.slice(0, MAX_SENTENCE - 1).trimEnd()}…` : text;
}

/** FastAPI's `loc` starts with where the value was (`body`, `query`…); the field follows. */
function fieldOf(entry: Obj): string | null {
  if (typeof entry.field === "string" && entry.field !== "") return entry.field;
  if (Array.isArray(entry.loc)) {
    const path = entry.loc.map(String);
    if (["body", "query", "path", "header"].includes(path[0] ?? "")) path.shift();
    return path.length > 0 ? path.join(".") : null;
  }
  return null;
}

/** One entry of a list of errors: a string, or an object saying it in one of the usual keys. */
function entryOf(entry: unknown): { field: string | null; message: string } | null {
  const direct = sentence(entry);
  if (direct) return { field: null, message: direct };
  if (!isObj(entry)) return null;
  const message =
    sentence(entry.message) ?? sentence(entry.msg) ?? sentence(entry.detail) ?? sentence(entry.title);
  return message ? { field: fieldOf(entry), message } : null;
}

/** A list of errors as one sentence, and as `details.fields` where entries name their field. */
function fromList(list: unknown[]): Pick<ErrorReading, "message" | "details"> | null {
  const entries = list.map(entryOf).filter((e) => e !== null);
  if (entries.length === 0) return null;
  const message = joined(entries.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)));
  const fields = entries.filter((e) => e.field !== null);
  return fields.length > 0 ? { message, details: { fields } } : { message };
}

function fromObject(body: Obj): ErrorReading {
  const nested = body.error;
  if (isObj(nested)) {
    return {
      code: codeOf(nested.code),
      message:
        sentence(nested.message) ??
        sentence(nested.detail) ??
        sentence(nested.title) ??
        sentence(nested.description),
      ...(isObj(nested.details) ? { details: nested.details } : {}),
    };
  }

  const code = codeOf(body.code) ?? codeOf(body.error_code);
  const listed = (Array.isArray(body.message) && fromList(body.message)) ||
    (Array.isArray(body.detail) && fromList(body.detail)) ||
    (Array.isArray(body.errors) && fromList(body.errors)) || { message: null };
  const message =
    sentence(body.message) ??
    sentence(body.error_description) ??
    sentence(body.detail) ??
    listed.message ??
    sentence(body.title);
  const reading: ErrorReading = {
    code,
    message,
    ...(listed.details ? { details: listed.details } : {}),
  };
  if (typeof body.error === "string") {
    // Beside a sentence, or when it is one word, `error` is a code (OAuth) or the reason
    // phrase ("Not Found"); alone and worded, it is the sentence.
    if (reading.message === null && !CODE.test(body.error)) reading.message = sentence(body.error);
    else reading.code ??= codeOf(body.error);
  }
  return reading;
}

/**
 * Reads an error answer's body. `contentType` only tells an HTML page from plain text; a
 * body that parses as JSON is read as JSON whatever it is labelled.
 */
export function readErrorBody(text: string, contentType: string | null = null): ErrorReading {
  const none: ErrorReading = { code: null, message: null };
  const trimmed = text.trim();
  if (trimmed === "") return none;
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    if (/html/i.test(contentType ?? "")) return none;
    return { code: null, message: sentence(trimmed) };
  }
  if (isObj(json)) return fromObject(json);
  if (Array.isArray(json)) return { code: null, ...(fromList(json) ?? { message: null }) };
  return { code: null, message: sentence(json) };
}

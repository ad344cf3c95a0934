/**
 * What test-support/drift-proxy.ts does to the reference service's answers: each class of
 * difference the interface allows a real service, as a pure function of one answer. The
 * choices are deterministic (by listing id, by position), so a test can compute which rows
 * changed and look for them on the page.
 */

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every object in an answer, parents before children. */
function eachObject(value: unknown, visit: (obj: Obj) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) eachObject(item, visit);
  } else if (isObj(value)) {
    visit(value);
    for (const child of Object.values(value)) eachObject(child, visit);
  }
}

const numericId = (obj: Obj): number | null => {
  const id = obj.svc_id ?? obj.listing_id;
  return typeof id === "string" && /^\d+$/.test(id) ? Number(id) : null;
};

/** Listings (by svc id) the service says are on a channel we do not know, "expedia". */
export const onUnknownChannel = (svcId: string) => Number(svcId) % 5 === 2;
/** Listings (by svc id) the caller reaches at a level we do not know, "co_host". */
export const atUnknownLevel = (svcId: string) => Number(svcId) % 5 === 4;
/** Members of a set moved into a status group we do not know: the last two active ones. */
export const PENDING_MEMBERS = 2;

export const UNKNOWN = {
  channel: "expedia",
  accessLevel: "co_host",
  memberStatus: "pending",
  reservationStatus: "Confirmed",
  subscriptionStatus: "paused",
  deliveryStatus: { succeeded: "delivered", failed: "abandoned", pending: "scheduled" } as Record<
    string,
    string
  >,
  usageMethod: "PATCH",
  pricingTier: "enterprise",
  teamStatus: "suspended",
} as const;

/** `unknown-enums`: a value outside every open set we know, wherever the dashboard reads one. */
export function unknownEnums(path: string, json: unknown): unknown {
  eachObject(json, (obj) => {
    const id = numericId(obj);
    if (typeof obj.channel === "string" && id !== null && onUnknownChannel(String(id))) {
      obj.channel = UNKNOWN.channel;
    }
    if (typeof obj.access_level === "string" && id !== null && atUnknownLevel(String(id))) {
      obj.access_level = UNKNOWN.accessLevel;
    }
    if (typeof obj.reservation_id === "string" && obj.status === "Accepted") {
      obj.status = UNKNOWN.reservationStatus;
    }
  });
  if (/^\/sets\/[^/]+\/listings$/.test(path) && isObj(json) && Array.isArray(json.active)) {
    const moved = json.active.splice(Math.max(0, json.active.length - PENDING_MEMBERS));
    for (const member of moved) if (isObj(member)) member.status = UNKNOWN.memberStatus;
    json[UNKNOWN.memberStatus] = moved;
  }
  if (/^\/webhooks(\/[^/]+)?$/.test(path)) {
    eachObject(json, (obj) => {
      if (obj.status === "enabled") obj.status = UNKNOWN.subscriptionStatus;
    });
  }
  if (/^\/webhooks\/[^/]+\/deliveries$/.test(path)) {
    eachObject(json, (obj) => {
      if (typeof obj.status === "string") obj.status = UNKNOWN.deliveryStatus[obj.status] ?? obj.status;
    });
  }
  if (path === "/usage" && isObj(json) && Array.isArray(json.by_endpoint)) {
    const row = json.by_endpoint.find((r) => isObj(r) && r.method !== "GET");
    if (isObj(row)) row.method = UNKNOWN.usageMethod;
  }
  if (/^\/listings\/[^/]+\/pricing_tier$/.test(path) && isObj(json)) json.name = UNKNOWN.pricingTier;
  if (path === "/teams/members" && Array.isArray(json) && isObj(json[0])) {
    json[0].status = UNKNOWN.teamStatus;
  }
  return json;
}

/** `extra-fields`: a field of ours at every level of every object. */
export const EXTRA_FIELD = "x_new";
export function extraFields(json: unknown): unknown {
  eachObject(json, (obj) => {
    obj[EXTRA_FIELD] = 1;
  });
  return json;
}

/**
 * `missing-optional`: fields the interface gives as nullable, left out altogether. Only
 * fields whose absence can only mean "unknown": a listing's owner name, bathrooms and guest
 * count, and a reservation's guests, amounts, comments and source.
 */
export const LEFT_OUT = {
  listing: ["owner_name", "bathrooms", "max_guests"],
  reservation: [
    "guests",
    "nightly_subtotal",
    "fees",
    "taxes",
    "payout",
    "total_price",
    "comments",
    "source_name",
  ],
} as const;
export function missingOptional(json: unknown): unknown {
  eachObject(json, (obj) => {
    const fields =
      typeof obj.svc_id === "string" && "owner_user" in obj
        ? LEFT_OUT.listing
        : typeof obj.reservation_id === "string"
          ? LEFT_OUT.reservation
          : [];
    for (const field of fields) delete obj[field];
  });
  return json;
}

/** `numeric-strings`: every number of the answer as a numeric string ("171", "2.5"). */
export function numericStrings(json: unknown): unknown {
  if (typeof json === "number") return String(json);
  if (Array.isArray(json)) return json.map(numericStrings);
  if (isObj(json)) {
    for (const [key, value] of Object.entries(json)) json[key] = numericStrings(value);
  }
  return json;
}
/** The paths whose answers `numeric-strings` rewrites: listings, their KPIs and records. */
export const NUMERIC_STRING_PATHS = /^\/listings(\/|$|\?)/;

/** The service's own sentence from an error body in the reference shape, or its text. */
function messageOf(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof json.error?.message === "string") return json.error.message;
  } catch {
    // Not JSON: the text is the message.
  }
  return body.trim();
}

/** `error-detail` / `error-text`: a 4xx body as `{"detail": "…"}` or as the sentence alone. */
export function errorShape(shape: "detail" | "text", body: string): { body: string; contentType: string } {
  const message = messageOf(body);
  return shape === "detail"
    ? { body: JSON.stringify({ detail: message }), contentType: "application/json" }
    : { body: message, contentType: "text/plain; charset=utf-8" };
}

/** The largest page `small-pages` answers, whatever `per_page` asks. */
export const SMALL_PAGE = 20;

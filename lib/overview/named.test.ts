import { describe, expect, it } from "vitest";
import { lookupsNeeded, namedListingIds } from "@/lib/overview/named";

const NOW = Date.parse("2026-11-25T08:00:00Z");

describe("listings the Overview names and reads one by one", () => {
  it("undismissed notifications and recent flags events name listings, the newest events first, once each", () => {
    const ids = namedListingIds(
      [
        { listing_id: "n1", dismissed_at: null },
        { listing_id: "gone", dismissed_at: "2026-11-24T00:00:00Z" },
        { listing_id: null, dismissed_at: null },
      ],
      [
        { type: "flags.detected", listing_ids: ["old"], received_at: "2026-11-10T00:00:00Z" },
        { type: "flags.detected", listing_ids: ["e1", "n1"], received_at: "2026-11-23T00:00:00Z" },
        { type: "flags.detected", listing_ids: ["e2"], received_at: "2026-11-24T00:00:00Z" },
        { type: "reservations.created", listing_ids: ["r"], received_at: "2026-11-24T00:00:00Z" },
      ],
      NOW,
    );
    expect(ids).toEqual(["n1", "e2", "e1"]);
  });

  it("reads at most the bound, skipping the listings already known", () => {
    const ids = Array.from({ length: 20 }, (_, i) => String(i));
    expect(lookupsNeeded(ids, (id) => id === "0", 3)).toEqual(["1", "2", "3"]);
  });
});

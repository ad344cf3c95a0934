import { describe, expect, it } from "vitest";
import { rankListings } from "@/lib/listings/ranking";
import type { Listing } from "@/lib/svc/schemas/listings";
import { kpiCsvFilename, kpiCsvHeader, listingsCsv, portfolioCsv, rankingCsv } from "@/lib/listings/csv";

const listing = (svc_id: string, extra: Partial<Listing> = {}): Listing =>
  ({
    svc_id,
    id: `air-${svc_id}`,
    channel: "airbnb",
    name: `Loft ${svc_id}`,
    market_name: "Austin",
    bedrooms: 2,
    owner_user: { id: "usr_1", email: "olivia@harthomes.example", first_name: "Olivia", last_name: "Hart" },
    access_level: "owner",
    is_active: true,
    is_hidden: false,
    listing_preferences: { base_price: 180 },
    currency: "USD",
    pricing_enabled: true,
    tags: ["downtown", "pool"],
    ...extra,
  }) as unknown as Listing;

const lines = (csv: string) => csv.trimEnd().split("\r\n");

describe("listing CSVs", () => {
  it("the portfolio table keeps the rows' order and adds the KPI column it shows, named with window and currency", () => {
    const rows = [
      { ...listing("7"), kpi: { value: 212.5, currency: "USD" } },
      {
        ...listing("3", { currency: "EUR", name: "=cmd|' /C calc'!A0" }),
        kpi: { value: 190, currency: "EUR" },
      },
      { ...listing("5"), kpi: null },
    ];
    const [header, ...body] = lines(portfolioCsv(rows, { metric: "adr", window: "30_0", currency: null }));
    expect(header).toBe(
      "svc_id,channel,channel_listing_id,name,market,bedrooms,owner,access_level,active,hidden,base_price,currency,auto_posting,tags,adr (past 30 days),kpi_currency",
    );
    expect(body.map((line) => line.split(",")[0])).toEqual(["7", "3", "5"]);
    expect(body[0]).toMatch(/,yes,no,180,USD,on,downtown; pool,212.5,USD$/);
    // A listing name that looks like a formula is written as text, by the one CSV writer.
    expect(body[1]).toContain(",'=cmd|' /C calc'!A0,");
    expect(body[1]).toMatch(/,190,EUR$/);
    // No KPI answer for a listing: empty cells, never 0.
    expect(body[2]).toMatch(/,,$/);
  });

  it("before the KPI figures are read (the mirror's records hold none), the table's CSV has the listing columns only", () => {
    const [header, ...body] = lines(portfolioCsv([{ ...listing("4"), kpi: null }], null));
    expect(header).toBe(
      "svc_id,channel,channel_listing_id,name,market,bedrooms,owner,access_level,active,hidden,base_price,currency,auto_posting,tags",
    );
    expect(body[0]).toMatch(/^4,.*,downtown; pool$/);
  });

  it("a converted or non-money KPI says so in its header; a percentage has no currency", () => {
    expect(kpiCsvHeader({ metric: "revpar", window: "0_30", currency: "EUR" })).toBe(
      "revpar (next 30 days in EUR)",
    );
    const csv = portfolioCsv([{ ...listing("1"), kpi: { value: 64.2, currency: "USD" } }], {
      metric: "occupancy",
      window: "90_0",
      currency: null,
    });
    expect(lines(csv)[1]).toMatch(/,64.2,$/);
    expect(lines(csv)[0]).toContain("occupancy (past 90 days),kpi_currency");
  });

  it("the ranking file follows the ranking's order and leaves the rank empty for values not generated yet", () => {
    const listings = [listing("1"), listing("2"), listing("3")];
    const kpis = [
      { listing_id: "1", value: 50, currency: "USD" },
      { listing_id: "2", value: null, currency: "USD" },
      { listing_id: "3", value: 80, currency: "USD" },
    ];
    const csv = rankingCsv(rankListings(listings, kpis, "desc"), {
      metric: "revenue",
      window: "365_0",
      currency: "USD",
    });
    expect(lines(csv)).toEqual([
      "rank,svc_id,channel,channel_listing_id,name,market,revenue (past 365 days in USD),kpi_currency",
      "1,3,Airbnb,air-3,Loft 3,Austin,80,USD",
      "2,1,Airbnb,air-1,Loft 1,Austin,50,USD",
      ",2,Airbnb,air-2,Loft 2,Austin,,USD",
    ]);
  });

  it("an unknown channel is shown in words; an unknown access level is kept as it came", () => {
    const [, row] = lines(listingsCsv([listing("9", { channel: "expedia", access_level: "co_host" })]));
    const cells = row!.split(",");
    expect(cells[1]).toBe("Expedia");
    expect(cells).toContain("co_host");
  });

  it("a segment's listings use the same columns without a KPI", () => {
    expect(lines(listingsCsv([listing("9")]))[0]!.split(",")).toHaveLength(14);
  });

  it("file names say what was exported and when", () => {
    expect(kpiCsvFilename("listings", { metric: "adr", window: "30_0", currency: null }, "2026-11-25")).toBe(
      "listings-adr-30_0-2026-11-25.csv",
    );
    expect(kpiCsvFilename("ranking", { metric: "adr", window: "0_30", currency: "EUR" }, "2026-11-25")).toBe(
      "ranking-adr-0_30-EUR-2026-11-25.csv",
    );
  });
});

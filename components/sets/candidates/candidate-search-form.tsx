"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { formatDistance, fromKm, limitIn, toKm, type DistanceUnit } from "@/lib/display/distance";
import { useDistanceUnit } from "@/lib/display/preferences-store";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import { portfolioQuery } from "@/lib/listings/queries";
import {
  candidateSearchSchemaIn,
  emptySearchIn,
  toCandidatesQuery,
  type CandidateSearch,
  type CandidateSearchValues,
  type SearchMode,
} from "@/lib/sets/candidates";
import { CANDIDATE_RADIUS_KM_DEFAULT, CANDIDATE_RADIUS_KM_MAX } from "@/lib/svc/schemas/sets";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";
import { SegmentedControl } from "@/components/ui/segmented-control";

const BEDROOM_CHOICES = Array.from({ length: 11 }, (_, n) => n);

const modes: ReadonlyArray<{ value: SearchMode; label: string }> = [
  { value: "listing", label: "Near one of my listings" },
  { value: "point", label: "Near coordinates" },
];

const inputClass = "w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm";

/** The portfolio grouped by market, for the listing select. */
function byMarket(listings: Listing[]): Array<[string, Listing[]]> {
  const groups = new Map<string, Listing[]>();
  for (const l of listings) groups.set(l.market_name, [...(groups.get(l.market_name) ?? []), l]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** "within 5 km of “Mueller Rooftop Casita”, 2 bedrooms": what a result list covers. */
function describeSearch(
  values: CandidateSearchValues,
  search: CandidateSearch,
  listings: Listing[],
  unit: DistanceUnit,
): string {
  const place =
    values.mode === "listing"
      ? `“${listings.find((l) => l.svc_id === values.listingId)?.name ?? "your listing"}”`
      : `${search.latitude}, ${search.longitude}`;
  const bedrooms =
    search.bedrooms === undefined ? "" : `, ${search.bedrooms} bedroom${search.bedrooms === 1 ? "" : "s"}`;
  return `within ${formatDistance(search.radius_km ?? CANDIDATE_RADIUS_KM_DEFAULT, unit)} of ${place}${bedrooms}`;
}

/**
 * Where to look for comparison listings: near one of the caller's listings (by its svc id)
 * or near a point, with a radius (the service's default and cap) and an optional bedroom
 * count. Nothing is requested until Search: each search is a request.
 */
export function CandidateSearchForm({
  onSearch,
}: {
  onSearch: (search: CandidateSearch, description: string) => void;
}) {
  const id = useId();
  const portfolio = useQuery(portfolioQuery({}));
  const listings = useMemo(() => portfolio.data ?? [], [portfolio.data]);
  const unit = useDistanceUnit();
  const resolver = useMemo(() => zodFormResolver(candidateSearchSchemaIn(unit)), [unit]);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<CandidateSearchValues>({
    resolver,
    defaultValues: emptySearchIn(unit),
  });
  // The radius is typed in the reader's unit: when it changes, what was typed is converted,
  // not lost (5 km becomes 3.1 mi).
  const shownUnit = useRef(unit);
  useEffect(() => {
    if (shownUnit.current === unit) return;
    const typed = getValues("radiusKm").trim();
    if (typed !== "" && Number.isFinite(Number(typed))) {
      const km = toKm(Number(typed), shownUnit.current);
      setValue("radiusKm", String(Math.round(fromKm(km, unit) * 10) / 10));
    }
    shownUnit.current = unit;
  }, [unit, getValues, setValue]);
  const mode = useWatch({ control, name: "mode" });

  function switchMode(next: SearchMode) {
    // Coordinates start from the chosen listing's, a handy place to move from.
    const chosen = listings.find((l) => l.svc_id === getValues("listingId"));
    if (next === "point" && chosen && getValues("latitude") === "" && getValues("longitude") === "") {
      setValue("latitude", String(chosen.latitude));
      setValue("longitude", String(chosen.longitude));
    }
    setValue("mode", next);
  }

  const submit = handleSubmit((values) => {
    const search = toCandidatesQuery(values, unit);
    onSearch(search, describeSearch(values, search, listings, unit));
  });

  // The error lines here come with an error only, so a row without errors keeps its height.
  const fieldProps = (name: keyof CandidateSearchValues) => ({
    id: `${id}-${name}`,
    error: errors[name]?.message,
    invalid: Boolean(errors[name]),
    keepErrorLine: false,
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Search for comparison listings" className="space-y-4">
      <SegmentedControl label="Search" value={mode} options={modes} onValueChange={switchMode} />

      <div className="flex flex-wrap items-start gap-4">
        {mode === "listing" ? (
          <Field {...fieldProps("listingId")} label="Your listing" className="min-w-64 flex-1 space-y-1">
            {(control) => (
              <>
                <select
                  {...control}
                  disabled={portfolio.isPending || portfolio.isError}
                  className={`${inputClass} bg-white`}
                  {...register("listingId")}
                >
                  <option value="">
                    {portfolio.isPending ? "Loading your listings…" : "Choose a listing"}
                  </option>
                  {byMarket(listings).map(([market, group]) => (
                    <optgroup key={market} label={market}>
                      {group.map((l) => (
                        <option key={l.svc_id} value={l.svc_id}>
                          {l.name} ({labelOf(channelLabels, l.channel)} #{l.id}
                          {l.bedrooms !== null ? `, ${l.bedrooms} BR` : ""}){l.is_hidden ? " · hidden" : ""}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                {portfolio.isError ? (
                  <p role="alert" className="text-sm text-red-700">
                    We couldn&apos;t load your listings. {describeError(portfolio.error)}{" "}
                    <button type="button" className="underline" onClick={() => portfolio.refetch()}>
                      Try again
                    </button>{" "}
                    or search near coordinates.
                  </p>
                ) : null}
              </>
            )}
          </Field>
        ) : (
          <>
            <Field {...fieldProps("latitude")} label="Latitude" className="w-40 space-y-1">
              <input
                inputMode="decimal"
                autoComplete="off"
                placeholder="30.2672"
                className={inputClass}
                {...register("latitude")}
              />
            </Field>
            <Field {...fieldProps("longitude")} label="Longitude" className="w-40 space-y-1">
              <input
                inputMode="decimal"
                autoComplete="off"
                placeholder="-97.7431"
                className={inputClass}
                {...register("longitude")}
              />
            </Field>
          </>
        )}
        <Field
          {...fieldProps("radiusKm")}
          label={`Radius (${unit})`}
          hint={`Default ${limitIn(CANDIDATE_RADIUS_KM_DEFAULT, unit)}, at most ${limitIn(CANDIDATE_RADIUS_KM_MAX, unit)}.`}
          className="w-36 space-y-1"
        >
          <input
            type="number"
            min={0.1}
            max={limitIn(CANDIDATE_RADIUS_KM_MAX, unit)}
            step="any"
            className={inputClass}
            {...register("radiusKm")}
          />
        </Field>
        <Field {...fieldProps("bedrooms")} label="Bedrooms" className="w-36 space-y-1">
          <select className={`${inputClass} bg-white`} {...register("bedrooms")}>
            <option value="">Any</option>
            {BEDROOM_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {n === 0 ? "Studio (0)" : n}
              </option>
            ))}
          </select>
        </Field>
        <div className="self-end pb-5">
          <Button type="submit">Search</Button>
        </div>
      </div>
    </form>
  );
}

"use client";

import { useId, type ReactNode } from "react";
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { isKnown, labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import type { FilterKey } from "@/lib/segments/filter";
import type { SegmentFormValues } from "@/lib/segments/form";
import { channels as CHANNELS } from "@/lib/svc/schemas/common";
import { PRICING_TIERS } from "@/lib/svc/schemas/vocabulary";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Field, FieldError, joinIds } from "@/components/ui/field";
import { ChoiceList, type Choice } from "@/components/segments/form/choice-list";

const inputClass = "w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm disabled:bg-slate-100";

/** The markets to offer: those of my listings with how many sit in each, and any the filter names besides. */
function marketChoices(listings: readonly Listing[], selected: readonly string[]): Choice<string>[] {
  const counts = new Map<string, { name: string; count: number }>();
  for (const l of listings) {
    const entry = counts.get(l.market_id) ?? { name: l.market_name, count: 0 };
    entry.count += 1;
    counts.set(l.market_id, entry);
  }
  const mine = [...counts]
    .sort(([, a], [, b]) => a.name.localeCompare(b.name))
    .map(([value, { name, count }]) => ({
      value,
      label: name,
      hint: `${count} of your listing${count === 1 ? "" : "s"}`,
    }));
  const others = selected
    .filter((id) => !counts.has(id))
    .map((id) => ({ value: id, label: id, hint: "none of your listings" }));
  return [...mine, ...others];
}

/**
 * A field's error, and the note saying its value is kept as written (edit it as JSON): both in
 * its error line, so the one line says everything wrong with the field.
 */
function NoteWords({ error, locked }: { error?: string; locked: boolean }) {
  return (
    <>
      {locked ? (
        <span className="block text-amber-900">
          Its current value is one the builder cannot show; it is kept as written. Edit it in the JSON view.
        </span>
      ) : null}
      {error ? <span className="block text-red-700">{error}</span> : null}
    </>
  );
}

/** The note line of a group drawn by `ChoiceList`, which names it in its own `aria-describedby`. */
function FieldNote({ id, error, locked }: { id: string; error?: string; locked: boolean }) {
  return (
    <FieldError id={id} className="text-sm">
      <NoteWords error={error} locked={locked} />
    </FieldError>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="space-y-1 border-t border-slate-100 pt-3 first:border-0 first:pt-0">{children}</div>;
}

/**
 * The builder: one input per key the reference service evaluates. An empty input leaves its
 * condition out; every condition set must hold for a listing to match.
 */
export function FilterBuilder({
  control,
  register,
  errors,
  listings,
  keptKeys,
}: {
  control: Control<SegmentFormValues>;
  register: UseFormRegister<SegmentFormValues>;
  errors: FieldErrors<SegmentFormValues>["builder"];
  /** My listings (the portfolio), for the market choices and the tags I use. */
  listings: readonly Listing[];
  keptKeys: readonly string[];
}) {
  const id = useId();
  const selectedMarkets = useWatch({ control, name: "builder.marketIds" });
  const locked = (key: FilterKey) => keptKeys.includes(key);
  const myTags = [...new Set(listings.flatMap((l) => l.tags))].sort((a, b) => a.localeCompare(b));
  const noteId = (field: string) => `${id}-${field}-note`;

  return (
    <div className="space-y-3">
      <Row>
        <Controller
          control={control}
          name="builder.marketIds"
          render={({ field }) => (
            <ChoiceList
              legend="Markets"
              options={marketChoices(listings, selectedMarkets)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={locked("market_ids")}
              describedBy={noteId("markets")}
            />
          )}
        />
        <FieldNote id={noteId("markets")} error={errors?.marketIds?.message} locked={locked("market_ids")} />
      </Row>

      <Row>
        <Controller
          control={control}
          name="builder.channels"
          render={({ field }) => (
            <ChoiceList
              legend="Channels"
              // A channel the segment already holds that we do not know stays offered, in words.
              options={[...CHANNELS, ...field.value.filter((c) => !isKnown(channelLabels, c))].map((c) => ({
                value: c,
                label: labelOf(channelLabels, c),
              }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={locked("channels")}
              describedBy={noteId("channels")}
            />
          )}
        />
        <FieldNote id={noteId("channels")} error={errors?.channels?.message} locked={locked("channels")} />
      </Row>

      <Row>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Bedrooms</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ["bedroomsMin", "bedrooms_min", "At least"],
                ["bedroomsMax", "bedrooms_max", "At most"],
              ] as const
            ).map(([field, key, label]) => (
              <Field
                key={field}
                id={`${id}-${field}`}
                label={label}
                error={<NoteWords error={errors?.[field]?.message} locked={locked(key)} />}
                invalid={Boolean(errors?.[field])}
                className="w-36 space-y-1"
                labelClassName="block text-xs text-slate-700"
                errorClassName="text-sm"
              >
                <input
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={locked(key)}
                  className={inputClass}
                  {...register(`builder.${field}`)}
                />
              </Field>
            ))}
          </div>
          <p className="text-xs text-slate-600">
            Whole numbers from 0 (studios) to 50. A listing without a bedroom count never matches a range.
          </p>
        </fieldset>
      </Row>

      <Row>
        {(
          [
            ["tagsAny", "tags_any", "Tagged with any of"],
            ["tagsAll", "tags_all", "Tagged with all of"],
          ] as const
        ).map(([field, key, label]) => (
          <Field
            key={field}
            id={`${id}-${field}`}
            label={label}
            error={<NoteWords error={errors?.[field]?.message} locked={locked(key)} />}
            invalid={Boolean(errors?.[field])}
            errorClassName="text-sm"
          >
            {(control) => (
              <input
                {...control}
                // The hint under both tag fields comes first: it says how to type them.
                aria-describedby={joinIds([`${id}-tags-hint`, control["aria-describedby"]])}
                autoComplete="off"
                disabled={locked(key)}
                placeholder="e.g. pool, beach"
                className={inputClass}
                {...register(`builder.${field}`)}
              />
            )}
          </Field>
        ))}
        <p id={`${id}-tags-hint`} className="text-xs text-slate-600">
          Separate tags with commas; tags match exactly.
          {myTags.length > 0 ? ` Your listings use: ${myTags.join(", ")}.` : ""}
        </p>
      </Row>

      <Row>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ["active", "is_active", "Status", ["Any", "Active only", "Inactive only"]],
              ["hidden", "is_hidden", "Hidden in the service's app", ["Either", "Hidden only", "Not hidden"]],
            ] as const
          ).map(([field, key, label, words]) => (
            <Field
              key={field}
              id={`${id}-${field}`}
              label={label}
              error={<NoteWords error={errors?.[field]?.message} locked={locked(key)} />}
              invalid={Boolean(errors?.[field])}
              className="w-56 space-y-1"
              errorClassName="text-sm"
            >
              <select disabled={locked(key)} className={inputClass} {...register(`builder.${field}`)}>
                <option value="any">{words[0]}</option>
                <option value="yes">{words[1]}</option>
                <option value="no">{words[2]}</option>
              </select>
            </Field>
          ))}
        </div>
      </Row>

      <Row>
        <Controller
          control={control}
          name="builder.pricingTiers"
          render={({ field }) => (
            <ChoiceList
              legend="Pricing tiers"
              options={PRICING_TIERS.map((t) => ({ value: t, label: t }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={locked("pricing_tiers")}
              describedBy={noteId("tiers")}
            />
          )}
        />
        <FieldNote
          id={noteId("tiers")}
          error={errors?.pricingTiers?.message}
          locked={locked("pricing_tiers")}
        />
      </Row>

      <Row>
        <Field
          id={`${id}-name`}
          label="Listing name contains"
          hint="Any part of the name, upper or lower case alike."
          error={<NoteWords error={errors?.nameContains?.message} locked={locked("name_contains")} />}
          invalid={Boolean(errors?.nameContains)}
          errorClassName="text-sm"
        >
          <input
            autoComplete="off"
            disabled={locked("name_contains")}
            className={inputClass}
            {...register("builder.nameContains")}
          />
        </Field>
      </Row>
    </div>
  );
}

"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { Choice, ListingSearch as Search, SearchChoices } from "@/lib/listings/search";

/** Typing settles for this long before the URL (and the rows) follow. */
export const SEARCH_DEBOUNCE_MS = 250;

const selectClass = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

function Picker({
  label,
  all,
  value,
  choices,
  onChange,
}: {
  label: string;
  all: string;
  value: string | null;
  choices: readonly Choice[];
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || null)}
        className={selectClass}
      >
        <option value="">{all}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Search by name or id, and filters by market, bedrooms, channel and tag, over the listings
 * already read: no keystroke asks the service anything. The text reaches the URL once typing
 * settles; the pickers at once.
 */
export function ListingSearch({
  search,
  choices,
  onChange,
  scope,
}: {
  search: Search;
  choices: SearchChoices;
  onChange: (next: Partial<Search>) => void;
  /** What the search covers, when it is not the whole portfolio (the pages read so far). */
  scope?: string | null;
}) {
  const id = useId();
  const [text, setText] = useState(search.q);
  // The URL changed under the field (Back, a shared link, Clear): the field follows it.
  const sent = useRef(search.q);
  useEffect(() => {
    if (search.q !== sent.current) {
      sent.current = search.q;
      setText(search.q);
    }
  }, [search.q]);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onChangeRef.current({ q: text });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div
      role="search"
      aria-label="Find listings"
      className="space-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3"
    >
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <div className="flex min-w-56 flex-1 items-center gap-2">
          <label htmlFor={id} className="text-sm text-slate-700">
            Search
          </label>
          <input
            id={id}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Name or listing id"
            className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
          />
        </div>
        <Picker
          label="Market"
          all="All markets"
          value={search.market}
          choices={choices.markets}
          onChange={(market) => onChange({ market })}
        />
        <Picker
          label="Bedrooms"
          all="Any"
          value={search.bedrooms}
          choices={choices.bedrooms}
          onChange={(bedrooms) => onChange({ bedrooms })}
        />
        <Picker
          label="Channel"
          all="All channels"
          value={search.channel}
          choices={choices.channels}
          onChange={(channel) => onChange({ channel })}
        />
        <Picker
          label="Tag"
          all="Any tag"
          value={search.tag}
          choices={choices.tags}
          onChange={(tag) => onChange({ tag })}
        />
      </div>
      <p className="text-xs text-slate-600">
        {scope ??
          "Searches the listings already read, in this browser. No filter by pricing tier: the listing record does not carry it (the service answers it one listing at a time)."}
      </p>
    </div>
  );
}

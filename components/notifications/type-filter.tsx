"use client";

import { useQuery } from "@tanstack/react-query";
import { typeChoices } from "@/lib/notifications/filter";
import { notificationSettingsQuery } from "@/lib/notifications/queries";
import { LabelledSelect } from "@/components/ui/labelled-select";

const ALL = "";
/** The events the service offers change with its releases, not while a page is open. */
const OFFERED_STALE_MS = 10 * 60_000;

/** Which type of notification the page lists: every event the service offers, in words. */
export function TypeFilter({
  value,
  seen,
  onChange,
}: {
  value: string | null;
  /** Types of the notifications read, in case the service's list lacks one. */
  seen: readonly string[];
  onChange: (type: string | null) => void;
}) {
  // The settings list every event the service offers: the Settings tab's own read, shared. If
  // it fails, the filter offers the events this page has words for and those it has read.
  const offered = useQuery({ ...notificationSettingsQuery(), staleTime: OFFERED_STALE_MS, retry: false });
  const choices = typeChoices(offered.data?.map((s) => s.event) ?? null, seen, value);
  return (
    <LabelledSelect
      label="Type"
      value={value ?? ALL}
      options={[{ value: ALL, label: "All types" }, ...choices]}
      onChange={(next) => onChange(next === ALL ? null : next)}
    />
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import type { Permission } from "@/lib/access/permission";
import { portfolioQuery } from "@/lib/listings/queries";
import { associateListings } from "@/lib/sets/members-queries";
import { associatePermission } from "@/lib/sets/access";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { useSay } from "@/components/ui/action-status";
import { AccessBadge } from "@/components/ui/access-badge";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { SortableTable } from "@/components/ui/sortable-table";
import { associatedError } from "@/components/sets/page/associated-error";
import { GuardedButton } from "@/components/ui/guarded-button";

const column = createColumnHelper<Listing>();

type Availability = { pickable: true; rank: 0 } | { pickable: false; rank: 1 | 2; why: string };

/** Pickable first (rank 0), then already associated (1), then refused with the reason (2). */
function availability(listing: Listing, associatedIds: ReadonlySet<string>): Availability {
  if (associatedIds.has(listing.svc_id)) {
    return { pickable: false, rank: 1, why: "Already associated with this set." };
  }
  const permission = associatePermission(listing.access_level);
  return permission.allowed
    ? { pickable: true, rank: 0 }
    : { pickable: false, rank: 2, why: permission.reason };
}

function columns(
  associatedIds: ReadonlySet<string>,
  picked: ReadonlySet<string>,
  toggle: (id: string, on: boolean) => void,
) {
  return [
    column.display({
      id: "select",
      header: () => <span className="sr-only">Pick</span>,
      cell: ({ row }) => {
        const open = availability(row.original, associatedIds);
        return (
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            aria-label={`Pick ${row.original.name} (${labelOf(channelLabels, row.original.channel)} #${row.original.id})`}
            aria-describedby={open.pickable ? undefined : `why-${row.original.svc_id}`}
            disabled={!open.pickable}
            checked={picked.has(row.original.svc_id) || associatedIds.has(row.original.svc_id)}
            onChange={(event) => toggle(row.original.svc_id, event.target.checked)}
          />
        );
      },
    }),
    column.accessor("name", {
      header: "Listing",
      cell: ({ row }) => (
        <div className="min-w-52">
          <p className="font-medium text-slate-900">
            {row.original.name} {row.original.is_hidden ? <Badge tone="amber">Hidden</Badge> : null}
          </p>
          <p className="text-xs text-slate-600">
            {labelOf(channelLabels, row.original.channel)} #{row.original.id}
          </p>
        </div>
      ),
    }),
    column.accessor("market_name", { header: "Market" }),
    column.accessor("access_level", {
      header: "Your access",
      cell: ({ getValue }) => <AccessBadge level={getValue()} />,
    }),
    column.display({
      id: "note",
      header: "Can it be added?",
      cell: ({ row }) => {
        const open = availability(row.original, associatedIds);
        return open.pickable ? (
          <span className="text-xs text-slate-600">Yes</span>
        ) : (
          <span id={`why-${row.original.svc_id}`} className="block max-w-xs text-xs text-slate-700">
            {open.why}
          </span>
        );
      },
    }),
  ];
}

/** The portfolio to pick from: read when the dialog opens, not before (requests are budgeted). */
function Picker({ set, associated, onDone }: { set: SetRecord; associated: Listing[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const say = useSay();
  const portfolio = useQuery(portfolioQuery({}));
  const [filter, setFilter] = useState("");
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const associatedIds = new Set(associated.map((l) => l.svc_id));
  const save = useMutation({
    mutationFn: (ids: string[]) => associateListings(queryClient, set.id, ids),
    onSuccess: (_listings, ids) => {
      say(
        ids.length === 1
          ? `1 listing is now associated with ${set.name}.`
          : `${ids.length} listings are now associated with ${set.name}.`,
      );
      onDone();
    },
    // The picks stay as they were; the reason goes above them.
    onError: (error) => setProblem(associatedError(error)),
  });

  if (portfolio.isPending) return <ListingsTableSkeleton rows={5} />;
  if (portfolio.isError) {
    return <ErrorPanel error={portfolio.error} onRetry={() => portfolio.refetch()} what="your listings" />;
  }
  const needle = filter.trim().toLowerCase();
  const matching = needle
    ? portfolio.data.filter((l) => l.name.toLowerCase().includes(needle))
    : portfolio.data;
  // What can be picked comes first; the rest follows with the reason it cannot be.
  const shown = [...matching].sort(
    (a, b) => availability(a, associatedIds).rank - availability(b, associatedIds).rank,
  );
  const chosen = [...picked].filter((id) => !associatedIds.has(id));
  const toggle = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="space-y-3">
      <label className="block text-sm font-medium">
        Filter by name
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="mt-1 block w-full max-w-sm rounded-md border border-slate-300 px-3 py-1.5 text-sm font-normal"
        />
      </label>
      {problem ? (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200"
        >
          {problem}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">
          {portfolio.data.length === 0
            ? "You have no listings to associate."
            : "No listing matches this name."}
        </p>
      ) : (
        <div className="rounded-lg border border-slate-200">
          <SortableTable
            data={shown}
            columns={columns(associatedIds, picked, toggle)}
            caption="Your listings"
            getRowId={(l) => l.svc_id}
          />
        </div>
      )}
      <div className="flex items-center justify-end gap-3">
        <span className="text-sm text-slate-600" aria-live="polite">
          {chosen.length} picked
        </span>
        <Button disabled={chosen.length === 0 || save.isPending} onClick={() => save.mutate(chosen)}>
          {save.isPending
            ? "Associating…"
            : chosen.length === 1
              ? "Associate 1 listing"
              : `Associate ${chosen.length} listings`}
        </Button>
      </div>
    </div>
  );
}

export function AddAssociatedDialog({
  set,
  permission,
  associated,
}: {
  set: SetRecord;
  permission: Permission;
  associated: Listing[] | undefined;
}) {
  const [open, setOpen] = useState(false);
  if (!permission.allowed) return <GuardedButton permission={permission}>Add my listings</GuardedButton>;
  return (
    <Dialog
      size="xl"
      keepOpenOnOutsideClick
      closeButton
      open={open}
      onOpenChange={setOpen}
      title={`Associate your listings with ${set.name}`}
      description="Pick listings you own or manage. A listing shared with you as a viewer or restricted editor cannot be added: the service needs manage access to it."
      trigger={<Button disabled={associated === undefined}>Add my listings</Button>}
    >
      {associated ? <Picker set={set} associated={associated} onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

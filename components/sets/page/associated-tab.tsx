"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "@/components/ui/link";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import type { Permission } from "@/lib/access/permission";
import { dissociateListings, setAssociatedQuery } from "@/lib/sets/members-queries";
import { setPermission } from "@/lib/sets/access";
import type { Listing } from "@/lib/svc/schemas/listings";
import { StatusLine, StatusScope, useSay } from "@/components/ui/action-status";
import { PermissionNote } from "@/components/ui/permission-note";
import { AccessBadge } from "@/components/ui/access-badge";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { Badge } from "@/components/ui/badge";
import { ErrorPanel } from "@/components/ui/error-panel";
import { SortableTable } from "@/components/ui/sortable-table";
import { AddAssociatedDialog } from "@/components/sets/page/add-associated-dialog";
import { associatedError } from "@/components/sets/page/associated-error";
import { GuardedButton } from "@/components/ui/guarded-button";
import type { SetTabProps } from "@/components/sets/page/tab-props";

const column = createColumnHelper<Listing>();

function RemoveAssociated({
  setId,
  listing,
  permission,
}: {
  setId: string;
  listing: Listing;
  permission: Permission;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const remove = useMutation({
    mutationFn: () => dissociateListings(queryClient, setId, [listing.svc_id]),
    onSuccess: () => say(`${listing.name} is no longer associated with this set.`),
    onError: (error) => say(associatedError(error), "error"),
  });
  return (
    <GuardedButton
      permission={permission}
      variant="secondary"
      className="px-2 py-1 text-xs text-red-700"
      aria-label={`Remove ${listing.name} from the associated listings`}
      disabled={remove.isPending}
      onClick={() => remove.mutate()}
    >
      {remove.isPending ? "Removing…" : "Remove"}
    </GuardedButton>
  );
}

function columns(setId: string, permission: Permission) {
  return [
    column.accessor("name", {
      header: "Listing",
      cell: ({ row }) => (
        <div className="min-w-52">
          <Link
            href={`/listings/${row.original.svc_id}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {row.original.name}
          </Link>
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
    column.accessor((l) => (l.is_hidden ? 1 : 0), {
      id: "hidden",
      header: "Visibility",
      cell: ({ row }) => (row.original.is_hidden ? <Badge tone="amber">Hidden</Badge> : "Shown"),
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <RemoveAssociated setId={setId} listing={row.original} permission={permission} />,
    }),
  ];
}

/**
 * My own listings associated with the set: the ones its comps are compared against. What an
 * add or a removal did is said above the table, over no row.
 */
export function AssociatedTab(props: SetTabProps) {
  return (
    <StatusScope>
      <Associated {...props} />
    </StatusScope>
  );
}

function Associated({ set, readOnly }: SetTabProps) {
  const associated = useQuery(setAssociatedQuery(set.id));
  const permission = setPermission(set.access, "editAssociated", readOnly);

  return (
    <div
      className="space-y-4"
      data-testid="associated"
      data-state={associated.isPending ? "loading" : associated.isError ? "error" : "ready"}
    >
      {!permission.allowed ? (
        <PermissionNote id="associated-access-note">{permission.reason}</PermissionNote>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Your own listings that this set&apos;s comparison listings are measured against. Only listings you
          can see are shown.
        </p>
        <AddAssociatedDialog set={set} permission={permission} associated={associated.data} />
      </div>
      <StatusLine />
      {associated.isPending ? (
        <ListingsTableSkeleton rows={3} />
      ) : associated.isError ? (
        <ErrorPanel
          error={associated.error}
          onRetry={() => associated.refetch()}
          what="the associated listings"
        />
      ) : associated.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium">No associated listings.</p>
          <p className="mt-1 text-sm text-slate-600">
            {permission.allowed
              ? "Add your listings to compare them with this set's members."
              : "None of your listings is associated with this set."}
          </p>
        </div>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white">
          <SortableTable
            data={associated.data}
            columns={columns(set.id, permission)}
            caption={`Listings associated with ${set.name}`}
            getRowId={(l) => l.svc_id}
          />
        </div>
      )}
    </div>
  );
}

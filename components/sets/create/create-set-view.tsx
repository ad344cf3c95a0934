"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { portfolioQuery } from "@/lib/listings/queries";
import { associateListings } from "@/lib/sets/members-queries";
import { createSet, setsPageQuery } from "@/lib/sets/queries";
import { searchedAround } from "@/lib/sets/reference-row";
import {
  createSetPermission,
  kindSuggestions,
  setDetailsSchema,
  toCreateSetBody,
  type SetDetails,
} from "@/lib/sets/list";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { CandidateListing, CreateSetBody, SetRecord } from "@/lib/svc/schemas/sets";
import { PermissionNote } from "@/components/ui/permission-note";
import { CandidatePicker } from "@/components/sets/candidates/candidate-picker";
import { AssociateChoice, CreatedUnassociated } from "@/components/sets/create/associate-choice";
import { SetDetailsFields } from "@/components/sets/create/set-details-fields";

/**
 * Build a set: name it, find comparison listings near a place, pick, create, then open the
 * new set. A refused create keeps the name, the kind and the selection as they were. When
 * the candidates were searched around one of my listings (the latest such search), it is
 * offered, checked, for association: PUT associated_listings right after POST /sets. If that
 * second call fails the set still exists: the page says so and links to where to finish.
 */
export function CreateSetView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [navigating, startNavigation] = useTransition();
  const permission = createSetPermission(keyKind);
  // The caller's own kinds as suggestions: the list's first page, usually already cached.
  const mine = useQuery({ ...setsPageQuery({}, 1), enabled: permission.allowed });
  const suggestions = useMemo(() => kindSuggestions((mine.data?.sets ?? []).map((s) => s.kind)), [mine.data]);
  const {
    register,
    trigger,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<SetDetails>({
    resolver: zodFormResolver(setDetailsSchema),
    defaultValues: { name: "", kind: "" },
  });
  const create = useMutation({ mutationFn: (body: CreateSetBody) => createSet(queryClient, body) });
  const associate = useMutation({
    mutationFn: ({ setId, svcId }: { setId: string; svcId: string }) =>
      associateListings(queryClient, setId, [svcId]),
  });
  // The listing of mine the latest "near my listing" search was made around, offered checked.
  const [aroundId, setAroundId] = useState<string | null>(null);
  const [associateIt, setAssociateIt] = useState(true);
  const portfolio = useQuery({ ...portfolioQuery({}), enabled: aroundId !== null });
  const around = aroundId ? (portfolio.data?.find((l) => l.svc_id === aroundId) ?? null) : null;
  const [unassociated, setUnassociated] = useState<{ set: SetRecord; svcId: string; name: string } | null>(
    null,
  );

  // What creating did is said by the toaster: the page it is read on is the new set's, where
  // a navigation leads, so no line of this page could hold it.
  function openSet(created: SetRecord) {
    startNavigation(() => router.push(`/sets/${encodeURIComponent(created.id)}`));
  }

  async function associateAfterCreate(created: SetRecord, svcId: string, name: string) {
    try {
      await associate.mutateAsync({ setId: created.id, svcId });
      toast.success(`${name} is associated with “${created.name}”.`);
      openSet(created);
    } catch {
      setUnassociated({ set: created, svcId, name });
    }
  }

  async function submit(picked: CandidateListing[]) {
    if (!(await trigger())) {
      setFocus("name");
      throw new Error("Fix the name and kind above, then create the set.");
    }
    const created = await create.mutateAsync(
      toCreateSetBody(
        getValues(),
        picked.map((p) => p.listing_id),
      ),
    );
    toast.success(
      `Set “${created.name}” created with ${created.member_count} listing${created.member_count === 1 ? "" : "s"}.`,
    );
    if (around && associateIt) await associateAfterCreate(created, around.svc_id, around.name);
    else openSet(created);
  }

  if (!permission.allowed) {
    return <PermissionNote id={`${id}-note`}>{permission.reason}</PermissionNote>;
  }
  if (unassociated) {
    return (
      <CreatedUnassociated
        set={unassociated.set}
        listingName={unassociated.name}
        error={associate.error}
        retrying={associate.isPending || navigating}
        onRetry={() => associateAfterCreate(unassociated.set, unassociated.svcId, unassociated.name)}
      />
    );
  }
  return (
    <div className="space-y-8">
      <section
        aria-labelledby={`${id}-details`}
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id={`${id}-details`} className="text-lg font-semibold">
          1. Name the set
        </h2>
        <SetDetailsFields register={register} errors={errors} suggestions={suggestions} />
      </section>
      <section aria-labelledby={`${id}-members`} className="space-y-3">
        <div>
          <h2 id={`${id}-members`} className="text-lg font-semibold">
            2. Pick comparison listings
          </h2>
          <p className="text-sm text-slate-600">
            Only eligible comparison candidates are offered. The ones you pick become the set&apos;s active
            members; you can add and remove members later.
          </p>
        </div>
        <CandidatePicker
          submitLabel="Create set"
          pending={create.isPending || associate.isPending || navigating}
          onSubmit={submit}
          onSearch={(search) => {
            const next = searchedAround(search);
            if (next === null) return;
            if (next !== aroundId) setAssociateIt(true);
            setAroundId(next);
          }}
          footer={
            around ? (
              <AssociateChoice listingName={around.name} checked={associateIt} onChange={setAssociateIt} />
            ) : null
          }
        />
      </section>
    </div>
  );
}

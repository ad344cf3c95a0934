"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useMemo, useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { createSet, setsPageQuery } from "@/lib/sets/queries";
import {
  createSetPermission,
  kindSuggestions,
  setDetailsSchema,
  toCreateSetBody,
  type SetDetails,
} from "@/lib/sets/list";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { CandidateListing, CreateSetBody } from "@/lib/svc/schemas/sets";
import { PermissionNote } from "../../api-keys/permission-note";
import { CandidatePicker } from "../candidates/candidate-picker";
import { SetDetailsFields } from "./set-details-fields";

/**
 * Build a set: name it, find comparison listings near a place, pick, create, then open the
 * new set. A refused create keeps the name, the kind and the selection as they were.
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
  } = useForm<SetDetails>({ resolver: zodResolver(setDetailsSchema), defaultValues: { name: "", kind: "" } });
  const create = useMutation({ mutationFn: (body: CreateSetBody) => createSet(queryClient, body) });

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
    startNavigation(() => router.push(`/sets/${encodeURIComponent(created.id)}`));
  }

  if (!permission.allowed) {
    return <PermissionNote id={`${id}-note`}>{permission.reason}</PermissionNote>;
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
          pending={create.isPending || navigating}
          onSubmit={submit}
        />
      </section>
    </div>
  );
}

"use client";

import { useSay } from "@/components/ui/action-status";
import { Link } from "@/components/ui/link";
import { zodFormResolver } from "@/lib/forms/resolver";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { Segment } from "@/lib/svc/schemas/segments";
import { assignedSegmentsBody, type AssignedSegmentsBody, type TeamMember } from "@/lib/svc/schemas/team";
import { asSentence, teamProblem } from "@/lib/team/errors";
import { personName, segmentNames } from "@/lib/team/levels";
import { assignSegments, refreshStale, teamWriteRetry } from "@/lib/team/queries";
import { Dialog } from "@/components/ui/dialog";
import { describeError } from "@/components/ui/error-panel";
import { FieldGroup } from "@/components/ui/field";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { FormActions } from "@/components/ui/form-actions";

export interface SegmentsDialogProps {
  member: TeamMember;
  segments: Segment[];
  onGone: (sentence: string) => void;
}

/**
 * Assign a member some of my segments: a checkbox list (Tab and Space), saved as one
 * replacement; leaving every box empty clears them. Ids the member holds that are no longer
 * among my segments are listed too, checked, so they can be cleared.
 * Fetched on the first move towards its button (team-actions.tsx); that click opens it.
 */
export default function SegmentsDialog({
  member,
  segments,
  onGone,
  trigger,
}: SegmentsDialogProps & LazyDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const name = personName(member);
  const assigned = member.assigned_segment_ids;
  const orphans = segmentNames(assigned, segments).filter((s) => !s.known);
  const choices = [
    ...segments.map((s) => ({
      id: s.id,
      name: s.name,
      hint: `${s.listing_count} listing${s.listing_count === 1 ? "" : "s"}${s.description ? ` · ${s.description}` : ""}`,
    })),
    ...orphans.map((s) => ({ id: s.id, name: s.name, hint: "Uncheck it to clear it." })),
  ];
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AssignedSegmentsBody>({
    resolver: zodFormResolver(assignedSegmentsBody),
    defaultValues: { segment_ids: assigned },
  });
  const save = useMutation({
    mutationFn: ({ segment_ids }: AssignedSegmentsBody) =>
      assignSegments(queryClient, member.user_id, segment_ids),
    retry: teamWriteRetry,
    onSuccess: (saved) => {
      setOpen(false);
      const n = saved.assigned_segment_ids.length;
      say(n === 0 ? `${name} has no segments now.` : `${name} has ${n} segment${n === 1 ? "" : "s"} now.`);
    },
    onError: (error) => {
      const problem = teamProblem(error, "segments");
      if (problem?.gone) {
        setOpen(false);
        onGone(problem.message);
        refreshStale(queryClient, problem);
        return;
      }
      refreshStale(queryClient, problem);
      setError("root", { message: problem?.message ?? describeError(error) });
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (save.isPending) return;
        if (next) reset({ segment_ids: assigned });
        setOpen(next);
      }}
      size="lg"
      keepOpenOnOutsideClick
      title={`Segments for ${name}`}
      description="Assigned segments say which of your listings this person looks after. Saving replaces their segments with the ones checked; leave every box empty to clear them."
      trigger={trigger}
    >
      <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))} className="space-y-4">
        {choices.length === 0 ? (
          <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            You have no segments yet. Segments are saved groups of your listings; create them under{" "}
            <Link href="/segments" className="text-brand-700 underline">
              Segments
            </Link>
            .
          </p>
        ) : (
          <Controller
            control={control}
            name="segment_ids"
            render={({ field }) => (
              <FieldGroup
                id={`${id}-segments`}
                legend="Your segments"
                error={errors.segment_ids?.message ? asSentence(errors.segment_ids.message) : undefined}
              >
                <ul className="space-y-1.5">
                  {choices.map((choice) => {
                    const checked = field.value.includes(choice.id);
                    return (
                      <li
                        key={choice.id}
                        className="flex items-start gap-2 rounded-md border border-slate-200 p-2.5"
                      >
                        <input
                          id={`${id}-${choice.id}`}
                          type="checkbox"
                          checked={checked}
                          aria-describedby={`${id}-${choice.id}-hint`}
                          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                          onBlur={field.onBlur}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, choice.id]
                                : field.value.filter((v) => v !== choice.id),
                            )
                          }
                        />
                        <div>
                          <label htmlFor={`${id}-${choice.id}`} className="text-sm font-medium">
                            {choice.name}
                          </label>
                          <p id={`${id}-${choice.id}-hint`} className="text-xs text-slate-600">
                            {choice.hint}
                          </p>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </FieldGroup>
            )}
          />
        )}
        <p role="alert" className="text-sm text-red-700">
          {errors.root?.message ?? ""}
        </p>
        <FormActions
          onCancel={() => setOpen(false)}
          pending={save.isPending}
          submitLabel="Save segments"
          pendingLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
